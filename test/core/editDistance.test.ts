import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editDistance, editDistanceWithin } from '../../core/src/validate/didYouMean';

// editDistanceWithin computes only the band of cells within `max` of the diagonal: it must give the
// full table's distance whenever that is at most max, and some number above max otherwise.

/** Optimal-string-alignment distance over the whole table, the plain way. */
function fullDistance(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push(Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

test('editDistanceWithin agrees with the whole table up to max, and exceeds max beyond it', () => {
  // mulberry32: a seeded generator whose low bits are as random as its high ones.
  let seed = 7;
  const next = (k: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % k;
  };
  // Few letters, so that words are often near each other; long words as well (past the reused rows' room).
  const word = () => Array.from({ length: next(next(4) === 0 ? 80 : 12) }, () => 'ABCD'[next(4)]).join('');
  for (let t = 0; t < 20000; t++) {
    const a = word();
    // Half the pairs: a one-edit variant of a, so that small distances are common.
    const at = next(a.length + 1);
    const b = next(2) ? word() : a.slice(0, at) + 'ABCD'[next(4)] + a.slice(at + next(2));
    const full = fullDistance(a, b);
    assert.equal(editDistance(a, b), full, `${a} ${b}`);
    for (const max of [0, 1, 2, 3, 5]) {
      const d = editDistanceWithin(a, b, max);
      if (full <= max) assert.equal(d, full, `${a} ${b} within ${max}`);
      else assert.ok(d > max, `${a} ${b} within ${max}: ${d}, the distance is ${full}`);
    }
  }
});
