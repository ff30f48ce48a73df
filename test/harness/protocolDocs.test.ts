// docs/architecture.md documents every custom LSP message protocol/src/lspExtensions.ts declares.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(__dirname, '../../..');

test('every message in protocol/src/lspExtensions.ts is documented in docs/architecture.md', () => {
  const protocol = readFileSync(join(ROOT, 'protocol', 'src', 'lspExtensions.ts'), 'utf8');
  const docs = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const methods = [...protocol.matchAll(/new (?:RequestType0?|NotificationType0?)<[^;]*?>\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]!);
  assert.ok(methods.length >= 4, `found the messages: ${methods.join(', ')}`);
  const missing = methods.filter((m) => !docs.includes(`\`${m}\``));
  assert.deepEqual(missing, [], 'messages not documented in docs/architecture.md');
});
