import type { WithPairNode } from '../syntax/elements';
import { stringHash } from '../text/stringHash';

/**
 * 1 for each pair whose key an earlier pair has, for a WITH of many pairs (hostile input, a
 * generated statement; a few pairs are looked back over instead). The keys' table is an
 * open-addressing one of pair indices, at most half full: a Set of a WITH's 700,000 keys held 20 MB
 * and grew to 30 while it was filled; this holds 8.
 */
export function repeatedKeys(pairs: readonly WithPairNode[]): Uint8Array {
  const n = pairs.length;
  const repeated = new Uint8Array(n);
  let size = 16;
  while (size < n * 2) size *= 2;
  // A pair's index + 1; 0: a free slot.
  const slots = new Int32Array(size);
  const mask = size - 1;
  for (let i = 0; i < n; i++) {
    const key = pairs[i]!.keyValue;
    for (let slot = stringHash(key) & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot]!;
      if (held === 0) {
        slots[slot] = i + 1;
        break;
      }
      if (pairs[held - 1]!.keyValue === key) {
        repeated[i] = 1;
        break;
      }
    }
  }
  return repeated;
}
