// Repeated WITH keys in a long WITH are found through an open-addressing table (validate/repeatedKeys.ts):
// it must flag exactly the pairs a look back over the earlier keys flags, collisions and all.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng } from '../../bench/corpus';
import { analyze } from '../../core/src/index';
import { WithPair, KIND_NAME, KIND_STRING, VALUE_CODE_SHIFT } from '../../core/src/syntax/elements';
import { repeatedKeys } from '../../core/src/validate/repeatedKeys';

const pairOf = (key: string) => new WithPair(0, 0, KIND_NAME | (KIND_STRING << VALUE_CODE_SHIFT), 0, key, 0, 0, 'v');

test('repeated keys are the keys an earlier pair has, for lists of every length and many collisions', () => {
  const r = rng(31);
  for (const [count, alphabet] of [
    [17, 5],
    [100, 60],
    [1_000, 900],
    [5_000, 40],
    [20_000, 30_000],
  ] as const) {
    const keys = Array.from({ length: count }, () => `k${Math.floor(r() * alphabet)}`);
    const seen = new Set<string>();
    const expected = keys.map((k) => (seen.has(k) ? 1 : (seen.add(k), 0)));
    assert.deepEqual(Array.from(repeatedKeys(keys.map(pairOf))), expected, `${count} keys of ${alphabet}`);
  }
});

test('a WITH of many pairs warns at each repeated key, and only there', () => {
  const pairs = Array.from({ length: 40 }, (_, i) => `'k${i % 30}' = 'v'`).join(', ');
  const text = `CREATE LAKE l WITH ${pairs}`;
  const repeated = analyze(text)
    .diagnostics.filter((d) => d.code === 'duplicate-with-key')
    .map((d) => text.slice(d.range.start.character, d.range.end.character));
  assert.deepEqual(
    repeated,
    Array.from({ length: 10 }, (_, i) => `'k${i}'`),
  );
});
