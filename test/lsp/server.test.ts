import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  CodeActionRequest,
  CompletionRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
} from 'vscode-languageserver-protocol/node';
import { StatementsRequest } from '../../protocol/src/lspExtensions';
import { completionItems, useLspClient } from './lspClient';

const client = useLspClient();

test("initialize answers serverInfo with the package's version", () => {
  const { name, version } = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  assert.deepEqual(client.initializeResult?.serverInfo, { name: `${name}-language-server`, version });
});

const labels = (r: CompletionItem[] | CompletionList | null) => completionItems(r).map((i) => i.label);
const codes = (ds: Diagnostic[]) => ds.map((d) => String(d.code));

const FLOW = `-- a flow with é before the error
CREATE FLOW orders
  SOURCE = 'kafka'
  LAKE 'sales'
  DATABASE = 'db'
  TABLE_NAME = 't'
  WRITE_MODE = 'IMMUTABLE'
  CLUSTER = 'c'
`;

test('publishes syntax diagnostics at exact ranges, and clears them when fixed', async () => {
  const uri = 'file:///flow.svcsql';
  const diagnostics = await client.open(uri, FLOW);
  const missing = diagnostics.find((d) => d.code === 'missing-equals');
  assert.ok(missing, `expected missing-equals in ${JSON.stringify(diagnostics)}`);
  assert.deepEqual(missing.range, { start: { line: 3, character: 7 }, end: { line: 3, character: 14 } });
  assert.equal(missing.source, 'svcsql');
  assert.match(String(missing.message), /Missing '=' between LAKE/);

  const fixed = await client.change(uri, [{ range: { start: { line: 3, character: 6 }, end: { line: 3, character: 7 } }, text: ' = ' }]);
  assert.deepEqual(
    codes(fixed).filter((c) => c === 'missing-equals'),
    [],
  );
  assert.equal(fixed.filter((d) => d.severity === 1).length, 0, JSON.stringify(fixed));
});

test('counts UTF-16 units after non-ASCII text', async () => {
  const uri = 'file:///utf16.svcsql';
  const diagnostics = await client.open(uri, `ALTER FLOW \`é🙂\` SET MIN_SYNC_FREQUENCY_MINS = 5 )`);
  const paren = diagnostics.find((d) => d.code === 'unbalanced-parenthesis');
  assert.ok(paren, JSON.stringify(diagnostics));
  // The backticked name holds é (1 unit) and 🙂 (2 units).
  assert.deepEqual(paren.range.start, { line: 0, character: 49 });
});

test('answers the statements request with the text to send', async () => {
  const uri = 'file:///statements.svcsql';
  await client.open(uri, 'SHOW FLOWS;\n\nALTER OCU SET /* cap */ LIMIT = 3;\nRUN JOB nightly');
  const result = await client.connection.sendRequest(StatementsRequest, { uri });
  assert.ok(result);
  assert.deepEqual(
    result.statements.map((s) => [s.kind, s.title, s.text, s.range.start.line, s.hasErrors]),
    [
      ['show-flows', 'SHOW FLOWS', 'SHOW FLOWS', 0, false],
      ['alter-ocu', 'ALTER OCU', 'ALTER OCU SET           LIMIT = 3', 2, false],
      ['run-job', 'RUN JOB', 'RUN JOB nightly', 3, false],
    ],
  );
  assert.equal(result.statements[2]!.name, 'nightly');
  assert.equal(await client.connection.sendRequest(StatementsRequest, { uri: 'file:///not-open.svcsql' }), null);
});

test('completes clauses, enum values and WITH keys', async () => {
  const uri = 'file:///complete.svcsql';
  const text = "CREATE FLOW f SOURCE = 'k' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = \nSHOW FLOWS";
  await client.open(uri, text);
  const values = await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line: 0, character: 84 },
  });
  assert.ok(
    labels(values).some((l) => l.includes('IMMUTABLE')),
    JSON.stringify(labels(values)),
  );

  await client.change(uri, [{ text: "CREATE FLOW f SOURCE = 'k' \nSHOW FLOWS" }]);
  const clauses = await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line: 0, character: 27 },
  });
  const names = labels(clauses);
  assert.ok(
    names.some((l) => l.startsWith('LAKE')),
    JSON.stringify(names),
  );
  assert.ok(!names.some((l) => /^SOURCE\b/.test(l)), `SOURCE is already there: ${JSON.stringify(names)}`);

  await client.change(uri, [
    { text: "CREATE FLOW f SOURCE = 'k' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'MUTABLE' WITH " },
  ]);
  const keys = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 0, character: 98 } });
  assert.ok(
    labels(keys).some((l) => l.includes('kafka.topic.name')),
    JSON.stringify(labels(keys)),
  );
});

test('hovers on a clause keyword, lists symbols and folding ranges', async () => {
  const uri = 'file:///hover.svcsql';
  await client.open(uri, "CREATE CLUSTER c\n  TYPE = 'SPARK'\n  MAX_OCU = 4\n  MIN_OCU = 1\n\nSHOW FLOWS");
  const h = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 4 } });
  assert.ok(h, 'hover on MAX_OCU');
  assert.match(JSON.stringify(h.contents), /MAX_OCU/);

  const symbols = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
  assert.ok(Array.isArray(symbols));
  assert.deepEqual(
    symbols.map((s) => s.name),
    ['CREATE CLUSTER c', 'SHOW FLOWS'],
  );

  const folds = await client.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } });
  assert.ok(
    folds?.some((f) => f.startLine === 0 && f.endLine === 3),
    JSON.stringify(folds),
  );
});

test('offers a quick fix that unquotes a quoted integer', async () => {
  const uri = 'file:///fix.svcsql';
  const diagnostics = await client.open(uri, "ALTER OCU SET LIMIT = '3'");
  const quoted = diagnostics.find((d) => d.code === 'quoted-integer');
  assert.ok(quoted, JSON.stringify(diagnostics));
  const actions = await client.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: quoted.range,
    context: { diagnostics: [quoted] },
  });
  assert.ok(actions && actions.length > 0, 'one action at least');
  const action = actions[0]!;
  assert.ok('edit' in action && action.edit?.changes);
  assert.deepEqual(action.edit.changes[uri], [{ range: quoted.range, newText: '3' }]);
});

test('survives bad input and keeps serving other documents', async () => {
  const random = (n: number, seed = 7) => {
    let x = seed;
    let s = '';
    for (let i = 0; i < n; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      s += String.fromCharCode(x % 0xffff);
    }
    return s;
  };
  const statement = "CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'MUTABLE' CLUSTER = 'c'\n";
  const inputs: Record<string, string> = {
    empty: '',
    binary: random(20_000),
    fiveMegabytes: statement.repeat(Math.ceil((5 * 1024 * 1024) / statement.length)),
    longLine: `SHOW FLOWS ${'x'.repeat(20_000)}`,
    unclosedString: "CREATE FLOW f SOURCE = 'never closed",
  };
  for (const [name, text] of Object.entries(inputs)) {
    const uri = `file:///bad-${name}.svcsql`;
    const diagnostics = await client.open(uri, text, 60_000);
    assert.ok(Array.isArray(diagnostics), name);
    if (name === 'unclosedString') assert.ok(codes(diagnostics).includes('unterminated-string'), name);
    if (name === 'empty' || name === 'fiveMegabytes') assert.equal(diagnostics.filter((d) => d.severity === 1).length, 0, name);
    await client.close(uri);
  }
  assert.equal(client.exited, null, `server exited; stderr: ${client.stderr}`);
  const after = await client.open('file:///after.svcsql', 'SHOW FLOWS');
  assert.deepEqual(after, []);
});
