/**
 * The first index in [0, count) for which `before` is false, given that it is true for every index
 * before that one and false for every index after (a binary search); count when it is true for all.
 */
export function partitionPoint(count: number, before: (index: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (before(mid)) low = mid + 1;
    else high = mid;
  }
  return low;
}
