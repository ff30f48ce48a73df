// textDocument/formatting and textDocument/rangeFormatting against the built server over stdio.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  ConfigurationRequest,
  DocumentFormattingRequest,
  DocumentRangeFormattingRequest,
  type ConfigurationParams,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { useLspClient } from './lspClient';

const FIXTURES = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'format');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

/** What the server asked for in workspace/configuration, and the width the "user" set. */
const asked: ConfigurationParams[] = [];
let lineWidth: number | undefined;

const client = useLspClient(
  [
    { diagnosticsDelayMs: 0 },
    undefined,
    { workspace: { configuration: true }, textDocument: { publishDiagnostics: { versionSupport: true } } },
  ],
  (started) =>
    started.connection.onRequest(ConfigurationRequest.type, (params) => {
      asked.push(params);
      return params.items.map((item) => (item.section === 'svcsql.format' ? { lineWidth } : null));
    }),
);

/** Formats uri with the given editor options and returns the text with the server's edits applied. */
async function formatted(uri: string, text: string, options = { tabSize: 2, insertSpaces: true }): Promise<string> {
  const edits = await client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options });
  return TextDocument.applyEdits(TextDocument.create(uri, 'svcsql', 1, text), edits ?? []);
}

test('Format Document turns a messy file into the expected text; a formatted file gets no edits', async () => {
  const uri = 'file:///fmt/messy.svcsql';
  const text = fixture('messy-flow.svcsql');
  await client.open(uri, text);
  assert.equal(await formatted(uri, text), fixture('messy-flow.expected.svcsql'));
  const tidy = 'file:///fmt/tidy.svcsql';
  await client.open(tidy, fixture('messy-flow.expected.svcsql'));
  assert.deepEqual(
    await client.connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri: tidy },
      options: { tabSize: 2, insertSpaces: true },
    }),
    [],
  );
});

test("the editor's indentation (tabSize, insertSpaces) decides the indent", async () => {
  const uri = 'file:///fmt/indent.svcsql';
  const text = "create cluster c type = 'SPARK' max_ocu = 2 min_ocu = 1";
  await client.open(uri, text);
  assert.equal(
    await formatted(uri, text, { tabSize: 4, insertSpaces: true }),
    "CREATE CLUSTER c\n    TYPE = 'SPARK'\n    MAX_OCU = 2\n    MIN_OCU = 1\n",
  );
  assert.equal(
    await formatted(uri, text, { tabSize: 4, insertSpaces: false }),
    "CREATE CLUSTER c\n\tTYPE = 'SPARK'\n\tMAX_OCU = 2\n\tMIN_OCU = 1\n",
  );
});

test('svcsql.format.lineWidth is asked of the client for the document, and breaks a list that does not fit', async () => {
  const uri = 'file:///fmt/width.svcsql';
  const text = "CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a.py', '--day', 'today') CLUSTER = 'c'";
  await client.open(uri, text);
  lineWidth = 30;
  asked.length = 0;
  assert.match(await formatted(uri, text), /PARAMETERS = \(\n {4}'a\.py',\n {4}'--day',\n {4}'today'\n {2}\)/);
  assert.deepEqual(asked.at(-1)?.items, [{ scopeUri: uri, section: 'svcsql.format' }]);
  lineWidth = undefined;
  assert.match(await formatted(uri, text), /PARAMETERS = \('a\.py', '--day', 'today'\)/);
});

test('Format Selection formats the whole statements the range touches, and nothing else', async () => {
  const uri = 'file:///fmt/range.svcsql';
  const text = "show   flows;\ncreate cluster c type = 'SPARK'\n  max_ocu = 2 min_ocu = 1;\nshow   lakes\n";
  await client.open(uri, text);
  // A range from inside line 2 to inside line 3 touches only the CREATE CLUSTER statement.
  const edits = await client.connection.sendRequest(DocumentRangeFormattingRequest.type, {
    textDocument: { uri },
    range: { start: { line: 1, character: 20 }, end: { line: 2, character: 5 } },
    options: { tabSize: 2, insertSpaces: true },
  });
  assert.equal(
    TextDocument.applyEdits(TextDocument.create(uri, 'svcsql', 1, text), edits ?? []),
    "show   flows;\nCREATE CLUSTER c\n  TYPE = 'SPARK'\n  MAX_OCU = 2\n  MIN_OCU = 1;\nshow   lakes\n",
  );
});

test('formatting follows edits, keeps a statement with a syntax error as written, and counts UTF-16 units', async () => {
  const uri = 'file:///fmt/edited.svcsql';
  const text = '-- é 🚀\nshow flows\n';
  await client.open(uri, text);
  const broken = "alter   ocu set limit = 'x";
  await client.change(uri, [
    { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, text: `\n${broken}\n\nrun   job j\n` },
  ]);
  const now = `${text}\n${broken}\n\nrun   job j\n`;
  assert.equal(await formatted(uri, now), `-- é 🚀\nSHOW FLOWS;\n\n${broken}\n\nRUN JOB j\n`);
});
