import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { SERVER_PATH } from './lspClient';

// Over stdio the server builds its own connection (to use its own message encoder), so what the
// library does for the streams it opens itself must still happen: the client going away ends it.
// No fixed waits: each step waits for the server's answer or its exit; node:test's timeout is the
// only guard against a server that never exits, and it kills the child.

/** The server over stdio, speaking raw frames: what it wrote, and a wait for one answer by id. */
function startServer(): {
  child: ChildProcessWithoutNullStreams;
  out: () => string;
  send: (m: object) => void;
  answer: (id: number) => Promise<void>;
} {
  const child = spawn(process.execPath, [SERVER_PATH, '--stdio'], { stdio: 'pipe' });
  let out = '';
  const waiters: { needle: string; resolve: () => void }[] = [];
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString('utf8');
    for (const w of waiters.filter((w) => out.includes(w.needle))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  const send = (m: object) => {
    const body = Buffer.from(JSON.stringify(m), 'utf8');
    child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    child.stdin.write(body);
  };
  const answer = (id: number) =>
    new Promise<void>((resolve, reject) => {
      const needle = `"id":${id}`;
      if (out.includes(needle)) return resolve();
      waiters.push({ needle, resolve });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before answering ${id}: ${out}`)));
    });
  return { child, out: () => out, send, answer };
}

async function exitCode(child: ChildProcessWithoutNullStreams, signal: AbortSignal): Promise<number | null> {
  const exited = once(child, 'exit');
  const kill = () => child.kill();
  signal.addEventListener('abort', kill, { once: true }); // the test timed out: do not leave it running
  try {
    return ((await exited) as [number | null])[0];
  } finally {
    signal.removeEventListener('abort', kill);
  }
}

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } };

test('the server exits when its client closes stdin, with 1 when no shutdown came first', { timeout: 60_000 }, async (t) => {
  const server = startServer();
  const code = exitCode(server.child, t.signal);
  server.send(INITIALIZE);
  await server.answer(1); // it is up and reading stdin
  server.child.stdin.end();
  assert.equal(await code, 1, 'exit code 1: the client went away without shutdown');
});

test('after shutdown, closing stdin ends the server with 0, and stdout carries only protocol frames', { timeout: 60_000 }, async (t) => {
  const server = startServer();
  const code = exitCode(server.child, t.signal);
  server.send(INITIALIZE);
  server.send({ jsonrpc: '2.0', id: 2, method: 'shutdown', params: null });
  await server.answer(2);
  server.child.stdin.end();
  assert.equal(await code, 0);
  // Every byte of stdout belongs to a Content-Length frame.
  let rest = Buffer.from(server.out(), 'utf8');
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
