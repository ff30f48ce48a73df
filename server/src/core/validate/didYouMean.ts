// "Did you mean …?": the closest candidate by edit distance, compared case-insensitively.

/** Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  let prev2: number[] = new Array<number>(m + 1).fill(0);
  let prev: number[] = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
    }
    prev2 = prev;
    prev = row;
  }
  return prev[m]!;
}

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
    const d = editDistance(w, c.toUpperCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  if (best === undefined) return undefined;
  return bestDistance <= typoBudget(Math.max(w.length, best.length)) ? best : undefined;
}
