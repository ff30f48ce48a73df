// `svcsql/statements` in time linear in what it lists: entries kept per statement (an edit derives
// only the statements it changed), the JSON joined from cached pieces and equal to a fresh
// serialisation, and a range that lists only the statements Run Statement can pick there.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SvcSqlDocument } from '../../core/src/index';
import { buildCorpus, rng } from '../../bench/corpus';
import { pickStatements } from '../../client/src/statementPick';
import { encodeMessage } from '../../server/src/lsp/messageEncoder';
import { statementsAnswer, statementsWork } from '../../server/src/lsp/statementsAnswer';
import type { Message } from 'vscode-languageserver-protocol/node';

const encoded = (result: object) =>
  JSON.parse(encodeMessage({ jsonrpc: '2.0', id: 7, result } as unknown as Message).toString('utf8')) as unknown;

test('the joined JSON equals JSON.stringify of the answer, before and after edits', () => {
  const doc = new SvcSqlDocument(buildCorpus(300) + "\nCREATE MODEL m WITH 'api_key' = 'sk-é🙂'");
  for (let round = 0; round < 3; round++) {
    const result = statementsAnswer(doc, { uri: 'file:///a.svcsql' });
    assert.deepEqual(encoded(result), JSON.parse(JSON.stringify({ jsonrpc: '2.0', id: 7, result })));
    // And the answer is the one a fresh document of the same text gives.
    const fresh = statementsAnswer(new SvcSqlDocument(doc.text), { uri: 'file:///b.svcsql' });
    assert.deepEqual(result, fresh);
    doc.update([{ range: { start: { line: 10 + round, character: 0 }, end: { line: 10 + round, character: 0 } }, text: 'SHOW FLOWS;\n' }]);
  }
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
