// `svcsql format --check` reads a file piece by piece (formatCheck.ts): cut at every boundary
// segments.ts allows, the pieces' formatting is exactly the whole file's (the same text, the same
// changed lines), on the fixtures and on text made to trip a cut.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { FormatStream, SvcSqlDocument, formatSegments, formatText } from '../../core/src/index';
import { fullAnalysis } from '../../core/src/document';
import { formatFileInTurn, formatSegmentsInTurn } from '../../cli/src/formatCheck';
import { readSegments, SEGMENT_LIMITS, type SegmentLimits } from '../../cli/src/segments';
import { cutFiles } from './cutFixtures';

const EVERYWHERE: SegmentLimits = { ...SEGMENT_LIMITS, targetChars: 1, readBytes: 7, wholeFileBytes: 0 };

const files = (): string[] => cutFiles(['test/fixtures/format', 'test/fixtures/valid', 'test/cli/fixtures/errors', 'examples']);

/** 1-based line of an offset, counted plainly (CRLF once, a lone CR once). */
function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split(/\r\n|\r|\n/).length;
}

/** The changed lines the whole-text formatter gives. */
function wholeChanges(text: string): { line: number; endLine: number }[] {
  const out: { line: number; endLine: number }[] = [];
  for (const s of formatSegments(text, new SvcSqlDocument(text).statements())) {
    const old = text.slice(s.span.start, s.span.end);
    if (old === s.newText) continue;
    let same = 0;
    while (same < old.length && old[same] === s.newText[same]) same++;
    const line = lineAt(text, s.span.start + same);
    out.push({ line, endLine: Math.max(line, lineAt(text, s.span.end)) });
  }
  return out;
}

test('format --check piece by piece finds exactly the whole file’s changed lines', async () => {
  const all = files();
  assert.ok(all.length > 20);
  for (const f of all) {
    const text = readFileSync(f, 'utf8').replace(/^\uFEFF/, '');
    const whole = wholeChanges(text);
    const found: { line: number; endLine: number }[] = [];
    const count = await formatFileInTurn(f, {}, { each: (changes) => void found.push(...changes) }, EVERYWHERE);
    assert.deepEqual(found, whole, f);
    assert.equal(count, whole.length, f);
    // Without `each`, it stops after the piece of the first change.
    const first = await formatFileInTurn(f, {}, {}, EVERYWHERE);
    assert.equal(first > 0, whole.length > 0, f);
    assert.ok(first <= whole.length, f);
  }
});

test('FormatStream fed a file’s pieces writes exactly formatText of the whole', async () => {
  let cut = 0;
  for (const f of files()) {
    const text = readFileSync(f, 'utf8').replace(/^\uFEFF/, '');
    const stream = new FormatStream(text.includes('\r\n') ? '\r\n' : '\n');
    let out = '';
    let pieces = 0;
    for await (const s of readSegments(f, EVERYWHERE)) {
      for (const e of stream.push(s.text)) out += e.newText;
      pieces++;
    }
    out += stream.end().newText;
    assert.equal(out, formatText(text), f);
    if (pieces > 2) cut++;
  }
  assert.ok(cut > 10, `${cut} files were cut in pieces`);
});

test('a file small enough to be read whole takes its line breaks from its text: exactly the whole file’s changed lines', async () => {
  let crlf = 0;
  for (const f of files()) {
    const text = readFileSync(f, 'utf8').replace(/^\uFEFF/, '');
    if (text.includes('\r\n')) crlf++;
    const found: { line: number; endLine: number }[] = [];
    // The default limits: each of these files is one piece, read at once (no read stream).
    const count = await formatFileInTurn(f, {}, { each: (changes) => void found.push(...changes) });
    assert.deepEqual(found, wholeChanges(text), f);
    assert.equal(count, found.length, f);
  }
  assert.ok(crlf > 0, 'a file with CRLF line breaks is among them');
});

test("a long run of ';' and blank lines in pieces is walked once, not again with each piece", () => {
  // No statement for 100 pieces: the gap is carried from piece to piece (formatStream.ts).
  const piece = ';\n\n'.repeat(1000);
  const text = piece.repeat(100) + 'show flows;\n';
  const stream = new FormatStream('\n');
  fullAnalysis.work.split = 0;
  const edits = [];
  for (let i = 0; i < 100; i++) edits.push(...stream.push(piece));
  edits.push(...stream.push('show flows;\n'), stream.end());
  // 2,000 tokens a piece (';' and white space: the walk skips white space): each split about once.
  assert.ok(fullAnalysis.work.split <= 3 * 1000 * 100, `${fullAnalysis.work.split} tokens split`);
  assert.equal(edits.map((e) => e.newText).join(''), formatText(text));
  assert.equal(edits.map((e) => e.oldText).join(''), text);
});

test('formatting to an output (format -, format FILE) keeps no piece’s changed lines once the piece is written', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  // 4,000 pieces of 50 statements, each of them changed: 200,000 changed regions, counted and let go.
  const PIECES = 4000;
  const piece = 'show   clusters;\n'.repeat(50);
  async function* segments() {
    for (let i = 0; i < PIECES; i++) yield { text: piece, line: i * 50 };
  }
  let writes = 0;
  let before = 0;
  let grown = 0;
  const write = () => {
    writes++;
    if (writes === 2 || writes === PIECES) gc();
    if (writes === 2) before = process.memoryUsage().heapUsed;
    if (writes === PIECES) grown = process.memoryUsage().heapUsed - before;
  };
  const count = await formatSegmentsInTurn(segments(), () => '\n', {}, { write });
  assert.equal(count, 50 * PIECES);
  // Kept, they were ~6 MB (an object and a list slot each); let go, what is left is noise.
  assert.ok(grown < 2_000_000, `the heap grew by ${grown} bytes over ${PIECES} pieces`);
});
