import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SvcSqlDocument, analyze, complete } from '../../core/src/index';

// Inputs that break naive parsers: each must be analysed within a bounded time, with sane
// results, and must leave the core serving other documents.
const BOUND_MS = 5000;

function timed<T>(what: string, f: () => T): T {
  const t = performance.now();
  const out = f();
  const took = performance.now() - t;
  assert.ok(took < BOUND_MS, `${what} took ${took.toFixed(0)} ms`);
  return out;
}

function stillServing(): void {
  const a = analyze("ALTER OCU SET LIMIT = '3'");
  assert.equal(a.statements.length, 1);
  assert.ok(a.diagnostics.length > 0);
}

test('10,000 nested parentheses', () => {
  const text = `CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ${'('.repeat(10000)}'a'${')'.repeat(10000)} CLUSTER = 'c'`;
  const doc = new SvcSqlDocument(text);
  const a = timed('nested parentheses', () => doc.analysis());
  assert.equal(a.statements.length, 1);
  assert.ok(a.diagnostics.length > 0);
  timed('completion inside', () => complete(doc, { line: 0, character: 5000 }));
  const unclosed = timed('unclosed', () => analyze(`SHOW FLOWS ${'('.repeat(10000)}`));
  assert.ok(unclosed.diagnostics.length > 0);
  stillServing();
});

test('a 1 MB string literal (closed and unclosed)', () => {
  const big = 'x'.repeat(1 << 20);
  const closed = timed('1 MB string', () => analyze(`CREATE CLUSTER c TYPE = '${big}' MAX_OCU = 8 MIN_OCU = 1`));
  assert.equal(closed.statements.length, 1);
  const doc = new SvcSqlDocument(`SHOW FLOWS;\nALTER CLUSTER c SET STATE = '${big}\nSHOW LAKES`);
  const open = timed('1 MB unclosed string', () => doc.analysis());
  assert.equal(open.statements.length, 3);
  assert.ok(open.diagnostics.some((d) => d.code === 'unterminated-string'));
  // Typing inside it stays incremental.
  timed('edit inside', () => {
    doc.update([{ range: { start: { line: 1, character: 100 }, end: { line: 1, character: 100 } }, text: 'y' }]);
    doc.diagnostics();
  });
  stillServing();
});

test('100,000 empty statements', () => {
  const doc = new SvcSqlDocument(';'.repeat(100000));
  const a = timed('empty statements', () => doc.analysis());
  assert.equal(a.statements.length, 0);
  const mixed = timed('mixed', () => analyze(`${';;;\n'.repeat(30000)}SHOW FLOWS;;;${';'.repeat(30000)}`));
  assert.equal(mixed.statements.length, 1);
  timed('edit', () => {
    doc.update([{ range: { start: { line: 0, character: 50000 }, end: { line: 0, character: 50000 } }, text: 'SHOW FLOWS' }]);
    assert.equal(doc.statements().length, 1);
  });
  stillServing();
});

test('CRLF, lone CR and a BOM', () => {
  const text = "\uFEFFSHOW FLOWS;\r\nALTER OCU SET LIMIT = '3'\rSHOW LAKES\r\n\r\nDESCRIBE FLOW f\n";
  const doc = new SvcSqlDocument(text);
  const a = timed('line ends', () => doc.analysis());
  assert.deepEqual(
    a.statements.map((s) => [s.title, s.range.start.line, s.range.start.character]),
    [
      ['SHOW FLOWS', 0, 1],
      ['ALTER OCU', 1, 0],
      ['SHOW LAKES', 2, 0],
      ['DESCRIBE FLOW', 4, 0],
    ],
  );
  const quoted = a.diagnostics.find((d) => d.range.start.line === 1);
  assert.ok(quoted, 'the quoted integer on line 1 is reported');
  // Joining a lone CR with a new LF, and splitting a CRLF, keep the lines right.
  doc.update([{ range: { start: { line: 1, character: 25 }, end: { line: 1, character: 25 } }, text: '' }]);
  doc.update([{ range: { start: { line: 2, character: 10 }, end: { line: 3, character: 0 } }, text: '\r' }]);
  assert.deepEqual(doc.analysis(), analyze(doc.text));
  stillServing();
});

test('a 25,000-line file of one unclosed block comment, then closed', () => {
  const body = 'SHOW FLOWS;\n'.repeat(25000);
  const doc = new SvcSqlDocument(body);
  assert.equal(doc.statements().length, 25000);
  timed('open comment', () => {
    doc.update([{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '/*' }]);
    // The unclosed comment is kept as one statement that reports it.
    assert.ok(doc.statements().length <= 1);
    assert.deepEqual(doc.analysis(), analyze(doc.text));
  });
  timed('close comment', () => {
    doc.update([{ range: { start: { line: 10, character: 0 }, end: { line: 10, character: 0 } }, text: '*/' }]);
    assert.equal(doc.statements().length, 25000 - 10);
  });
});
