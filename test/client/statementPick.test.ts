import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstWords, pickStatements, type ServerStatement } from '../../client/src/statementPick';

// a.svcsql:
// 0: SHOW FLOWS;  SHOW JOBS;
// 1:
// 2: CREATE FLOW f
// 3:   WITH X = 1;
const at = (line: number, character: number) => ({ line, character });
const st = (sl: number, sc: number, el: number, ec: number, title: string): ServerStatement => ({
  range: { start: at(sl, sc), end: at(el, ec) },
  kind: 'k',
  title,
  text: title,
  hasErrors: false,
});
const stmts = [st(2, 0, 3, 12, 'CREATE FLOW'), st(0, 0, 0, 10, 'SHOW FLOWS'), st(0, 12, 0, 21, 'SHOW JOBS')];
const cursor = (l: number, c: number) => ({ start: at(l, c), end: at(l, c) });
const titles = (s: ServerStatement[]) => s.map((x) => x.title);

test('cursor inside a statement picks it', () => {
  assert.deepEqual(titles(pickStatements(stmts, cursor(3, 4))), ['CREATE FLOW']);
  assert.deepEqual(titles(pickStatements(stmts, cursor(0, 14))), ['SHOW JOBS']);
  assert.deepEqual(titles(pickStatements(stmts, cursor(2, 0))), ['CREATE FLOW'], 'at its start');
});

test('cursor after a statement on the same line picks it; a blank line picks nothing', () => {
  assert.deepEqual(titles(pickStatements(stmts, cursor(0, 11))), ['SHOW FLOWS']);
  assert.deepEqual(titles(pickStatements(stmts, cursor(0, 30))), ['SHOW JOBS']);
  assert.deepEqual(pickStatements(stmts, cursor(1, 0)), []);
  assert.deepEqual(pickStatements([], cursor(0, 0)), []);
});

test('a selection runs every statement it overlaps, in file order', () => {
  assert.deepEqual(titles(pickStatements(stmts, { start: at(0, 5), end: at(2, 3) })), ['SHOW FLOWS', 'SHOW JOBS', 'CREATE FLOW']);
  assert.deepEqual(
    titles(pickStatements(stmts, { start: at(3, 2), end: at(3, 5) })),
    ['CREATE FLOW'],
    'part of one statement runs it whole',
  );
  assert.deepEqual(titles(pickStatements(stmts, { start: at(0, 10), end: at(0, 12) })), [], 'only the gap between statements');
  assert.deepEqual(titles(pickStatements(stmts, { start: at(1, 0), end: at(2, 1) })), ['CREATE FLOW']);
});

test('first words for labels', () => {
  assert.equal(firstWords('  SHOW\n   FLOWS  '), 'SHOW FLOWS');
  const long = firstWords('CREATE FLOW my_flow WITH SOURCE = s3://bucket/path, TARGET = table_name, MODE = append', 30);
  assert.ok(long.length <= 31 && long.endsWith('…'), long);
});
