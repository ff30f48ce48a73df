// `svcsql/statements` in time linear in what it lists: entries kept per statement (an edit derives
// only the statements it changed), the compact form of a whole document (spans) equal to the
// entries, and a range that lists only the statements Run Statement can pick there.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SvcSqlDocument } from '../../core/src/index';
import { buildCorpus, rng } from '../../bench/corpus';
import { pickStatements } from '../../client/src/statementPick';
import { decodeStatementSpans, SPAN_HAS_ERRORS, SPAN_NOTHING_TO_SEND, StatementSpansWriter } from '../../protocol/src/statementSpans';
import { statementsAnswer, statementsWork } from '../../server/src/lsp/statementsAnswer';

test('the compact form (spans) gives every statement’s range, title and flags, before and after edits', () => {
  const doc = new SvcSqlDocument(buildCorpus(300) + "\nCREATE MODEL m WITH 'api_key' = 'sk-é🙂'\n\n/* only */ ;\n");
  for (let round = 0; round < 3; round++) {
    const entries = statementsAnswer(doc, { uri: 'file:///a.svcsql' }).statements;
    const compact = statementsAnswer(doc, { uri: 'file:///a.svcsql', spans: true });
    assert.equal(compact.statements.length, 0);
    const spans = decodeStatementSpans(compact.spans);
    assert.equal(spans.length, entries.length);
    assert.ok(spans.some((s) => s.hasErrors) && spans.some((s) => !s.hasErrors));
    assert.deepEqual(
      spans,
      entries.map((e) => ({ range: e.range, title: e.title, hasErrors: e.hasErrors, empty: e.text.trim() === '' })),
    );
    // As JSON: a few numbers per statement, not an object with its text.
    const json = JSON.stringify(compact).length;
    assert.ok(json < JSON.stringify(entries).length / 5, `${json} characters`);
    // A range gives the statements it touches, compact too.
    const range = { start: { line: 20, character: 0 }, end: { line: 30, character: 0 } };
    const some = statementsAnswer(doc, { uri: 'file:///a.svcsql', range }).statements;
    assert.deepEqual(
      decodeStatementSpans(statementsAnswer(doc, { uri: 'file:///a.svcsql', range, spans: true }).spans).map((s) => s.range),
      some.map((e) => e.range),
    );
    // And the answer is the one a fresh document of the same text gives.
    assert.deepEqual(statementsAnswer(new SvcSqlDocument(doc.text), { uri: 'file:///b.svcsql', spans: true }), compact);
    doc.update([{ range: { start: { line: 10 + round, character: 0 }, end: { line: 10 + round, character: 0 } }, text: 'SHOW FLOWS;\n' }]);
  }
});

test('a malformed compact answer decodes to no statements', () => {
  assert.deepEqual(decodeStatementSpans(undefined), []);
  assert.deepEqual(decodeStatementSpans({ titles: [], data: '1,2,3' }), []);
});

test('after a keystroke only the edited statement is derived again, whatever the size of the file', () => {
  for (const n of [1000, 10000]) {
    const doc = new SvcSqlDocument(buildCorpus(n));
    statementsAnswer(doc, { uri: 'file:///a.svcsql' });
    const before = statementsWork.derived;
    const middle = Math.floor(doc.lines.lineCount / 2);
    doc.update([{ range: { start: { line: middle, character: 0 }, end: { line: middle, character: 0 } }, text: '\n' }]);
    const result = statementsAnswer(doc, { uri: 'file:///a.svcsql' });
    assert.equal(result.statements.length, doc.statements().length);
    assert.ok(statementsWork.derived - before <= 2, `${n} statements: ${statementsWork.derived - before} derived again`);
  }
});

test('a range lists the statements its lines meet: Run Statement picks the same ones from them as from all', () => {
  const text = buildCorpus(400) + '\nSHOW FLOWS; SHOW LAKES;\nALTER OCU SET LIMIT = 3 ;  \n\n-- end\n';
  const doc = new SvcSqlDocument(text);
  const all = statementsAnswer(doc, { uri: 'file:///a.svcsql' }).statements;
  const r = rng(11);
  const lines = doc.lines.lineCount;
  for (let i = 0; i < 300; i++) {
    const line = Math.floor(r() * lines);
    const start = { line, character: Math.floor(r() * 40) };
    const end = r() < 0.5 ? start : { line: Math.min(lines - 1, line + Math.floor(r() * 6)), character: Math.floor(r() * 40) };
    const range = { start, end };
    const some = statementsAnswer(doc, { uri: 'file:///a.svcsql', range }).statements;
    assert.ok(some.length <= 10, `${some.length} statements listed for lines ${start.line}-${end.line}`);
    assert.deepEqual(pickStatements(some, range), pickStatements(all, range), JSON.stringify(range));
  }
});

test('the compact form and a range, asked right after edits (offsets still shifting lazily), equal a fresh document’s', () => {
  const r = rng(12);
  const doc = new SvcSqlDocument(buildCorpus(500, 12));
  statementsAnswer(doc, { uri: 'file:///a.svcsql', spans: true });
  for (let n = 0; n < 40; n++) {
    const at = doc.lines.positionAt(Math.floor(r() * doc.source.length));
    doc.update([{ range: { start: at, end: at }, text: ['x', '\n', 'SHOW FLOWS;\n', "'"][n % 4]! }]);
    const fresh = new SvcSqlDocument(doc.text);
    const line = Math.floor(r() * doc.lines.lineCount);
    const range = { start: { line, character: 0 }, end: { line: line + 3, character: 0 } };
    for (const params of [{ spans: true }, { spans: true, range }, { range }]) {
      assert.deepEqual(
        statementsAnswer(doc, { uri: 'file:///a.svcsql', ...params }),
        statementsAnswer(fresh, { uri: 'file:///a.svcsql', ...params }),
        `edit ${n}: ${JSON.stringify(params)}`,
      );
    }
  }
});

test('the compact form’s numbers: large and negative values decode as written, garbage as nothing', () => {
  const writer = new StatementSpansWriter();
  writer.add(0, 0, 0, 5, 'SHOW FLOWS', 0);
  writer.add(1_234_567, 9_876_543, 1_234_570, 0, 'ALTER FLOW', SPAN_HAS_ERRORS);
  writer.add(1_234_567, 3, 1_234_567, 4, 'SHOW FLOWS', SPAN_NOTHING_TO_SEND);
  const spans = writer.result();
  assert.equal(typeof spans.data, 'string');
  assert.deepEqual(
    decodeStatementSpans(spans).map((s) => [
      s.range.start.line,
      s.range.start.character,
      s.range.end.line,
      s.range.end.character,
      s.title,
      s.hasErrors,
      s.empty,
    ]),
    [
      [0, 0, 0, 5, 'SHOW FLOWS', false, false],
      [1_234_567, 9_876_543, 1_234_570, 0, 'ALTER FLOW', true, false],
      [1_234_567, 3, 1_234_567, 4, 'SHOW FLOWS', false, true],
    ],
  );
  for (const data of ['1,2,x,4,5,6', '1,,3,4,5,6', '1,2,3,4,5,6,', '--1,2,3,4,5,6']) {
    assert.deepEqual(decodeStatementSpans({ titles: ['a'], data }), [], data);
  }
  assert.equal(decodeStatementSpans({ titles: ['a'], data: '-1,2,3,4,0,0' }).length, 1);
});
