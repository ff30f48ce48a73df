import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCorpus, examples, rng } from '../../bench/corpus';
import { SvcSqlDocument, analyze } from '../../core/src/document';
import { LineIndex } from '../../core/src/text/lineIndex';
import type { TextChange } from '../../core/src/types';

// Random edits, applied incrementally, must leave exactly what a fresh analysis of the same text
// gives: statements (offsets and analyses) and every diagnostic and range.
const SNIPPETS = [
  '\n',
  '\n\n',
  ';',
  ' ',
  "'",
  '`',
  '/*',
  '*/',
  '--',
  '(',
  ')',
  ',',
  '=',
  'CREATE FLOW f ',
  'SHOW FLOWS',
  'WITH ',
  "'x'",
  '42',
  'é',
  '\u{1F680}',
  '\r',
  '\r\n',
  'SET STATE = PAUSE',
  'ALTER ',
  'FLOW',
  "LAKE = 'l' ",
];

function randomChange(doc: SvcSqlDocument, r: () => number): TextChange {
  const text = doc.text;
  const at = Math.floor(r() * (text.length + 1));
  const len = r() < 0.5 ? 0 : Math.floor(r() * (r() < 0.9 ? 4 : 200));
  const end = Math.min(text.length, at + len);
  let insert = '';
  const kind = r();
  if (kind < 0.45) insert = SNIPPETS[Math.floor(r() * SNIPPETS.length)]!;
  else if (kind < 0.6) insert = String.fromCharCode(32 + Math.floor(r() * 95));
  else if (kind < 0.7) insert = examples[Math.floor(r() * examples.length)]! + (r() < 0.5 ? ';\n' : '\n\n');
  else if (kind < 0.8) insert = text.slice(Math.floor(r() * text.length)).slice(0, Math.floor(r() * 80)); // copy-paste
  const lines = new LineIndex(text);
  return { range: { start: lines.positionAt(at), end: lines.positionAt(end) }, text: insert };
}

function check(doc: SvcSqlDocument, label: string): void {
  const fresh = new SvcSqlDocument(doc.text);
  assert.deepEqual(doc.statements(), fresh.statements(), `${label}: statements`);
  assert.deepEqual(doc.analysis(), analyze(doc.text), `${label}: analysis`);
  assert.deepEqual(doc.lines.lineStarts, new LineIndex(doc.text).lineStarts, `${label}: line index`);
}

function run(seed: number, text: string, edits: number, batch = 1): void {
  const r = rng(seed);
  const doc = new SvcSqlDocument(text);
  doc.analysis();
  for (let n = 0; n < edits; n++) {
    const changes: TextChange[] = [];
    // Several changes in one update are applied in order, each against the text the previous left.
    const shadow = new SvcSqlDocument(doc.text);
    for (let b = 0; b < batch; b++) {
      const change = randomChange(shadow, r);
      shadow.update([change]);
      changes.push(change);
    }
    doc.update(changes);
    assert.equal(doc.text, shadow.text);
    // Query now and then only, so that several edits also pile up between analyses.
    if (r() < 0.7 || n === edits - 1) check(doc, `seed ${seed} edit ${n}: ${JSON.stringify(changes)}`);
  }
}

test('incremental equals fresh analysis: 400 random edits on a 60-statement file', () => {
  for (let seed = 1; seed <= 4; seed++) run(seed, buildCorpus(60, seed), 100);
});

test('incremental equals fresh analysis: a file of many text blocks (edits across block boundaries)', () => {
  // ~45 KB: the edited document's text spans several 8 KB blocks (text/blockText.ts).
  run(31, buildCorpus(600, 31), 120);
});

test('incremental equals fresh analysis: batched changes, CRLF text', () => {
  run(11, buildCorpus(40, 11).replace(/\n/g, '\r\n'), 60, 3);
});

test('incremental equals fresh analysis: statements without ; or blank lines', () => {
  // Statements that only a head separates: the window must reach back past word-only statements.
  const text = ['SHOW FLOWS', 'SHOW', 'DESCRIBE FLOW a', 'RUN JOB j', 'CREATE', 'SHOW LAKES', 'DELETE FLOW b'].join('\n').repeat(8);
  run(21, text, 150);
});

test('incremental: typing a statement character by character', () => {
  const doc = new SvcSqlDocument(buildCorpus(30, 5));
  doc.analysis();
  const line = doc.lines.positionAt(doc.text.length / 2).line;
  let character = 0;
  for (const ch of "\nCREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = 8 MIN_OCU = 1 /* note */;") {
    doc.update([{ range: { start: { line, character }, end: { line, character } }, text: ch }]);
    character++;
    check(doc, `typed ${JSON.stringify(ch)}`);
  }
});

test('incremental: an edit that turns the head of the statement before into a clause', () => {
  // "SHOW LAKES" opens a statement only while no '=' follows it: the relexed window must start
  // before it, since its own two words do not settle that.
  const doc = new SvcSqlDocument('DESCRIBE FLOW a\nSHOW LAKES\nSHOW FLOWS\n');
  assert.equal(doc.statements().length, 3);
  doc.update([{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 10 } }, text: "= 'x'" }]);
  check(doc, 'clause');
  assert.equal(doc.statements().length, 1);
});

test('incremental: diagnostics after a keystroke look up only the flagged statements from the edit on', () => {
  const doc = new SvcSqlDocument(buildCorpus(2000, 7));
  const before = doc.diagnostics();
  assert.equal(doc.lastDiagnosticsWork > 50, true, `a first answer looks up every flagged statement (${doc.lastDiagnosticsWork})`);
  const line = doc.lines.lineCount - 3;
  doc.update([{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: 'x' }]);
  const after = doc.diagnostics();
  assert.ok(doc.lastDiagnosticsWork <= 5, `statements looked up after a keystroke near the end: ${doc.lastDiagnosticsWork}`);
  assert.deepEqual(after, analyze(doc.text).diagnostics);
  // The statements before the edit kept their diagnostics, the very same objects.
  assert.equal(after[0], before[0]);
  // Unchanged since: the whole answer again, nothing looked up, and a copy the caller may change.
  after.length = 0;
  assert.deepEqual(doc.diagnostics(), analyze(doc.text).diagnostics);
  assert.equal(doc.lastDiagnosticsWork, 0);
});
