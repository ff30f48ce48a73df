// The CLI holds V8's young generation at its first size until a command is about to read more than
// GROW_AFTER_BYTES of input (cli/src/launch/v8Flags.ts); then it asks V8 to grow it, once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GROW_AFTER_BYTES, YoungGenerationRule } from '../../cli/src/launch/v8Flags';

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
