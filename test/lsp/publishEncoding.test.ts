// A keystroke's publish reuses what the last one made: the capped list (diagnosticCap.ts), the LSP
// objects and list (diagnosticConverter.ts), the JSON bytes and where each diagnostic ends in them
// (messageEncoder.ts), and the core's own list (SvcSqlDocument.diagnostics). After every edit the
// bytes must be those of JSON.stringify on the same message made from scratch: the whole list
// capped anew and converted by a fresh converter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver/node';
import { SvcSqlDocument, type TextChange } from '../../core/src/index';
import { buildCorpus, rng } from '../../bench/corpus';
import { capDiagnostics, cappedDiagnostics, MAX_PUBLISHED } from '../../server/src/lsp/diagnosticCap';
import { DiagnosticConverter } from '../../server/src/lsp/diagnosticConverter';
import { encodeMessage, encoderWork } from '../../server/src/lsp/messageEncoder';

const message = (uri: string, version: number, diagnostics: Diagnostic[]) =>
  ({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri, version, diagnostics } }) as const;

/** An edit of the kinds typing makes: a character, a line break, a broken statement, a deletion; anywhere, or in the first lines. */
function randomEdit(doc: SvcSqlDocument, r: () => number, n: number): TextChange {
  const lineCount = doc.lines.lineCount;
  const line = n % 5 === 0 ? Math.floor(r() * Math.min(40, lineCount)) : Math.floor(r() * lineCount);
  const length = doc.lines.offsetAt({ line, character: 1e9 }) - doc.lines.lineStart(line);
  const start = { line, character: Math.floor(r() * (length + 1)) };
  switch (n % 6) {
    case 0:
    case 1:
      return { range: { start, end: start }, text: 'x' };
    case 2:
      return { range: { start, end: start }, text: '\n' };
    case 3:
      return { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: 'ALTER OCU SET LIMIT = ;\n' };
    case 4:
      return { range: { start, end: { line, character: Math.min(length, start.character + 1 + Math.floor(r() * 6)) } }, text: '' };
    default:
      return { range: { start, end: start }, text: "'" };
  }
}

/**
 * Publishes `text` and `edits` random edits of it. The reference list is made from scratch: the
 * whole list capped anew, converted by a fresh converter, from the edited document's list or, every
 * `scratchEvery` edits, from a new document of its text.
 */
function checkPublishes(text: string, edits: number, seed: number, links: boolean, scratchEvery: number): { capped: number } {
  const uri = `file:///publish-${seed}.svcsql`;
  const doc = new SvcSqlDocument(text);
  const out = new DiagnosticConverter(links);
  const r = rng(seed);
  let capped = 0;
  for (let n = 0; n <= edits; n++) {
    if (n > 0) doc.update([randomEdit(doc, r, n)]);
    const msg = message(uri, n, out.lspList(uri, cappedDiagnostics(doc)));
    const all = n % scratchEvery === 0 ? new SvcSqlDocument(doc.text).diagnostics() : doc.diagnostics();
    const plain = message(uri, n, capDiagnostics(all).map(new DiagnosticConverter(links).lsp));
    assert.equal(encodeMessage(msg as never).toString('utf8'), JSON.stringify(plain), `publish ${n}`);
    if (plain.params.diagnostics.length === MAX_PUBLISHED + 1) capped++;
  }
  return { capped };
}

/** Broken statements first, then `statements` of the corpus: the first thousand problems lie in the first lines. */
const problemsFirst = (broken: number, statements: number, seed: number) =>
  'ALTER OCU SET LIMIT = ;\n'.repeat(broken) + buildCorpus(statements, seed);

test('publishes after random edits are byte for byte JSON.stringify of the list made from scratch (a few hundred diagnostics)', () => {
  checkPublishes(buildCorpus(500, 5), 80, 31, false, 1);
  checkPublishes(buildCorpus(300, 6), 40, 32, true, 1);
});

test('publishes after random edits are byte for byte JSON.stringify of the list made from scratch (capped at a thousand)', () => {
  // Edits below the kept problems (most of them) and among them.
  const { capped } = checkPublishes(problemsFirst(1200, 3000, 7), 150, 33, false, 25);
  assert.equal(capped, 151);
});

test('a keystroke below the kept diagnostics of a capped list publishes the same list, joined from no piece', () => {
  const uri = 'file:///kept.svcsql';
  const doc = new SvcSqlDocument(problemsFirst(1200, 3000, 8));
  const out = new DiagnosticConverter(false);
  const first = out.lspList(uri, cappedDiagnostics(doc));
  const bytes = encodeMessage(message(uri, 1, first) as never).toString('utf8');
  assert.equal(first.length, MAX_PUBLISHED + 1);
  // A character typed on the last line, far below the first thousand problems.
  const last = doc.lines.lineCount - 1;
  doc.update([{ range: { start: { line: last, character: 0 }, end: { line: last, character: 0 } }, text: ' ' }]);
  const core = cappedDiagnostics(doc);
  assert.equal(cappedDiagnostics(doc), core, 'the same capped list');
  const second = out.lspList(uri, core);
  assert.equal(second, first, 'the same LSP list');
  const again = encodeMessage(message(uri, 2, second) as never).toString('utf8');
  assert.equal(encoderWork.pieces, 0);
  assert.equal(again, bytes.replace('"version":1', '"version":2'));
  // A problem added down there: the same kept ones, a new count of those left out.
  doc.update([{ range: { start: { line: last, character: 0 }, end: { line: last, character: 0 } }, text: 'ALTER OCU SET LIMIT = ;\n' }]);
  const third = out.lspList(uri, cappedDiagnostics(doc));
  assert.notEqual(third, second);
  const plain = capDiagnostics(doc.diagnostics()).map(new DiagnosticConverter(false).lsp);
  assert.equal(encodeMessage(message(uri, 3, third) as never).toString('utf8'), JSON.stringify(message(uri, 3, plain)));
  assert.equal(encoderWork.pieces, 1, 'the note alone');
});
