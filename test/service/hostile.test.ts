// The service client against hostile services on 127.0.0.1 (test/service/hostileServer.ts):
// oversized and endless bodies, secrets echoed in error bodies, Retry-After: 0, odd request ids.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRetryAfter, ServiceClient, ServiceRequestError, validateBaseUrl } from '../../service/src/index';
import { hostileConnection, secretEncodings, sendBytes, startHostile } from './hostileServer';

const MB = 1024 * 1024;
const FAST = { retry: { retries: 4, minTimeoutMs: 20, maxTimeoutMs: 100 } };

test('a 40 MB status body: reading stops at the cap, error kind too-large, not retried', async () => {
  const server = await startHostile(async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }); // no content-length: streamed
    await sendBytes(res, Buffer.alloc(64 * 1024, 'x'), 40 * MB);
  });
  try {
    const client = new ServiceClient(hostileConnection(server.url), { ...FAST, maxResponseBytes: 1 * MB });
    const err = await client.status('abc').then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof ServiceRequestError, String(err));
    assert.equal(err.kind, 'too-large');
    assert.match(err.message, /more than 1 MB in its status answer for request abc/);
    assert.equal(server.requests.length, 1, 'a too-large answer is never asked for again');
  } finally {
    await server.close();
  }
});

test('an endless chunked body: run ends as error (too-large) at once, one status call', async () => {
  let written: Promise<number> | undefined;
  const server = await startHostile(async (req, res) => {
    if (req.method === 'POST') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"requestId":"r1"}');
    res.writeHead(200, { 'content-type': 'application/json' });
    written = sendBytes(res, Buffer.alloc(64 * 1024, ' '), 512 * MB); // "endless": the client must stop first
    await written;
  });
  try {
    const client = new ServiceClient(hostileConnection(server.url), { ...FAST, maxResponseBytes: 2 * MB });
    const r = await client.run('SHOW FLOWS', { poll: { initialMs: 20, factor: 1, maxMs: 20 }, timeoutMs: 30_000 });
    assert.equal(r.state, 'error');
    assert.equal(r.error?.kind, 'too-large');
    // At once: the client hung up near its 2 MB cap (socket buffers aside), not after the 512 MB.
    const sent = await written!;
    assert.ok(sent < 64 * MB, `the server wrote ${Math.round(sent / MB)} MB before the client hung up`);
    assert.equal(server.requests.filter((q) => q.method === 'GET').length, 1);
  } finally {
    await server.close();
  }
});

test('a declared content-length past the cap is refused before reading; the default cap is 16 MB', async () => {
  const server = await startHostile((_req, res) => {
    res.writeHead(500, { 'content-length': String(17 * MB) });
    res.write('x');
    setTimeout(() => res.destroy(), 2000);
  });
  try {
    const err = await new ServiceClient(hostileConnection(server.url), FAST).status('abc').then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof ServiceRequestError);
    assert.equal(err.kind, 'too-large');
    assert.match(err.message, /more than 16 MB/);
    assert.equal(server.requests.length, 1);
  } finally {
    await server.close();
  }
});

test('a secret echoed at the 300-character cut, JSON-escaped, base64 or lower-case percent-encoded is never shown in part', async () => {
  const secret = 'S3cr"et\\with/slash+23x';
  const { json, base64, lowerPercent } = secretEncodings(secret);
  const echoes = [
    'x'.repeat(290) + secret, // straddles the cut
    JSON.stringify({ echo: secret }),
    base64,
    lowerPercent,
  ];
  let i = 0;
  const server = await startHostile(
    (_req, res) => void res.writeHead(500, { 'content-type': 'text/plain' }).end(echoes[i++ % echoes.length]),
  );
  try {
    for (let n = 0; n < echoes.length; n++) {
      const client = new ServiceClient(hostileConnection(server.url, { apiSecret: secret }), {
        retry: { retries: 0, minTimeoutMs: 1, maxTimeoutMs: 1 },
      });
      const err = (await client.status('abc').catch((e: unknown) => e)) as ServiceRequestError;
      const text = `${err.message} ${err.serviceError.detail ?? ''}`;
      for (const part of [secret.slice(0, 12), 'S3cr', json.slice(0, 13), base64.slice(0, 12), 'with%2fslash']) {
        assert.ok(!text.includes(part), `echo ${n} leaks ${part}: ${text}`);
      }
      assert.match(err.serviceError.detail ?? '', /\*\*\*/);
    }
  } finally {
    await server.close();
  }
});

test('Retry-After: 0 and -5 on every submit: a floor between tries and a cap on their number; the message says the service refused', async () => {
  for (const value of ['0', '-5']) {
    const server = await startHostile((_req, res) => void res.writeHead(503, { 'retry-after': value }).end());
    try {
      const client = new ServiceClient(hostileConnection(server.url), { ...FAST, minRetryAfterMs: 100 });
      const started = Date.now();
      const r = await client.run('SHOW FLOWS', { timeoutMs: 60_000 });
      const took = Date.now() - started;
      assert.equal(r.state, 'error');
      assert.equal(server.requests.length, 10, `${value}: ${server.requests.length} submits`);
      assert.ok(took >= 9 * 100, `${value}: ${took} ms for 10 tries`);
      assert.match(
        r.error?.message ?? '',
        /unavailable for now \(HTTP 503\); gave up after 10 tries; the service did not take the statement/,
      );
      assert.doesNotMatch(r.error?.message ?? '', /before the statement was sent/);
    } finally {
      await server.close();
    }
  }
});

test('a run that times out while the service answers 503 says so, not "before the statement was sent"', async () => {
  const server = await startHostile((_req, res) => void res.writeHead(503, { 'retry-after': '999999' }).end());
  try {
    const r = await new ServiceClient(hostileConnection(server.url), FAST).run('SHOW FLOWS', { timeoutMs: 1500 });
    assert.equal(r.state, 'timed-out');
    assert.match(
      r.error?.message ?? '',
      /timed out while waiting to try the submit again: HTTP 503 \(unavailable\), 1 time; the service did not take the statement/,
    );
  } finally {
    await server.close();
  }
});

test('Retry-After is read strictly: whole seconds or an HTTP date', () => {
  const now = Date.parse('Sun, 22 Nov 2026 04:00:00 GMT');
  assert.equal(parseRetryAfter('-5', now), undefined);
  assert.equal(parseRetryAfter('1.5', now), undefined);
  assert.equal(parseRetryAfter('2026', now), 2026_000);
  assert.equal(parseRetryAfter('Nov 22 2026', now), undefined);
  assert.equal(parseRetryAfter('Sunday, 22-Nov-26 04:00:02 GMT', now), 2000);
  assert.equal(parseRetryAfter('Sun Nov 22 04:00:03 2026', now), 3000);
});

test('request ids "." and ".." are refused before any request; a base URL ending in ? or # is refused', async () => {
  const server = await startHostile((_req, res) => void res.writeHead(200).end('{"apiStatus":"API_OPERATION_STATUS_SUCCESS"}'));
  try {
    for (const id of ['.', '..']) {
      const err = await new ServiceClient(hostileConnection(server.url), FAST).status(id).catch((e: unknown) => e);
      assert.ok(err instanceof ServiceRequestError);
      assert.equal(err.kind, 'config');
    }
    assert.equal(server.requests.length, 0);
    assert.ok(validateBaseUrl(`${server.url}/api?`));
    assert.ok(validateBaseUrl(`${server.url}/api#`));
    assert.equal(validateBaseUrl(`${server.url}/api`), undefined);
  } finally {
    await server.close();
  }
});
