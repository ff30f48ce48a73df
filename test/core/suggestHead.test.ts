// The statement a misspelt head most likely meant (validate/statementHead.ts): the search stops
// reading words once no head still within a typo of them has more, and must answer as a search of
// every head over every word does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng } from '../../bench/corpus';
import { allHeads } from '../../core/src/catalog/index';
import { editDistanceWithin } from '../../core/src/validate/didYouMean';
import { headSearchWork, suggestHead } from '../../core/src/validate/statementHead';

/** The typo budget of a head word (the rule's: head words are short). */
const budget = (length: number) => (length <= 4 ? 1 : length <= 8 ? 2 : 3);

/** Every head of the catalog against every written word: the closest, the longer between equals. */
function everyHead(words: readonly string[]): { head: string[]; words: number } | undefined {
  const upper = words.map((w) => w.toUpperCase());
  let best: { head: string[]; distance: number } | undefined;
  for (const { head } of allHeads()) {
    if (head.length > upper.length) continue;
    let distance = 0;
    for (let i = 0; i < head.length; i++) {
      const d = editDistanceWithin(upper[i]!, head[i]!, budget(head[i]!.length));
      distance += d > budget(head[i]!.length) ? Infinity : d;
    }
    if (distance === 0 || distance === Infinity) continue;
    if (!best || distance < best.distance || (distance === best.distance && head.length > best.head.length)) best = { head, distance };
  }
  return best ? { head: best.head, words: best.head.length } : undefined;
}

function misspelt(word: string, r: () => number): string {
  const at = Math.floor(r() * word.length);
  switch (Math.floor(r() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + 'XQ'[Math.floor(r() * 2)] + word.slice(at);
    case 2:
      return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word;
    default:
      return word;
  }
}

test('the suggestion equals a search of every head over every word, on 20,000 misspelt heads', () => {
  const r = rng(23);
  const heads = allHeads();
  const names = ['l1', 'orders', 'in', 'to', 'lake', 'flow', 'x', 'etl_cluster_7', 'ON', 'table'];
  for (let n = 0; n < 20_000; n++) {
    const { head } = heads[Math.floor(r() * heads.length)]!;
    const words = head.map((w) => (r() < 0.4 ? misspelt(w, r) : w));
    for (let k = Math.floor(r() * 4); k > 0; k--)
      words.push(r() < 0.5 ? names[Math.floor(r() * names.length)]! : heads[Math.floor(r() * heads.length)]!.head[0]!);
    if (r() < 0.2) words.splice(Math.floor(r() * words.length), 1);
    assert.deepEqual(suggestHead(words), everyHead(words), words.join(' '));
  }
});

test('a name after a misspelt head is not measured against the head words', () => {
  assert.deepEqual(suggestHead(['CREATE', 'ALKE', 'l0'])?.head, ['CREATE', 'LAKE']);
  const before = headSearchWork.measured;
  for (let i = 1; i < 5000; i++) assert.deepEqual(suggestHead(['CREATE', 'ALKE', `l${i}`])?.head, ['CREATE', 'LAKE']);
  assert.equal(headSearchWork.measured, before);
});
