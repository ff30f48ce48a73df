// The published diagnostics are capped at 1,000 as VS Code caps them (errors first). The server's
// cappedDiagnostics converts only what it keeps; it must choose exactly what capDiagnostics chooses
// from the whole list, before and after edits, with few and with many problems of every severity.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SvcSqlDocument } from '../../core/src/index';
import { buildCorpus, rng } from '../../bench/corpus';
import { capDiagnostics, cappedDiagnostics, MAX_PUBLISHED } from '../../server/src/lsp/diagnosticCap';

/** One warning per statement (a misspelt object word), then statements with errors. */
function warningsThenErrors(warnings: number, errors: number): string {
  const lines: string[] = [];
  for (let i = 0; i < warnings; i++) lines.push(`CREATE ALKE l${i};`);
  for (let i = 0; i < errors; i++) lines.push(`ALTER OCU SET LIMIT = ;`);
  return lines.join('\n') + '\n';
}

test('cappedDiagnostics keeps exactly what capDiagnostics keeps from the whole list, edits included', () => {
  const texts = [
    buildCorpus(200),
    buildCorpus(12_000, 3),
    warningsThenErrors(3000, 700),
    warningsThenErrors(500, 1500),
    warningsThenErrors(999, 1),
  ];
  const r = rng(17);
  for (const text of texts) {
    const doc = new SvcSqlDocument(text);
    for (let round = 0; round < 4; round++) {
      const all = doc.diagnostics();
      const counts = { error: 0, warning: 0, information: 0, hint: 0 };
      for (const d of all) counts[d.severity]++;
      assert.deepEqual(doc.diagnosticCounts(), counts, 'the counts kept through edits');
      const capped = cappedDiagnostics(doc);
      assert.deepEqual(capped, capDiagnostics(all));
      assert.ok(capped.length <= MAX_PUBLISHED + 1);
      const line = Math.floor(r() * doc.lines.lineCount);
      doc.update([{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: round % 2 ? 'x' : 'SHOW FLOWS;\n' }]);
    }
  }
});

test('a capped list of many problems says how many were left out', () => {
  const doc = new SvcSqlDocument(warningsThenErrors(3000, 700));
  const capped = cappedDiagnostics(doc);
  assert.equal(capped.length, MAX_PUBLISHED + 1);
  assert.equal(capped.filter((d) => d.severity === 'error').length, 700, 'every error is kept');
  const note = capped[capped.length - 1]!;
  assert.equal(note.code, 'too-many-problems');
  assert.match(note.message, new RegExp(`^${doc.diagnostics().length - MAX_PUBLISHED} more problems`));
});

test('the capped list is kept across edits past the statements it needs, and walked again for edits before them', () => {
  const r = rng(23);
  // 1,500 errors first, then 2,000 statements: the kept 999 errors come from the first ~1,000 lines.
  const doc = new SvcSqlDocument(warningsThenErrors(0, 1500) + buildCorpus(2000, 23));
  const quota = { error: MAX_PUBLISHED, warning: 0, information: 0, hint: 0 };
  for (let n = 0; n < 60; n++) {
    const before = doc.firstDiagnostics(quota);
    const early = n % 3 === 0;
    const line = early ? Math.floor(r() * 900) : 1600 + Math.floor(r() * (doc.lines.lineCount - 1600));
    const edits = ['x', '\n', 'ALTER OCU SET LIMIT = ;\n', "'"];
    doc.update([{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: edits[n % edits.length]! }]);
    const after = doc.firstDiagnostics(quota);
    if (!early) assert.equal(after, before, `edit ${n} on line ${line}: the kept answer`);
    assert.deepEqual(cappedDiagnostics(doc), capDiagnostics(doc.diagnostics()), `edit ${n} on line ${line}`);
  }
});
