// Piece-by-piece analysis (cli/src/segments.ts, analyzeFile.ts) gives exactly the whole file's
// analysis: cut at every boundary it allows, on the fixtures and on text made to trip a cut
// (';' and blank lines inside comments, strings and backticks, CR line ends, a BOM).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyze } from '../../core/src/index';
import { analyzeFile, type PieceAnalysis } from '../../cli/src/analyzeFile';
import { readSegments, SEGMENT_LIMITS, segmentsOf, segmentWork, type Segment, type SegmentLimits } from '../../cli/src/segments';
import { cutFiles, TRIPPING_PARTS } from './cutFixtures';
import { tempDir } from './helpers';

const EVERYWHERE: SegmentLimits = { ...SEGMENT_LIMITS, targetChars: 1, readBytes: 7, wholeFileBytes: 0 };
/**
 * Pieces of a few lines and of many: the lines before a piece's target are read only where they open
 * or close a comment (cli/src/pieceEnds.ts), from the target on one by one.
 */
const TARGETS: SegmentLimits[] = [EVERYWHERE, { ...EVERYWHERE, targetChars: 40 }, { ...EVERYWHERE, targetChars: 150, readBytes: 64 }];

type Gathered = Pick<PieceAnalysis, 'statements' | 'diagnostics'>;

async function pieces(file: string, limits = EVERYWHERE): Promise<Gathered> {
  const all: Gathered = { statements: [], diagnostics: [] };
  await analyzeFile(
    file,
    (p) => {
      all.statements.push(...p.statements);
      all.diagnostics.push(...p.diagnostics);
    },
    limits,
  );
  return all;
}

function comparable(a: Gathered) {
  return {
    statements: a.statements.map((s) => ({ ...s })),
    diagnostics: a.diagnostics
      .map(({ data: _data, ...d }) => d)
      .sort(
        (x, y) =>
          x.range.start.line - y.range.start.line || x.range.start.character - y.range.start.character || x.code.localeCompare(y.code),
      ),
  };
}

test('pieces cut at every allowed boundary analyse exactly as the whole file (fixtures and tricky text)', async () => {
  const files = cutFiles(['test/fixtures/valid', 'test/cli/fixtures/errors', 'test/cli/fixtures/run', 'examples']);
  assert.ok(files.length > 10);
  for (const f of files) {
    const whole = analyze(readFileSync(f, 'utf8').replace(/^\uFEFF/, ''));
    for (const limits of TARGETS) assert.deepEqual(comparable(await pieces(f, limits)), comparable(whole), `${f} ${limits.targetChars}`);
  }
});

test('pieces of random text made of what can trip a cut analyse exactly as the whole file (400 files, seeded)', async () => {
  const parts = TRIPPING_PARTS;
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const dir = tempDir();
  let cut = 0;
  for (let k = 0; k < 400; k++) {
    let text = '';
    for (let i = 1 + Math.floor(random() * 80); i > 0; i--) text += parts[Math.floor(random() * parts.length)];
    const f = join(dir, `r${k}.svcsql`);
    writeFileSync(f, text);
    let count = 0;
    for await (const _ of readSegments(f, EVERYWHERE)) count++;
    if (count > 2) cut++;
    const whole = comparable(analyze(text));
    for (const limits of TARGETS)
      assert.deepEqual(comparable(await pieces(f, limits)), whole, `${JSON.stringify(text)} ${limits.targetChars}`);
  }
  assert.ok(cut > 100, `${cut} of the files were cut in more than two pieces`);
});

test('statements are numbered across pieces when read in every piece; read after a piece left unread, they throw', async () => {
  const dir = tempDir();
  const f = join(dir, 'pieces.svcsql');
  writeFileSync(f, 'SHOW FLOWS;\n'.repeat(60));
  const limits = { ...SEGMENT_LIMITS, targetChars: 100, readBytes: 64, wholeFileBytes: 0 };
  const firsts: number[] = [];
  let counted = 0;
  await analyzeFile(
    f,
    (p) => {
      firsts.push(p.statements[0]!.index);
      assert.equal(p.statements[0]!.index, counted);
      counted += p.statements.length;
    },
    limits,
  );
  assert.ok(firsts.length >= 3, String(firsts.length));
  assert.equal(counted, 60);
  let piece = 0;
  await assert.rejects(
    analyzeFile(f, (p) => void (piece++ > 0 && p.statements), limits),
    /the statements of an earlier piece were not read/,
  );
});

test('a file is read in pieces of about the target size; no boundary for too long is refused', async () => {
  const dir = tempDir();
  const f = join(dir, 'many.svcsql');
  writeFileSync(f, 'SHOW FLOWS;\n'.repeat(100_000));
  let count = 0;
  for await (const s of readSegments(f, { ...SEGMENT_LIMITS, targetChars: 10_000 })) {
    assert.ok(s.text.length < 10_000 + 64 * 1024, String(s.text.length)); // at most the target plus one read
    count++;
  }
  assert.ok(count >= 15, String(count)); // 1.2 MB in pieces of 64 KB or so
  const g = join(dir, 'one-long.svcsql');
  writeFileSync(g, 'SHOW FLOWS\n'.repeat(20_000));
  await assert.rejects(
    pieces(g, { ...SEGMENT_LIMITS, targetChars: 1000, maxChars: 50_000 }),
    /no statement boundary .* from line 1: too large to analyse/,
  );
});

test('a file up to wholeFileBytes is one piece (its BOM dropped); one byte more and it is cut', async () => {
  const dir = tempDir();
  const f = join(dir, 'small.svcsql');
  const body = 'SHOW FLOWS;\r\n'.repeat(100);
  writeFileSync(f, '\uFEFF' + body);
  const limits = { ...SEGMENT_LIMITS, targetChars: 100, wholeFileBytes: Buffer.byteLength('\uFEFF' + body) };
  const whole: string[] = [];
  for await (const s of readSegments(f, limits)) whole.push(s.text);
  assert.deepEqual(whole, [body]);
  const cut: string[] = [];
  for await (const s of readSegments(f, { ...limits, readBytes: 64, wholeFileBytes: limits.wholeFileBytes - 1 })) cut.push(s.text);
  assert.ok(cut.length > 1, String(cut.length));
  assert.equal(cut.join(''), body);
  assert.deepEqual(comparable(await pieces(f, limits)), comparable(analyze(body)));
});

test('a long stretch without a piece end is searched a few times in all, not once a chunk; the pieces are the same', async () => {
  // One statement of 2 MB on one line between short ones, read 16 KB at a time: a search for the
  // piece's end after every chunk read (and copied) the stretch 128 times, ~130 MB.
  const pairs = Array.from({ length: 110_000 }, (_, i) => `'k${i}' = 'v${i}'`).join(', ');
  const text = 'SHOW FLOWS;\n'.repeat(500) + `CREATE FLOW f SOURCE = 's' WITH ${pairs};\n` + 'SHOW FLOWS;\n'.repeat(500);
  const limits: SegmentLimits = { ...SEGMENT_LIMITS, targetChars: 4096 };
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += 16 * 1024) chunks.push(text.slice(i, i + 16 * 1024));
  const cut = async (input: string[]) => {
    const out: Segment[] = [];
    for await (const s of segmentsOf(input, limits)) out.push(s);
    return out;
  };
  const before = segmentWork.searched;
  const chunked = await cut(chunks);
  const searched = segmentWork.searched - before;
  assert.ok(text.length > 2_000_000);
  assert.ok(searched < 4 * text.length, `${searched} characters searched for a text of ${text.length}`);
  // Read at once, every piece end is found in one go: the same pieces.
  assert.deepEqual(
    chunked.map((s) => [s.line, s.text.length]),
    (await cut([text])).map((s) => [s.line, s.text.length]),
  );
  assert.equal(chunked.map((s) => s.text).join(''), text);
});
