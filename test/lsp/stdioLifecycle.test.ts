import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { SERVER_PATH } from './lspClient';

// Over stdio the server builds its own connection (to use its own message encoder), so what the
// library does for the streams it opens itself must still happen: the client going away ends it.
test('the server exits when its client closes stdin, with 1 when no shutdown came first', async () => {
  const child = spawn(process.execPath, [SERVER_PATH, '--stdio'], { stdio: 'pipe' });
  const exited = once(child, 'exit');
  await new Promise((r) => setTimeout(r, 300));
  child.stdin.end();
  const timer = setTimeout(() => child.kill(), 5000);
  const [code] = (await exited) as [number | null];
  clearTimeout(timer);
  assert.equal(code, 1, 'exit code 1: the client went away without shutdown');
});

test('after shutdown, closing stdin ends the server with 0, and stdout carries only protocol frames', async () => {
  const child = spawn(process.execPath, [SERVER_PATH, '--stdio'], { stdio: 'pipe' });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const exited = once(child, 'exit');
  const send = (m: object) => {
    const body = Buffer.from(JSON.stringify(m), 'utf8');
    child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    child.stdin.write(body);
  };
  send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  send({ jsonrpc: '2.0', id: 2, method: 'shutdown', params: null });
  const deadline = Date.now() + 5000;
  while (!out.includes('"id":2') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  child.stdin.end();
  const timer = setTimeout(() => child.kill(), 5000);
  const [code] = (await exited) as [number | null];
  clearTimeout(timer);
  assert.equal(code, 0);
  // Every byte of stdout belongs to a Content-Length frame.
  let rest = Buffer.from(out, 'utf8');
  let frames = 0;
  while (rest.length > 0) {
    const header = /^Content-Length: (\d+)\r\n\r\n/.exec(rest.toString('latin1'));
    assert.ok(header, `stdout holds something that is not a frame: ${JSON.stringify(rest.toString('utf8').slice(0, 80))}`);
    const start = header[0].length;
    JSON.parse(rest.subarray(start, start + Number(header[1])).toString('utf8'));
    rest = rest.subarray(start + Number(header[1]));
    frames++;
  }
  assert.ok(frames >= 2, 'the initialize and shutdown answers');
});
