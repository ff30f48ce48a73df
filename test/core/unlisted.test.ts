// A statement lists at most MAX_LISTED diagnostics (core/src/validate/unlisted.ts): the first found,
// and one more, too-many-statement-problems at its head, that counts the rest with the severity of
// the most severe of them. Statements under the limit keep every diagnostic they had.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { analyze, SvcSqlDocument } from '../../core/src/index';
import { fastElements } from '../../core/src/syntax/fastParse';
import { lex } from '../../core/src/syntax/lex';
import { parserTokens } from '../../core/src/syntax/parseStatement';
import { MAX_LISTED } from '../../core/src/index';

/** `WITH 'k0' = 0, 'k1' = 1, …`: `n` pairs whose values are unquoted (one diagnostic each, at least). */
const pairs = (n: number) => Array.from({ length: n }, (_, i) => `'k${i}' = ${i}`).join(', ');

const NOTE = 'too-many-statement-problems';

const codes = (text: string) => analyze(text).diagnostics.map((d) => d.code);

test('a statement with one more problem than the limit lists the limit and a note counting one', () => {
  // CREATE LAKE is argumentsOnly: one information a pair, nothing else.
  const atLimit = codes(`CREATE LAKE l WITH ${pairs(MAX_LISTED)}`);
  assert.equal(atLimit.length, MAX_LISTED);
  assert.ok(!atLimit.includes(NOTE));
  const a = analyze(`CREATE LAKE l WITH ${pairs(MAX_LISTED + 1)}`);
  assert.equal(a.diagnostics.length, MAX_LISTED + 1);
  const note = a.diagnostics[0]!;
  assert.equal(note.code, NOTE);
  // At the head and name, the statement's own severity rule applied first (argumentsOnly: information).
  assert.deepEqual([note.range.start.character, note.range.end.character, note.severity], [0, 'CREATE LAKE l'.length, 'information']);
  assert.equal(
    note.message,
    'This statement has 1 more problems than the 1,000 listed (the first found): fix those, or split the statement.',
  );
  // The ones listed are the first found, in document order.
  const listed = a.diagnostics.slice(1).map((d) => d.range.start.character);
  assert.deepEqual(
    listed,
    [...listed].sort((x, y) => x - y),
  );
  assert.equal(a.statements[0]!.hasErrors, false);
});

test('the note counts every problem left out, from the counts of smaller statements', () => {
  const head = 'CREATE FLOW f WITH ';
  const small = codes(head + pairs(100)).length;
  const perPair = (codes(head + pairs(200)).length - small) / 100;
  const fixed = small - 100 * perPair;
  assert.ok(perPair >= 1 && fixed >= 0, `${perPair} a pair, ${fixed} more`);
  const n = 3 * MAX_LISTED;
  const a = analyze(head + pairs(n));
  assert.equal(a.diagnostics.length, MAX_LISTED + 1);
  const note = a.diagnostics.find((d) => d.code === NOTE)!;
  const left = fixed + n * perPair - MAX_LISTED;
  assert.match(note.message, new RegExp(`^This statement has ${left.toLocaleString('en-US')} more problems`));
  // The most severe left out is a warning (an unquoted value); what the list holds has errors (missing clauses).
  assert.equal(note.severity, 'warning');
  // A document (the language server's) analyses it alike.
  assert.deepEqual(new SvcSqlDocument(head + pairs(n)).diagnostics(), a.diagnostics);
});

test('an error left out makes the note an error, and the statement one with errors', () => {
  const text = `CREATE LAKE l WITH ${pairs(MAX_LISTED)}, bare = '1'`;
  const a = analyze(text);
  assert.ok(!a.diagnostics.some((d) => d.code === 'unquoted-with-key'), 'the bare key is past the limit');
  const note = a.diagnostics.find((d) => d.code === NOTE)!;
  assert.equal(note.severity, 'error');
  assert.equal(a.statements[0]!.hasErrors, true);
});

test('syntax errors count toward the limit: the first by position are listed', () => {
  const a = analyze('SHOW FLOWS' + ' +'.repeat(MAX_LISTED + 500));
  assert.equal(a.diagnostics.length, MAX_LISTED + 1);
  assert.equal(a.diagnostics[0]!.code, NOTE);
  assert.equal(a.diagnostics[0]!.severity, 'error');
  assert.match(a.diagnostics[0]!.message, /^This statement has 500 more/);
  // '+' at 11, 13, …: the first thousand.
  assert.deepEqual(
    a.diagnostics.slice(1).map((d) => d.range.start.character),
    Array.from({ length: MAX_LISTED }, (_, i) => 11 + 2 * i),
  );
});

test("a giant statement's nodes are let go once read, not kept until another statement overwrites them", async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const refs: WeakRef<object>[] = [];
  (() => {
    const elements = fastElements(parserTokens(lex(`CREATE LAKE l WITH ${pairs(10_000)}`)), 0)!;
    const withNode = elements.find((e) => e.kind === 'with');
    assert.ok(withNode && withNode.kind === 'with');
    refs.push(new WeakRef(withNode.pairs[0]!), new WeakRef(withNode.pairs[9_999]!));
  })();
  // A statement without a WITH: nothing overwrites the pairs' places.
  assert.ok(fastElements(parserTokens(lex('SHOW FLOWS')), 0));
  // A WeakRef holds its target until the job that made it ends.
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  assert.deepEqual(
    refs.map((r) => r.deref() === undefined),
    [true, true],
  );
});
