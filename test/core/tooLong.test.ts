// A statement with a syntax error and more parser tokens than MAX_PARSED_TOKENS is not given to
// ANTLR (core/src/syntax/parseStatement.ts): it gets one statement-too-long error at its first
// token, alike from a document (parseChunk, no token objects) and from its tokens (parseStatement);
// a valid one of any length is parsed as any other.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze, SvcSqlDocument } from '../../core/src/index';
import { analyzeStatement } from '../../core/src/statementAnalysis';
import { lex } from '../../core/src/syntax/lex';
import { MAX_PARSED_TOKENS, parseWork } from '../../core/src/syntax/parseStatement';

/** CREATE FLOW with a list of `items` strings never closed, a comment inside: 2 parser tokens an item. */
const unclosed = (items: number) =>
  'CREATE FLOW f /* the flow */ COLUMNS = (' + Array.from({ length: items }, (_, i) => `'c${i % 100}'`).join(', ') + " LAKE = 'l'";

test('a broken statement over the limit gets one statement-too-long error, not parsed by ANTLR', () => {
  const text = unclosed(MAX_PARSED_TOKENS / 2 + 10);
  const before = parseWork.antlr;
  const a = analyze(text);
  assert.equal(parseWork.antlr, before, 'ANTLR parsed nothing');
  assert.deepEqual(
    a.diagnostics.map((d) => [d.code, d.range.start.character, d.range.end.character]),
    [['statement-too-long', 0, 'CREATE'.length]],
  );
  assert.match(a.diagnostics[0]!.message, /syntax error and 100,0\d\d tokens, more than the 100,000/);
  // The comment is still blanked in the text to send.
  assert.ok(a.statements[0]!.sendText.startsWith('CREATE FLOW f                COLUMNS'), a.statements[0]!.sendText.slice(0, 40));
  // From its tokens (parseStatement): the same analysis as from the document (parseChunk).
  const fromTokens = analyzeStatement(lex(text), 0, text);
  assert.deepEqual(new SvcSqlDocument(text).statements()[0]!.analysis, fromTokens);
  assert.deepEqual(
    fromTokens.diagnostics.map((d) => [d.code, d.span]),
    [['statement-too-long', { start: 0, end: 6 }]],
  );
});

test('under the limit the same mistake is found and said by the parser', () => {
  const a = analyze(unclosed(MAX_PARSED_TOKENS / 2 - 10));
  const codes = new Set(a.diagnostics.map((d) => d.code));
  assert.ok(codes.has('unbalanced-parenthesis'), [...codes].join(', '));
  assert.ok(!codes.has('statement-too-long'));
});

test('a valid statement over the limit is parsed and checked as any other', () => {
  const pairs = Array.from({ length: MAX_PARSED_TOKENS / 3 + 10 }, (_, i) => `'k${i}' = 1`).join(', ');
  const a = analyze(`CREATE LAKE l WITH ${pairs};\nSHOW FLOWS;\n`);
  assert.equal(a.statements.length, 2);
  assert.equal(a.statements[0]!.kind, 'create-lake');
  assert.ok(!a.diagnostics.some((d) => d.code === 'statement-too-long' || d.severity === 'error'));
});

test('stray characters count too: a statement of 200,000 of them gets one error, not one each', () => {
  const text = 'SHOW FLOWS' + ' *'.repeat(MAX_PARSED_TOKENS * 2);
  const a = analyze(text);
  assert.deepEqual(
    a.diagnostics.map((d) => [d.code, d.range.start.character]),
    [['statement-too-long', 0]],
  );
  assert.deepEqual(new SvcSqlDocument(text).statements()[0]!.analysis, analyzeStatement(lex(text), 0, text));
});
