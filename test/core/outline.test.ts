// Document symbols (one per statement) and folding ranges (multi-line statements, block comments).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SvcSqlDocument, documentSymbols, foldingRanges } from '../../core/src/index';

const text = [
  '/* Orders pipeline', // 0
  '   setup */', // 1
  'CREATE FLOW orders', // 2
  "  SOURCE = 'kafka' /* the", // 3
  '  topic */', // 4
  "  LAKE = 'main';", // 5
  'SHOW FLOWS', // 6
  '', // 7
  'FROBNICATE things', // 8
  '', // 9
  'ALTER FLOW orders SET STATE = PAUSE', // 10
  '/* trailing', // 11
  'comment */', // 12
].join('\n');

test('one symbol per statement, named by head and name, with the summary', () => {
  const doc = new SvcSqlDocument(text);
  const symbols = documentSymbols(doc);
  assert.deepEqual(
    symbols.map((s) => s.name),
    ['CREATE FLOW orders', 'SHOW FLOWS', 'FROBNICATE THINGS', 'ALTER FLOW orders'],
  );
  assert.equal(symbols[0]!.detail, 'Create a flow that ingests a source into a lake table.');
  assert.match(symbols[2]!.detail!, /not in the catalog/);
  assert.deepEqual(symbols[0]!.range, { start: { line: 2, character: 0 }, end: { line: 5, character: 15 } });
  assert.deepEqual(symbols[0]!.selectionRange, { start: { line: 2, character: 0 }, end: { line: 2, character: 18 } });
  for (const s of symbols) {
    const inside = (p: { line: number; character: number }) =>
      (p.line > s.range.start.line || (p.line === s.range.start.line && p.character >= s.range.start.character)) &&
      (p.line < s.range.end.line || (p.line === s.range.end.line && p.character <= s.range.end.character));
    assert.ok(inside(s.selectionRange.start) && inside(s.selectionRange.end), `${s.name}: selection outside range`);
  }
});

test('folding: multi-line statements and block comments, inside and between statements', () => {
  const doc = new SvcSqlDocument(text);
  assert.deepEqual(foldingRanges(doc), [
    { startLine: 0, endLine: 1, kind: 'comment' },
    { startLine: 2, endLine: 5 },
    { startLine: 3, endLine: 4, kind: 'comment' },
    { startLine: 11, endLine: 12, kind: 'comment' },
  ]);
});

test('an empty document has no symbols and no folds', () => {
  const doc = new SvcSqlDocument('');
  assert.deepEqual(documentSymbols(doc), []);
  assert.deepEqual(foldingRanges(doc), []);
});
