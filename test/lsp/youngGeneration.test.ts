// The hold on V8's young generation (server/src/host/youngGeneration.ts): the flag set once for nested
// holds, set back to V8's default when the last ends, and work that waits for that (the server's
// code cache entry) run then; the real setter's effect is checked by serverCodeCache.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { holdYoungGeneration, whenYoungGenerationFree, youngGenerationHeld } from '../../server/src/host/youngGeneration';

test('holds nest; the flag is set at the first and set back after the last; waiting work runs then, once', () => {
  const set: string[] = [];
  const setter = () => (flags: string) => void set.push(flags);
  let ran = 0;
  whenYoungGenerationFree(() => ran++);
  assert.equal(ran, 1, 'nothing held: runs at once');

  const a = holdYoungGeneration(setter);
  const b = holdYoungGeneration(setter);
  assert.deepEqual(set, ['--semi-space-growth-factor=1']);
  assert.equal(youngGenerationHeld(), true);
  whenYoungGenerationFree(() => ran++);
  a();
  a(); // a second call of the same release does nothing
  assert.equal(youngGenerationHeld(), true, 'b still holds');
  assert.equal(ran, 1);
  b();
  assert.deepEqual(set, ['--semi-space-growth-factor=1', '--semi-space-growth-factor=2']);
  assert.equal(youngGenerationHeld(), false);
  assert.equal(ran, 2);
  b();
  assert.equal(set.length, 2);
  assert.equal(ran, 2);
});
