// The CLI's V8 flags (cli/src/launch/v8Flags.ts): those the running V8 knows, and a short command's
// flags (V8's young generation held at its first size; Maglev off where V8 has it) until a command
// is about to read more than GROW_AFTER_BYTES of input; then the CLI sets a large input's, once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cliV8Flags, GROW_AFTER_BYTES, largeInputFlags, LargeInputRule, takesCliV8Flags } from '../../cli/src/launch/v8Flags';

test("a large input's flags are set once the input to read passes GROW_AFTER_BYTES, and once only", () => {
  const set: string[] = [];
  const rule = new LargeInputRule(() => (f: string) => void set.push(f), '--large');
  rule.inputToRead(GROW_AFTER_BYTES / 2);
  rule.inputToRead(GROW_AFTER_BYTES / 2);
  assert.deepEqual(set, [], 'not past the limit yet');
  rule.inputToRead(1);
  assert.deepEqual(set, ['--large']);
  rule.inputToRead(GROW_AFTER_BYTES);
  rule.assume();
  assert.equal(set.length, 1, 'once');
});

test("the CLI's flags are those the running V8 knows: the interrupt budget for V8 11 (Node 20), Maglev off for V8 12+", () => {
  assert.equal(cliV8Flags('11.3.244.8-node.33'), '--interrupt-budget=1048576 --semi-space-growth-factor=1');
  assert.equal(cliV8Flags('12.4.254.21-node.33'), '--no-maglev --semi-space-growth-factor=1');
  assert.equal(cliV8Flags('13.6.233.10-node.27'), '--no-maglev --semi-space-growth-factor=1');
  // A large input: V8's own growth of the young generation, and Maglev on again where V8 has it.
  assert.equal(largeInputFlags('11.3.244.8-node.33'), '--semi-space-growth-factor=2');
  assert.equal(largeInputFlags('13.6.233.10-node.27'), '--maglev --semi-space-growth-factor=2');
});

test("lint and format run under the CLI's flags; run, status, mcp and help under V8's own", () => {
  for (const args of [['lint', 'a.svcsql'], ['lint'], ['--no-color', 'format', '--check', '.'], ['format', '-']])
    assert.equal(takesCliV8Flags(args), true, args.join(' '));
  for (const args of [['run', 'lint'], ['status', 'id'], ['mcp'], ['help', 'lint'], ['--help'], [], ['--no-color', 'status', 'x']])
    assert.equal(takesCliV8Flags(args), false, args.join(' '));
});
