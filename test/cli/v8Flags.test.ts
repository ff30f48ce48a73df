// The CLI's V8 flags (cli/src/launch/v8Flags.ts): those the running V8 knows, and V8's young
// generation held at its first size until a command is about to read more than GROW_AFTER_BYTES of
// input; then the CLI asks V8 to grow it, once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cliV8Flags, GROW_AFTER_BYTES, YoungGenerationRule } from '../../cli/src/launch/v8Flags';

test('the young generation may grow once the input to read passes GROW_AFTER_BYTES; the flag is set once', () => {
  const set: string[] = [];
  const rule = new YoungGenerationRule(() => (f: string) => void set.push(f));
  rule.inputToRead(GROW_AFTER_BYTES / 2);
  rule.inputToRead(GROW_AFTER_BYTES / 2);
  assert.deepEqual(set, [], 'not past the limit yet');
  rule.inputToRead(1);
  assert.deepEqual(set, ['--semi-space-growth-factor=2']);
  rule.inputToRead(GROW_AFTER_BYTES);
  rule.letGrow();
  assert.equal(set.length, 1, 'once');
});

test("the CLI's flags are those the running V8 knows: the interrupt budget only for V8 11 (Node 20)", () => {
  assert.equal(cliV8Flags('11.3.244.8-node.33'), '--interrupt-budget=1048576 --semi-space-growth-factor=1');
  assert.equal(cliV8Flags('12.4.254.21-node.33'), '--semi-space-growth-factor=1');
  assert.equal(cliV8Flags('13.6.233.10-node.27'), '--semi-space-growth-factor=1');
});
