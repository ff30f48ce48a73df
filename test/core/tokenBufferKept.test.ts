// The analysis's shared token buffer (document/reanalysis.ts) must not keep the room a statement of
// megabytes took once that statement is analysed: in a language server it was kept as long as the server ran.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { analyze } from '../../core/src/index';

test("a statement of a million tokens leaves the analysis's token buffer at its usual size", () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const text = `CREATE LAKE l WITH ${Array.from({ length: 250_000 }, (_, i) => `k${i} = v`).join(', ')}`;
  analyze('SHOW FLOWS');
  for (let i = 0; i < 3; i++) gc();
  const before = process.memoryUsage().arrayBuffers;
  const result = analyze(text);
  assert.ok(result.diagnostics.length > 0);
  // V8 frees the memory of typed arrays a collection found dead in the collections after it.
  for (let i = 0; i < 3; i++) gc();
  // A million tokens take 10 MB of typed arrays (16 MB with the buffer's doubling).
  const kept = process.memoryUsage().arrayBuffers - before;
  assert.ok(kept < 2 * 1024 * 1024, `${(kept / 1048576).toFixed(1)} MB kept`);
});
