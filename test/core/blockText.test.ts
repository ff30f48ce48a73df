import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildCorpus, rng } from '../../bench/corpus';
import { BlockText } from '../../core/src/text/blockText';

// A BlockText must read exactly as the flat string it stands for, whatever the edits: across
// block boundaries, edits spanning several blocks, pastes longer than a block, emptying the text.
function checkSame(blocks: BlockText, model: string, r: () => number, label: string): void {
  assert.equal(blocks.length, model.length, `${label}: length`);
  for (let k = 0; k < 40; k++) {
    const i = Math.floor(r() * (model.length + 2)) - 1;
    assert.equal(Number.isNaN(blocks.charCodeAt(i)), Number.isNaN(model.charCodeAt(i)), `${label}: charCodeAt(${i}) in range`);
    if (!Number.isNaN(model.charCodeAt(i))) assert.equal(blocks.charCodeAt(i), model.charCodeAt(i), `${label}: charCodeAt(${i})`);
    const a = Math.floor(r() * (model.length + 1));
    const b = a + Math.floor(r() * (r() < 0.2 ? 30000 : 40));
    assert.equal(blocks.slice(a, b), model.slice(a, b), `${label}: slice(${a}, ${b})`);
  }
  // Sequential reads, as the lexer does, from a random place.
  const from = Math.floor(r() * model.length);
  for (let i = from; i < Math.min(model.length, from + 20000); i++) {
    if (blocks.charCodeAt(i) !== model.charCodeAt(i)) assert.fail(`${label}: sequential charCodeAt(${i})`);
  }
  assert.equal(blocks.toString(), model, `${label}: toString`);
}

test('BlockText reads as the string it stands for through 600 random edits', () => {
  const r = rng(5);
  let model = buildCorpus(600, 3);
  const blocks = new BlockText(model);
  checkSame(blocks, model, r, 'initial');
  for (let n = 0; n < 600; n++) {
    const start = Math.floor(r() * (model.length + 1));
    const kind = r();
    const length = kind < 0.6 ? Math.floor(r() * 3) : kind < 0.9 ? Math.floor(r() * 20000) : model.length;
    const end = Math.min(model.length, start + length);
    const text = r() < 0.5 ? '' : r() < 0.8 ? 'x\n' : model.slice(0, Math.floor(r() * 40000));
    blocks.replace(start, end, text);
    model = model.slice(0, start) + text + model.slice(end);
    if (n % 20 === 0 || model.length < 100) checkSame(blocks, model, r, `edit ${n}`);
  }
  checkSame(blocks, model, r, 'final');
});

test('BlockText: emptied, then refilled', () => {
  const r = rng(9);
  const blocks = new BlockText('a'.repeat(50000));
  blocks.replace(0, 50000, '');
  checkSame(blocks, '', r, 'empty');
  blocks.replace(0, 0, 'b'.repeat(30000));
  checkSame(blocks, 'b'.repeat(30000), r, 'refilled');
  blocks.replace(8192, 8192 * 2, '');
  checkSame(blocks, 'b'.repeat(30000 - 8192), r, 'a block boundary range removed');
});

test('a BlockText starts as views into its text, not a copy of it', () => {
  // The first keystroke in a large file makes its document's BlockText: a copy was as large as the
  // text, allocated young and copied again by the next two scavenges (blockText.ts). Counted as the
  // bytes allocated in the young generation (empty after a full collection, and large enough for
  // a copy): the old generation's figure moves as V8 sweeps it after the collection, on another
  // thread (a busy machine once showed 240 KB more there, and the next collection 390 KB less).
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const text = buildCorpus(5000, 4);
  const young = () =>
    getHeapSpaceStatistics()
      .filter((s) => s.space_name === 'new_space' || s.space_name === 'new_large_object_space')
      .reduce((n, s) => n + s.space_used_size, 0);
  gc();
  const before = young();
  const blocks = new BlockText(text);
  const grown = young() - before;
  assert.equal(blocks.length, text.length);
  assert.ok(grown < text.length / 4, `the blocks took ${grown} bytes for a text of ${text.length} characters`);
});
