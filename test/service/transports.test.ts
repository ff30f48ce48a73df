// The service client's two transports (service/src/nodeExchange.ts for Node, fetchExchange.ts for
// the browser build) under httpCall's rules, against real servers on 127.0.0.1: the same answers,
// caps, time limits and failure classes from both. The service client's own tests (run, hostile)
// go through the Node one.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { AbortedError } from '../../service/src/abort';
import { transportError } from '../../service/src/answers';
import type { Exchange } from '../../service/src/exchange';
import { fetchExchange } from '../../service/src/fetchExchange';
import { httpCall, ResponseTooLargeError, TransportError } from '../../service/src/http';
import { nodeExchange, platformExchange } from '../../service/src/nodeExchange';
import { sendBytes, startHostile } from './hostileServer';

const MB = 1024 * 1024;
const transports: [string, Exchange][] = [
  ['node', nodeExchange],
  ['fetch', fetchExchange],
];

// The servers close themselves after a minute (hostileServer.ts): a test of a limit fails well
// before that, so an exchange that ignored its signal cannot pass by the server's closing.
const BOUNDED = { timeout: 20_000 };

const failureOf = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );

test("Node's programs use the Node transport", () => {
  assert.equal(platformExchange, nodeExchange);
});

for (const [name, exchange] of transports) {
  test(`${name}: the request as sent (method, headers, UTF-8 body) and the answer as received`, async () => {
    let seen: { method?: string; headers: Record<string, string | string[] | undefined>; body: string } | undefined;
    const server = await startHostile((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        seen = { method: req.method, headers: req.headers, body: Buffer.concat(parts).toString('utf8') };
        // Two lines of one header: read as one value, joined as fetch's Headers does.
        res.writeHead(201, [
          ['grpc-message', 'a%20b'],
          ['x-twice', 'one'],
          ['x-twice', 'two'],
          ['content-type', 'application/json'],
        ]);
        res.end('{"requestId":"r-é"}');
      });
    });
    try {
      const body = JSON.stringify({ statement: "ALTER OCU SET LIMIT = 'é✓'" });
      const a = await httpCall(
        `${server.url}/v1/resource/`,
        { method: 'POST', headers: { 'x-service-region': 'eu', 'content-type': 'application/json' }, body },
        undefined,
        5_000,
        MB,
        exchange,
      );
      assert.equal(a.status, 201);
      assert.equal(a.body, '{"requestId":"r-é"}');
      assert.equal(a.headers.get('grpc-message'), 'a%20b');
      assert.equal(a.headers.get('GRPC-Message'), 'a%20b', 'names are case-insensitive');
      assert.equal(a.headers.get('x-twice'), 'one, two');
      assert.equal(a.headers.get('retry-after'), null);
      assert.equal(seen?.method, 'POST');
      assert.equal(seen?.body, body);
      assert.equal(seen?.headers['x-service-region'], 'eu');
      assert.equal(seen?.headers['content-length'], String(Buffer.byteLength(body)));
      assert.equal(server.requests[0]?.url, '/v1/resource/');
    } finally {
      await server.close();
    }
  });

  test(`${name}: a redirect is an answer, not followed`, async () => {
    const server = await startHostile((req, res) => {
      if (req.url === '/elsewhere') return void res.end('followed');
      res.writeHead(302, { location: '/elsewhere' });
      res.end();
    });
    try {
      const a = await httpCall(`${server.url}/v1/status/x`, { method: 'GET', headers: {} }, undefined, 5_000, MB, exchange);
      assert.equal(a.status, 302);
      assert.equal(a.headers.get('location'), '/elsewhere');
      assert.deepEqual(
        server.requests.map((r) => r.url),
        ['/v1/status/x'],
      );
    } finally {
      await server.close();
    }
  });

  test(`${name}: a streamed body past the cap stops the reading there`, BOUNDED, async () => {
    let sent: Promise<number> | undefined;
    const server = await startHostile((_req, res) => {
      res.writeHead(200);
      sent = sendBytes(res, Buffer.alloc(64 * 1024, 'x'), 64 * MB);
    });
    try {
      const err = await failureOf(httpCall(`${server.url}/s`, { method: 'GET', headers: {} }, undefined, 20_000, MB, exchange));
      assert.ok(err instanceof ResponseTooLargeError, String(err));
      assert.equal(err.status, 200);
      // The connection was ended: the server stopped well before its 64 MB.
      assert.ok((await sent!) < 32 * MB, `sent ${await sent!} bytes`);
    } finally {
      await server.close();
    }
  });

  test(`${name}: a declared length past the cap is refused before reading`, BOUNDED, async () => {
    let ended: Promise<void> | undefined;
    const server = await startHostile((_req, res) => {
      ended = new Promise((resolve) => res.on('close', resolve));
      res.writeHead(200, { 'content-length': String(2 * MB) });
      res.write('x'); // the rest never comes: only the header can end this exchange
    });
    try {
      const err = await failureOf(httpCall(`${server.url}/s`, { method: 'GET', headers: {} }, undefined, 20_000, MB, exchange));
      assert.ok(err instanceof ResponseTooLargeError, String(err));
      await ended; // the client ended the connection
    } finally {
      await server.close();
    }
  });

  test(`${name}: no answer in time is a timeout that may have been received`, BOUNDED, async () => {
    const server = await startHostile(() => undefined);
    try {
      const err = await failureOf(httpCall(`${server.url}/s`, { method: 'GET', headers: {} }, undefined, 150, MB, exchange));
      assert.ok(err instanceof TransportError, String(err));
      assert.equal(err.timedOut, true);
      assert.equal(err.notSent, false);
    } finally {
      await server.close();
    }
  });

  test(`${name}: a body that stops coming is cut by the time limit too`, BOUNDED, async () => {
    const server = await startHostile((_req, res) => {
      res.writeHead(200);
      res.write('{"apiStatus":');
    });
    try {
      const err = await failureOf(httpCall(`${server.url}/s`, { method: 'GET', headers: {} }, undefined, 200, MB, exchange));
      assert.ok(err instanceof TransportError && err.timedOut, String(err));
    } finally {
      await server.close();
    }
  });

  test(`${name}: the caller's signal ends the exchange while the body comes`, BOUNDED, async () => {
    const caller = new AbortController();
    const server = await startHostile((_req, res) => {
      res.writeHead(200);
      res.write('{');
      setTimeout(() => caller.abort(), 50);
    });
    try {
      const err = await failureOf(httpCall(`${server.url}/s`, { method: 'GET', headers: {} }, caller.signal, 20_000, MB, exchange));
      assert.ok(err instanceof AbortedError, String(err));
    } finally {
      await server.close();
    }
  });

  test(`${name}: a refused connection sent nothing; a connection dropped mid-answer may have`, async () => {
    const closed = await startHostile(() => undefined);
    await closed.close();
    const refused = await failureOf(
      httpCall(`${closed.url}/s`, { method: 'POST', headers: {}, body: '{}' }, undefined, 5_000, MB, exchange),
    );
    assert.ok(refused instanceof TransportError, String(refused));
    assert.equal(refused.notSent, true);
    assert.equal(refused.code, 'ECONNREFUSED');

    const dropping = await startHostile((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('{"apiStatus"');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    try {
      const dropped = await failureOf(
        httpCall(`${dropping.url}/s`, { method: 'POST', headers: {}, body: '{}' }, undefined, 5_000, MB, exchange),
      );
      assert.ok(dropped instanceof TransportError, String(dropped));
      assert.equal(dropped.notSent, false);
      assert.equal(dropped.timedOut, false);
    } finally {
      await dropping.close();
    }
  });
}

test('fetch refuses a blocked port (6000) before connecting; Node connects to it like any port', async () => {
  const blocked = await failureOf(httpCall('http://127.0.0.1:6000/s', { method: 'GET', headers: {} }, undefined, 5_000, MB, fetchExchange));
  assert.ok(blocked instanceof TransportError, String(blocked));
  assert.equal(blocked.code, 'BLOCKED_PORT');
  assert.equal(blocked.notSent, true);
  assert.match(transportError(blocked, 'submit').message, /blocked port.*nothing was sent/);
  // A listener on 6000 where the port is free here; else the port is taken and the connection
  // meets whatever holds it: either way not the fetch refusal.
  const listener = createServer((socket) => socket.end('HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n'));
  const listening = await new Promise<boolean>((resolve) => {
    listener.once('error', () => resolve(false));
    listener.listen(6000, '127.0.0.1', () => resolve(true));
  });
  try {
    const a = await httpCall('http://127.0.0.1:6000/s', { method: 'GET', headers: {} }, undefined, 5_000, MB, nodeExchange).catch(
      (e: unknown) => e,
    );
    if (listening) assert.equal((a as { status: number }).status, 204, String(a));
    else assert.ok(!(a instanceof TransportError && a.code === 'BLOCKED_PORT'), String(a));
  } finally {
    listener.close();
  }
});
