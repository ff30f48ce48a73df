// CatalogHeads answers "the longest head these words start with" three ways: find (strings),
// findWords (the parse's words, through a table by first and second word) and findAfter (the
// index pass, comparing in the file's text). They must pick the same entry for any words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng } from '../../bench/corpus';
import { catalog } from '../../core/src/catalog/index';
import { CatalogHeads } from '../../core/src/model/headMatcher';

const heads = new CatalogHeads(catalog);

function sameEntry(words: readonly string[]): void {
  const expected = heads.find(words);
  const asWords = words.map((upper) => ({ upper }));
  assert.equal(heads.findWords(asWords), expected, `findWords ${words.join(' ')}`);
  if (words.length > 0) {
    assert.equal(
      heads.findAfter(words[0]!, words.length, (k, word) => words[k] === word),
      expected,
      `findAfter ${words.join(' ')}`,
    );
  }
  // Only the first `count` words count: a longer list cut by count reads as the shorter one.
  assert.equal(heads.findWords([...asWords, { upper: 'CLUSTER' }, { upper: 'SET' }], words.length), expected, `count ${words.join(' ')}`);
}

test('find, findWords and findAfter agree on every head, its prefixes and its extensions', () => {
  const vocabulary = [...new Set(heads.entries.flatMap((e) => e.words)), 'X', 'NAME'];
  let tried = 0;
  for (const e of heads.entries) {
    for (let n = 0; n <= e.words.length; n++) {
      sameEntry(e.words.slice(0, n));
      tried++;
    }
    for (const extra of vocabulary) {
      sameEntry([...e.words, extra]);
      sameEntry([...e.words.slice(0, -1), extra]);
      tried += 2;
    }
  }
  assert.ok(tried > heads.entries.length * 10);
  assert.ok(heads.findWords([{ upper: 'CREATE' }, { upper: 'CLUSTER' }, { upper: 'X' }]), 'a known head is found');
});

test('find, findWords and findAfter agree on random variations of heads', () => {
  const vocabulary = [...new Set(heads.entries.flatMap((e) => e.words)), 'X'];
  const r = rng(11);
  let found = 0;
  for (let i = 0; i < 20_000; i++) {
    // A head's first words, one of them sometimes swapped, then a few words of any head.
    const e = heads.entries[Math.floor(r() * heads.entries.length)]!;
    const words = e.words.slice(0, 1 + Math.floor(r() * e.words.length));
    if (r() < 0.3) words[Math.floor(r() * words.length)] = vocabulary[Math.floor(r() * vocabulary.length)]!;
    for (let extra = Math.floor(r() * 3); extra > 0; extra--) words.push(vocabulary[Math.floor(r() * vocabulary.length)]!);
    sameEntry(words);
    if (heads.find(words)) found++;
  }
  assert.ok(found > 5_000, `${found} lists start with a head`);
});
