import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCorpus, rng } from '../../bench/corpus';
import { SvcSqlDocument, analyze } from '../../core/src/document';
import { LineIndex } from '../../core/src/text/lineIndex';
import { PendingShift } from '../../core/src/text/pendingShift';
import type { CoreDiagnostic } from '../../core/src/types';

// The shift of later statements and line starts after an edit is kept pending (core/src/text/
// pendingShift.ts). These tests read the document only through the paths that do not apply it
// (diagnostics, statementAt, lineStart, positionAt), after many edits in a row, and compare with
// a fresh analysis of the same text.

test('PendingShift: a sorted list edited at random places reads as one edited eagerly', () => {
  const r = rng(7);
  const eager: number[] = [];
  for (let i = 0, v = 0; i < 500; i++) eager.push((v += 1 + Math.floor(r() * 5)));
  const stored = [...eager];
  const shift = new PendingShift();
  const add = (from: number, to: number, amount: number) => {
    for (let i = from; i < to; i++) stored[i]! += amount;
  };
  for (let n = 0; n < 2000; n++) {
    const lo = Math.floor(r() * (eager.length + 1));
    const hi = Math.min(eager.length, lo + Math.floor(r() * 4));
    const count = Math.floor(r() * 4);
    const delta = Math.floor(r() * 21) - 10;
    const base = lo > 0 ? eager[lo - 1]! : 0;
    const fresh = Array.from({ length: count }, (_, k) => base + k + 1);
    shift.replaced(lo, hi, count, delta, add);
    for (let i = hi; i < eager.length; i++) eager[i]! += delta;
    eager.splice(lo, hi - lo, ...fresh);
    stored.splice(lo, hi - lo, ...fresh);
    for (let i = 0; i < eager.length; i++) assert.equal(stored[i]! + shift.offsetOf(i), eager[i], `op ${n}, item ${i}`);
  }
  shift.flush(stored.length, add);
  assert.deepEqual(stored, eager);
});

function insertAt(doc: SvcSqlDocument, offset: number, text: string): void {
  const at = doc.lines.positionAt(offset);
  doc.update([{ range: { start: at, end: at }, text }]);
}

test('pending shifts: diagnostics, statementAt and line positions equal a fresh analysis after edits here and there', () => {
  const r = rng(18);
  const doc = new SvcSqlDocument(buildCorpus(400, 18));
  doc.diagnostics();
  const inserts = ['x', ' ', '\n', "'", ';\n', '\r\n', 'ALTER FLOW f SET STATE = PAUSE\n', ''];
  for (let n = 0; n < 150; n++) {
    const length = doc.source.length;
    // Edits near each other (typing) and far apart (another place), insertions and deletions.
    const offset = r() < 0.6 ? Math.floor(length / 2 + (r() - 0.5) * 400) : Math.floor(r() * length);
    if (r() < 0.8) insertAt(doc, offset, inserts[Math.floor(r() * inserts.length)]!);
    else {
      const start = doc.lines.positionAt(offset);
      const end = doc.lines.positionAt(Math.min(length, offset + 1 + Math.floor(r() * 30)));
      doc.update([{ range: { start, end }, text: '' }]);
    }
    const text = doc.text;
    const fresh = new SvcSqlDocument(text);
    const label = `edit ${n}`;
    assert.deepEqual(doc.diagnostics(), fresh.diagnostics(), `${label}: diagnostics`);
    assert.deepEqual(doc.diagnosticCounts(), fresh.diagnosticCounts(), `${label}: counts`);
    const lines = new LineIndex(text);
    assert.equal(doc.lines.lineCount, lines.lineCount, `${label}: line count`);
    for (let k = 0; k < 20; k++) {
      const line = Math.floor(r() * lines.lineCount);
      assert.equal(doc.lines.lineStart(line), lines.lineStarts[line], `${label}: start of line ${line}`);
      const at = Math.floor(r() * (text.length + 1));
      assert.deepEqual(doc.lines.positionAt(at), lines.positionAt(at), `${label}: position of ${at}`);
      for (const inclusive of [false, true]) {
        const b = doc.lastStatementStartingBefore(at, inclusive);
        const c = fresh.lastStatementStartingBefore(at, inclusive);
        assert.deepEqual(b && [b.index, b.start, b.end], c && [c.index, c.start, c.end], `${label}: statement before ${at}`);
      }
      const s = doc.statementAt(at);
      const f = fresh.statementAt(at);
      assert.deepEqual(
        s && { index: s.index, start: s.start, end: s.end, text: s.analysis.text },
        f && { index: f.index, start: f.start, end: f.end, text: f.analysis.text },
        `${label}: statement at ${at}`,
      );
    }
    // Now and then a reader that applies the pending shift.
    if (r() < 0.1) assert.deepEqual(doc.analysis(), analyze(text), `${label}: analysis`);
  }
  assert.deepEqual(doc.lines.lineStarts, new LineIndex(doc.text).lineStarts);
  assert.deepEqual(doc.analysis(), analyze(doc.text));
});

/** An offset inside the first quoted string of statement `index` or later (typing there changes that statement only). */
function insideString(doc: SvcSqlDocument, index: number): number {
  const all = doc.statements();
  for (let i = index; i < all.length; i++) {
    const s = all[i]!;
    const q = s.analysis.text.indexOf("'");
    if (q >= 0 && s.analysis.text.indexOf("'", q + 1) > q + 1 && !s.analysis.hasErrors) return s.start + q + 1;
  }
  throw new Error('no string');
}

test('a keystroke inside one statement analyses that statement only, and typing on at one place shifts nothing', () => {
  const doc = new SvcSqlDocument(buildCorpus(3000, 3));
  doc.diagnostics();
  let offset = insideString(doc, 1500);
  for (let n = 0; n < 20; n++) {
    insertAt(doc, offset, 'x');
    offset++;
    doc.diagnostics();
    assert.equal(doc.lastEditWork.analysed, 1, `keystroke ${n}: statements analysed`);
    assert.equal(doc.lastEditWork.shifted, 0, `keystroke ${n}: offsets rewritten`);
  }
  // Typing 1,000 statements further on rewrites the offsets between the two places, not the rest.
  const far = insideString(doc, doc.statementAt(offset)!.index + 1000);
  insertAt(doc, insideString(doc, 1400), 'y'); // a pending shift from about statement 1400
  insertAt(doc, far + 1, 'z');
  assert.equal(doc.lastEditWork.analysed, 1);
  assert.ok(doc.lastEditWork.shifted > 900 && doc.lastEditWork.shifted < 1200, `shifted ${doc.lastEditWork.shifted}`);
  assert.deepEqual(doc.analysis(), analyze(doc.text));
});

test('the statements with diagnostics are kept as statements come and go: the same as a fresh analysis lists', () => {
  const r = rng(5);
  const doc = new SvcSqlDocument(buildCorpus(300, 5));
  doc.diagnostics();
  // Edits that make and mend mistakes, add and remove statements.
  const inserts = ["'", "''", ' = ', 'CREATE FLOW f\n', ';\n', 'SHOW FLOWS\n\n', '\n\n', 'x'];
  for (let n = 0; n < 200; n++) {
    const length = doc.source.length;
    const offset = Math.floor(r() * length);
    if (r() < 0.7) insertAt(doc, offset, inserts[Math.floor(r() * inserts.length)]!);
    else {
      const start = doc.lines.positionAt(offset);
      const end = doc.lines.positionAt(Math.min(length, offset + 1 + Math.floor(r() * 60)));
      doc.update([{ range: { start, end }, text: '' }]);
    }
    const fresh = new SvcSqlDocument(doc.text);
    assert.deepEqual(doc.diagnostics(), fresh.diagnostics(), `edit ${n}: diagnostics`);
    const seen: CoreDiagnostic[] = [];
    doc.eachDiagnostic(
      (severity) => severity !== 'warning',
      (d) => (seen.push(d), seen.length < 40),
    );
    const expected = fresh.diagnostics().filter((d) => d.severity !== 'warning');
    // Whole statements are visited: a visited statement's warnings come along.
    assert.deepEqual(
      seen.filter((d) => d.severity !== 'warning'),
      expected.slice(0, seen.filter((d) => d.severity !== 'warning').length),
      `edit ${n}: eachDiagnostic`,
    );
  }
});
