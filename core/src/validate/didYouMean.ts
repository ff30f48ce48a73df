// "Did you mean …?": the closest candidate by edit distance, compared case-insensitively.

// Three rows of the distance table, reused by every call (suggestions run for every unknown word
// of a file, and fresh arrays per call were a large share of a full analysis's garbage). Room for
// the words a file has: growing them in the middle of an analysis deoptimised the optimised loop.
let rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  return editDistanceWithin(a, b, Infinity);
}

/**
 * The distance between a and b when it is at most `max`, else some number greater than `max`
 * (the computation stops as soon as the distance is known to exceed it).
 *
 * Only the band of cells with |i - j| <= max is computed: a cell outside it is more than max
 * (each step off the diagonal costs one), and so is every path through it. A cell just outside
 * the band on either side reads as max + 1, which keeps what the band holds exact up to max.
 */
export function editDistanceWithin(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return Math.abs(n - m);
  if (n === 0) return m;
  if (m === 0) return n;
  if (rows[0]!.length <= m + 1) rows = [new Int32Array(m + 2), new Int32Array(m + 2), new Int32Array(m + 2)];
  // The band's half-width; as wide as the longer word, the band is the whole table (exact distances).
  const longer = n > m ? n : m;
  const w = max < longer ? max : longer;
  const outside = w + 1;
  let prev2 = rows[0]!;
  let prev = rows[1]!;
  let row = rows[2]!;
  for (let j = 0; j <= m; j++) prev[j] = j <= w ? j : outside;
  prev[m + 1] = outside;
  // Every entry of a row is at least the smaller of the previous row's minimum and the one
  // before's plus one: once two rows in a row exceed max, so does the result.
  let prevMin = 0;
  for (let i = 1; i <= n; i++) {
    const ai = a.charCodeAt(i - 1);
    const lo = i - w > 1 ? i - w : 1;
    const hi = i + w < m ? i + w : m;
    row[lo - 1] = lo === 1 ? i : outside;
    row[hi + 1] = outside;
    let rowMin = lo === 1 ? i : outside;
    for (let j = lo; j <= hi; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = prev[j]! + 1;
      const ins = row[j - 1]! + 1;
      if (ins < d) d = ins;
      const sub = prev[j - 1]! + (ai === bj ? 0 : 1);
      if (sub < d) d = sub;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        const swap = prev2[j - 2]! + 1;
        if (swap < d) d = swap;
      }
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max && prevMin > max) return max + 1;
    prevMin = rowMin;
    const t = prev2;
    prev2 = prev;
    prev = row;
    row = t;
  }
  return prev[m]!;
}

/** The largest typoBudget. */
const MAX_TYPO = 3;

/** How many edits still count as a typo of a word this long. */
export function typoBudget(length: number): number {
  if (length <= 3) return 1;
  if (length <= 6) return 2;
  return 3;
}

/**
 * The candidate closest to `written` (case-insensitively), if it is within a typo's reach.
 * An exact case-insensitive match wins outright; ties keep the catalog's order.
 */
export function didYouMean(written: string, candidates: readonly string[]): string | undefined {
  const w = written.toUpperCase();
  if (w.length === 0) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    // No budget exceeds MAX_TYPO, so a candidate further away can only be the closest when
    // nothing is accepted anyway; and only a strictly closer one replaces the best.
    const d = editDistanceWithin(w, c.toUpperCase(), Math.min(bestDistance - 1, MAX_TYPO));
    if (d < bestDistance && d <= MAX_TYPO) {
      best = c;
      bestDistance = d;
    }
  }
  if (best === undefined) return undefined;
  return bestDistance <= typoBudget(Math.max(w.length, best.length)) ? best : undefined;
}
