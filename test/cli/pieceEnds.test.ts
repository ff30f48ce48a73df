// Where a large text is cut into pieces (cli/src/pieceEnds.ts): the first boundary at or after the
// target, as reading every line finds it, with the lines before the target read only where they
// open or close a comment, and a long comment's close searched for once, not once a line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCorpus, rng } from '../../bench/corpus';
import { boundaryEnds, PieceEnds } from '../../cli/src/pieceEnds';
import { countLineBreaksIn } from '../../core/src/syntax/lex';
import { TRIPPING_PARTS } from './cutFixtures';

const CHUNK = 64 * 1024;
const TARGET = 64 * 1024;

/** Cuts `text` as segments.ts does, chunk by chunk: the pieces' ends (in the text) and the finder's work. */
function cutInChunks(text: string, target = TARGET, chunk = CHUNK) {
  const ends = new PieceEnds(target);
  const cuts: number[] = [];
  let pending = '';
  let taken = 0;
  for (let at = 0; at < text.length; at += chunk) {
    pending += text.slice(at, at + chunk);
    for (let cut = ends.next(pending); cut > 0; cut = ends.next(pending)) {
      cuts.push(taken + cut);
      taken += cut;
      pending = pending.slice(cut);
      ends.shift(cut);
    }
  }
  return { cuts, work: ends.work };
}

/** The same cuts found by reading every line: each piece ends at the first boundary at or after the target. */
function cutByEveryLine(text: string, target = TARGET): number[] {
  const cuts: number[] = [];
  let taken = 0;
  for (const end of boundaryEnds(text)) {
    if (end - taken < target) continue;
    cuts.push(end);
    taken = end;
  }
  return cuts;
}

test('a corpus of 10,000 statements (CRLF too) is cut where reading every line cuts it, reading few of its lines', () => {
  for (const text of [buildCorpus(10000, 3), buildCorpus(3000, 4).replace(/\n/g, '\r\n')]) {
    const { cuts, work } = cutInChunks(text);
    assert.deepEqual(cuts, cutByEveryLine(text));
    assert.ok(cuts.length >= text.length / (2 * TARGET) - 1, String(cuts.length));
    // The lines that hold a comment's start or end, and a few from each target to the boundary after it.
    const commentLines = text.split(/\r?\n/).filter((l) => l.includes('/*') || l.includes('*/')).length;
    const lines = countLineBreaksIn(text, 0, text.length);
    assert.ok(work.lines <= commentLines + 10 * cuts.length, `${work.lines} of ${lines} lines read (${commentLines} with a comment)`);
    assert.ok(lines > 2 * work.lines, `${work.lines} of ${lines} lines read`);
  }
});

test('small targets and small chunks cut where reading every line does', () => {
  const text = buildCorpus(300, 9);
  for (const [target, chunk] of [
    [1, 7],
    [50, 13],
    [500, 64],
    [5000, 1000],
  ] as const) {
    const { cuts } = cutInChunks(text, target, chunk);
    assert.deepEqual(cuts, cutByEveryLine(text, target), `${target} ${chunk}`);
  }
});

test("a comment of 100,000 ' * ' lines is searched for its close once, not once a line", () => {
  const text = 'SHOW FLOWS;\n/**\n' + ' * some text here\n'.repeat(100_000) + ' */\nSHOW FLOWS;\n';
  const { cuts, work } = cutInChunks(text);
  assert.deepEqual(cuts, cutByEveryLine(text));
  assert.ok(work.closeSearched <= 2 * text.length, `${work.closeSearched} characters searched for ${text.length}`);
  assert.ok(work.lines < 10, String(work.lines));
});

test('random text of quotes, comments, semicolons and line ends, read in chunks of any size: the cuts reading every line finds (3,000 texts, seeded)', () => {
  // A comment's close read before its line's end (at a chunk's end) was once searched past: the
  // lines after it counted as in the comment, and boundaries were missed.
  const parts = TRIPPING_PARTS;
  const random = rng(5);
  for (let k = 0; k < 3000; k++) {
    let text = '';
    for (let i = 1 + Math.floor(random() * 300); i > 0; i--) text += parts[Math.floor(random() * parts.length)];
    const target = 1 + Math.floor(random() * 200);
    const chunk = 1 + Math.floor(random() * 50);
    assert.deepEqual(
      cutInChunks(text, target, chunk).cuts,
      cutByEveryLine(text, target),
      `${JSON.stringify(text)} target ${target} chunk ${chunk}`,
    );
  }
});
