import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Message } from 'vscode-languageserver-protocol/node';
import { encodeMessage } from '../../server/src/lsp/messageEncoder';

// The server's stdio encoder joins cached JSON pieces for publishDiagnostics; what it writes must
// parse to exactly the message, for every shape of message.
const diagnostic = (line: number, message: string) => ({
  range: { start: { line, character: 2 }, end: { line, character: 9 } },
  severity: 1,
  code: 'quoted-integer',
  source: 'svcsql',
  message,
  data: { replacement: '3', fixTitle: 'Unquote 3' },
});

const decode = (msg: Message) => JSON.parse(encodeMessage(msg).toString('utf8')) as unknown;

test('publishDiagnostics encodes to the same JSON as JSON.stringify, non-ASCII and all', () => {
  const a = diagnostic(1, 'LIMIT takes a whole number, not a quoted string: \'3\' — é 🚀 "quotes" \\ back');
  const b = diagnostic(7, 'second');
  const messages = [
    {
      jsonrpc: '2.0',
      method: 'textDocument/publishDiagnostics',
      params: { uri: 'file:///a%20b/é.svcsql', version: 3, diagnostics: [a, b] },
    },
    { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///x.svcsql', diagnostics: [] } },
    { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///x.svcsql', version: 4, diagnostics: [b, a, b] } },
    { jsonrpc: '2.0', id: 5, result: { items: [{ label: 'é' }] } },
    { jsonrpc: '2.0', method: 'window/logMessage', params: { type: 3, message: 'hello' } },
  ] as unknown as Message[];
  for (const msg of messages) {
    assert.deepEqual(decode(msg), JSON.parse(JSON.stringify(msg)));
    // The second time the pieces come from the cache.
    assert.deepEqual(decode(msg), JSON.parse(JSON.stringify(msg)));
  }
});

test('a diagnostic object published again is sent as it was first encoded (the server never mutates one)', () => {
  const d = diagnostic(2, 'once');
  const first = {
    jsonrpc: '2.0',
    method: 'textDocument/publishDiagnostics',
    params: { uri: 'file:///y', diagnostics: [d] },
  } as unknown as Message;
  const fresh = diagnostic(2, 'once');
  const again = {
    jsonrpc: '2.0',
    method: 'textDocument/publishDiagnostics',
    params: { uri: 'file:///y', diagnostics: [fresh] },
  } as unknown as Message;
  assert.equal(encodeMessage(first).toString('utf8'), encodeMessage(again).toString('utf8'));
  assert.equal(encodeMessage(first).toString('utf8'), JSON.stringify(first));
});
