// A large file opens with two publishes: the diagnostics of its first statements (up to a ';'
// within the first 32 KB), exactly as the whole file's analysis has them, then the whole file's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DidOpenTextDocumentNotification } from 'vscode-languageserver-protocol/node';
import { buildCorpus } from '../../bench/corpus';
import { SvcSqlDocument, leadingDiagnostics } from '../../core/src/index';
import { useLspClient } from './lspClient';

const client = useLspClient();

test('leadingDiagnostics: the first diagnostics of the whole analysis, and nothing else', () => {
  const text = buildCorpus(5000);
  const whole = new SvcSqlDocument(text).diagnostics();
  for (const chars of [4096, 32 * 1024, 100_000]) {
    const leading = leadingDiagnostics(text, chars);
    assert.ok(leading && leading.length > 0, `${chars}: some diagnostics`);
    assert.deepEqual(leading, whole.slice(0, leading.length), `${chars}`);
    const cutLine = text.slice(0, chars).split('\n').length - 1;
    assert.ok(
      leading.every((d) => d.range.end.line <= cutLine),
      `${chars}: within the cut`,
    );
  }
  assert.equal(leadingDiagnostics('SHOW FLOWS\nCREATE LAKE', 1000), undefined, 'no ; → nothing certain');
  // A ';' inside a comment or a string does not end a statement.
  const commented = "CREATE FLOW f SOURCE 's' /* ; */ LAKE = 'l'\n-- ;\nSHOW FLOWS";
  assert.equal(leadingDiagnostics(commented, 1000), undefined);
});

test('a large file: the first statements’ diagnostics first, then the whole file’s', async () => {
  const uri = 'file:///leading.svcsql';
  const text = buildCorpus(5000); // ~360 KB, above the 256 KB the server starts previewing at
  assert.ok(text.length > 256 * 1024);
  const first = client.nextDiagnostics(uri, 1, 120_000);
  await client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'svcsql', version: 1, text },
  });
  const leading = (await first).diagnostics;
  const whole = (await client.nextDiagnostics(uri, 1, 120_000)).diagnostics;
  assert.ok(leading.length > 0 && leading.length < whole.length, `${leading.length} then ${whole.length}`);
  assert.deepEqual(leading, whole.slice(0, leading.length));
  assert.equal(whole.length, new SvcSqlDocument(text).diagnostics().length);
});
