import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze, SvcSqlDocument } from '../../core/src/index';

const titles = (text: string) => analyze(text).statements.map((s) => `${s.title}${s.name ? ' ' + s.name : ''}`);

test('statements end at ;, at a blank line, or where the next statement begins', () => {
  assert.deepEqual(titles('SHOW FLOWS; SHOW CLUSTERS;SHOW LAKES'), ['SHOW FLOWS', 'SHOW CLUSTERS', 'SHOW LAKES']);
  assert.deepEqual(titles('SHOW FLOWS\n\nSHOW CLUSTERS'), ['SHOW FLOWS', 'SHOW CLUSTERS']);
  assert.deepEqual(titles('RUN JOB a\nRUN JOB b DELETE JOB c'), ['RUN JOB a', 'RUN JOB b', 'DELETE JOB c']);
  assert.deepEqual(titles(';;;\n;'), []);
});

test('a verb used as a value does not start a statement', () => {
  assert.deepEqual(titles('ALTER FLOW f SET STATE = RESUME\nSHOW POLICIES DIFF CATALOG = c FOR SYNC'), [
    'ALTER FLOW f',
    'SHOW POLICIES DIFF',
  ]);
  // DELETE SOURCE spells a head, but followed by '=' it is a clause.
  assert.deepEqual(titles("CREATE FLOW delete SOURCE = 's' LAKE = 'l'"), ['CREATE FLOW delete']);
});

test('a head being typed on its own line starts a new statement', () => {
  assert.deepEqual(titles('SHOW FLOWS\nCREATE'), ['SHOW FLOWS', 'CREATE']);
  assert.deepEqual(titles('ALTER OCU SET\nALTER CLUSTER c SET MAX_OCU = 2'), ['ALTER OCU', 'ALTER CLUSTER c']);
});

test('comments are blanked in the text to send, positions kept', () => {
  const [s] = analyze('ALTER OCU -- the cap\n  SET /* x\n y */ LIMIT = 3;').statements;
  assert.ok(s);
  assert.equal(s.sendText, 'ALTER OCU           \n  SET     \n      LIMIT = 3');
  assert.deepEqual(s.range, { start: { line: 0, character: 0 }, end: { line: 2, character: 15 } });
});

test('keywords are case-insensitive; names keep their case', () => {
  const [s] = analyze('run job Nightly_Load').statements;
  assert.equal(s?.kind, 'run-job');
  assert.equal(s?.name, 'Nightly_Load');
});

test('positions count UTF-16 units and handle CRLF, CR and a BOM', () => {
  const text = '\uFEFFSHOW FLOWS\r\n\r\nRUN JOB `🙂`\rDELETE JOB x';
  const doc = new SvcSqlDocument(text);
  const ranges = doc.analysis().statements.map((s) => s.range);
  assert.deepEqual(ranges, [
    { start: { line: 0, character: 1 }, end: { line: 0, character: 11 } },
    { start: { line: 2, character: 0 }, end: { line: 2, character: 12 } },
    { start: { line: 3, character: 0 }, end: { line: 3, character: 12 } },
  ]);
});

test('one broken statement does not hide the next one', () => {
  const a = analyze("CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a'\nALTER OCU SET LIMIT = 3 3\nSHOW FLOWS");
  assert.deepEqual(
    a.statements.map((s) => [s.kind, s.hasErrors]),
    [
      ['create-job', true],
      ['alter-ocu', true],
      ['show-flows', false],
    ],
  );
  assert.deepEqual(
    a.diagnostics.map((d) => [d.code, d.range.start.line]).filter(([c]) => c === 'unbalanced-parenthesis' || c === 'unexpected-token'),
    [
      ['unbalanced-parenthesis', 0],
      ['unexpected-token', 1],
    ],
  );
});

test('syntax errors are named in plain words at the offending token', () => {
  const cases: [string, string, number, number][] = [
    ["CREATE CLUSTER c TYPE 'SPARK'", 'missing-equals', 22, 29],
    ['ALTER OCU SET LIMIT =', 'missing-value', 21, 21],
    ["UPLOAD JAR j WITH 's3.path' = 'x' LIMIT = 'y' ''", 'unexpected-token', 46, 48],
    ["SHOW FLOWS 'unclosed", 'unterminated-string', 11, 20],
    ['DESCRIBE JOB_RUN `run-1 JOB_NAME', 'unterminated-name', 17, 32],
    ['SHOW FLOWS # x', 'unexpected-character', 11, 12],
    ['SHOW FLOWS /* open', 'unterminated-comment', 11, 13],
  ];
  for (const [text, code, start, end] of cases) {
    const d = analyze(text).diagnostics.find((x) => x.code === code);
    assert.ok(d, `${code} in ${text}: ${JSON.stringify(analyze(text).diagnostics)}`);
    assert.deepEqual([d.range.start.character, d.range.end.character], [start, end], text);
    assert.equal(d.severity, 'error');
  }
});
