// Which names completion offers when a kind has more than it lists (a workspace that creates
// thousands of clusters): those matching what is typed, the best at most `limit`, so that the cost
// of a completion does not grow with the number of names. The list is then marked incomplete and the
// editor asks again as typing goes on (rust-analyzer caps its lists the same way).
import { objectNameKey } from '../catalog/index';
import type { KnownName, NameAnswer, NameQuery } from '../types';

/** How many names one list offers at most. */
export const NAME_LIMIT = 50;

/** 0: the key starts with typed; 1: typed is a subsequence of it (the editor's fuzzy match); -1: neither. */
function rank(key: string, typed: string): number {
  if (key.startsWith(typed)) return 0;
  let q = 0;
  for (let i = 0; i < key.length && q < typed.length; i++) if (key.charCodeAt(i) === typed.charCodeAt(q)) q++;
  return q === typed.length ? 1 : -1;
}

/**
 * The at most `limit` items whose key (lower case) best matches `typed`: prefix matches before
 * fuzzy ones, then by key. One pass, no sort of all items: the cost is linear in their number.
 */
export function bestMatches<T>(items: Iterable<T>, keyOf: (item: T) => string, typed: string, limit: number): T[] {
  const best: { item: T; rank: number; key: string }[] = [];
  const before = (r: number, k: string, b: { rank: number; key: string }) => r < b.rank || (r === b.rank && k < b.key);
  for (const item of items) {
    const key = keyOf(item);
    const r = rank(key, typed);
    if (r < 0) continue;
    if (best.length >= limit && !before(r, key, best[best.length - 1]!)) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (before(r, key, best[mid]!)) high = mid;
      else low = mid + 1;
    }
    best.splice(low, 0, { item, rank: r, key });
    if (best.length > limit) best.pop();
  }
  return best.map((b) => b.item);
}

/** A source's answer as a NameAnswer, chosen by the query when the source gave more than the limit. */
export function chooseNames(answer: readonly KnownName[] | NameAnswer, query: NameQuery): NameAnswer {
  const given = Array.isArray(answer) ? { names: answer as readonly KnownName[], partial: false } : (answer as NameAnswer);
  if (given.names.length <= query.limit) return given;
  return { names: bestMatches(given.names, (n) => objectNameKey(n.name), query.typed, query.limit), partial: true };
}
