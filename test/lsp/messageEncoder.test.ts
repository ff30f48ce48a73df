import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Message } from 'vscode-languageserver-protocol/node';
import { encodeMessage, encoderWork } from '../../server/src/lsp/messageEncoder';
import { rng } from '../../bench/rng';

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

test('publishes of one document reuse the last message’s bytes around what changed: equal to JSON.stringify after random changes', () => {
  const r = rng(99);
  const pool = Array.from({ length: 300 }, (_, i) => diagnostic(i, i % 7 === 0 ? `é ${i} 🚀` : `m${i}`));
  const publish = (uri: string, version: number, diagnostics: object[]) =>
    ({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri, version, diagnostics } }) as unknown as Message;
  let list = pool.slice(0, 120);
  for (let n = 0; n < 300; n++) {
    // Replace, insert or remove a run anywhere (the start and the end included), now and then all of it.
    const at = Math.floor(r() * (list.length + 1));
    const removed = Math.floor(r() * 4);
    const added = Array.from({ length: Math.floor(r() * 4) }, () =>
      r() < 0.5 ? pool[Math.floor(r() * pool.length)]! : diagnostic(n, `fresh ${n}`),
    );
    list = r() < 0.03 ? pool.slice(0, Math.floor(r() * 80)) : [...list.slice(0, at), ...added, ...list.slice(at + removed)];
    const msg = publish('file:///r.svcsql', n, list);
    assert.deepEqual(decode(msg), JSON.parse(JSON.stringify(msg)), `publish ${n}`);
    // Another document in between does not disturb this one's.
    if (r() < 0.2) decode(publish('file:///other.svcsql', n, pool.slice(0, 50)));
  }
});

test('a publish that changes one diagnostic of a thousand encodes that one only', () => {
  const list = Array.from({ length: 1000 }, (_, i) => diagnostic(i, `m${i}`));
  const publish = (diagnostics: object[]) =>
    ({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///k.svcsql', diagnostics } }) as unknown as Message;
  encodeMessage(publish(list));
  assert.equal(encoderWork.pieces, 1000);
  const changed = [...list];
  changed[500] = diagnostic(500, 'changed');
  assert.deepEqual(decode(publish(changed)), JSON.parse(JSON.stringify(publish(changed))));
  encodeMessage(publish([...changed]));
  assert.equal(encoderWork.pieces, 0);
  changed[0] = diagnostic(0, 'first');
  encodeMessage(publish(changed));
  assert.equal(encoderWork.pieces, 1);
});

test('a publish’s bytes stay as written until the next-but-one publish of its document, which reuses their memory', () => {
  const r = rng(7);
  const pool = Array.from({ length: 200 }, (_, i) => diagnostic(i, `m${i} é`));
  const publish = (version: number, diagnostics: object[]) =>
    ({
      jsonrpc: '2.0',
      method: 'textDocument/publishDiagnostics',
      params: { uri: 'file:///s.svcsql', version, diagnostics },
    }) as unknown as Message;
  let list = pool.slice(0, 100);
  let previous: { bytes: Buffer; text: string } | undefined;
  const memory = new Set<ArrayBufferLike>();
  for (let n = 0; n < 200; n++) {
    const at = Math.floor(r() * list.length);
    // Lists that grow now and then: the memory kept must grow with them.
    list = [...list.slice(0, at), ...pool.slice(0, Math.floor(r() * (n % 50 === 49 ? 60 : 3))), ...list.slice(at + Math.floor(r() * 3))];
    const msg = publish(n, list);
    const bytes = encodeMessage(msg);
    assert.deepEqual(JSON.parse(bytes.toString('utf8')), JSON.parse(JSON.stringify(msg)), `publish ${n}`);
    // The writer is done with the previous message only now; it must not have been overwritten.
    if (previous) assert.equal(previous.bytes.toString('utf8'), previous.text, `publish ${n - 1} after ${n}`);
    previous = { bytes, text: bytes.toString('utf8') };
    memory.add(bytes.buffer);
  }
  // Two blocks of memory in turn (and a few more as the lists grew), not one per publish.
  assert.ok(memory.size < 40, `${memory.size} blocks for 200 publishes`);
});
