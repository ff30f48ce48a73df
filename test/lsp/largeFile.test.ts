// A file above the server's size limit (server/src/largeDocument.ts): one information diagnostic
// that says why, every feature answers empty and fast, memory stays bounded, and the file is
// analysed again once an edit brings it below the limit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompletionRequest, DocumentSymbolRequest, HoverRequest } from 'vscode-languageserver-protocol/node';
import { ServerStatsRequest, StatementsRequest, type ServerStats } from '../../protocol/src/lspExtensions';
import { useLspClient } from './lspClient';

const client = useLspClient();

function bigText(chars: number): string {
  const unit = "ALTER OCU SET LIMIT = '3';\nCREATE FLOW f SOURCE = 's' LAKE 'l'\n\n";
  return unit.repeat(Math.ceil(chars / unit.length));
}

test('a 21 MB file: one information diagnostic, features off, the server stays small and alive', async () => {
  const uri = 'file:///big.svcsql';
  const text = bigText(21 * 1024 * 1024);
  const diagnostics = await client.open(uri, text, 60_000);
  assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics.slice(0, 3)));
  assert.equal(diagnostics[0]!.code, 'file-too-large');
  assert.match(String(diagnostics[0]!.codeDescription?.href), /\/docs\/diagnostics\.md#file-too-large$/, 'links to its entry');
  assert.equal(diagnostics[0]!.severity, 3);
  assert.match(String(diagnostics[0]!.message), /This file is 21\.0 MB, more than the 20\.0 MB the editor analyses/);
  const pos = { line: 1000, character: 3 };
  const completion = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: pos });
  assert.deepEqual(Array.isArray(completion) ? completion : (completion?.items ?? []), []);
  assert.equal(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: pos }), null);
  assert.deepEqual(await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }), []);
  const statements = await client.connection.sendRequest(StatementsRequest, { uri });
  assert.deepEqual(statements?.statements, []);
  assert.match(statements?.unavailable ?? '', /svcsql run/);
  const edited = await client.change(
    uri,
    [{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, text: 'x' }],
    60_000,
  );
  assert.equal(edited.length, 1);
  const stats = await client.connection.sendRequest<ServerStats>(ServerStatsRequest.method, null);
  // Coarse on purpose (a loaded machine): the text twice over and the runtime, far from the ~750 MB of an analysis.
  assert.ok(stats.rss < 400 * 1024 * 1024, `rss ${Math.round(stats.rss / 1048576)} MB`);
  assert.equal(client.exited, null);

  // Cut below the limit: analysed again (its quoted LIMIT is an error again).
  const lines = text.split('\n').length;
  const small = await client.change(
    uri,
    [{ range: { start: { line: 40, character: 0 }, end: { line: lines, character: 0 } }, text: '' }],
    60_000,
  );
  assert.ok(
    small.some((d) => d.code === 'quoted-integer'),
    JSON.stringify(small.slice(0, 3)),
  );
  assert.ok(!small.some((d) => d.code === 'file-too-large'));
  await client.close(uri);
});

test('a small file that grows past the limit by a paste is degraded, not analysed', async () => {
  const uri = 'file:///grows.svcsql';
  await client.open(uri, 'SHOW FLOWS\n');
  const grown = await client.change(
    uri,
    [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: bigText(21 * 1024 * 1024) }],
    60_000,
  );
  assert.deepEqual(
    grown.map((d) => d.code),
    ['file-too-large'],
  );
  await client.close(uri);
});
