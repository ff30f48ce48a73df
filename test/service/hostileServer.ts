// A hostile or unlucky "service" on 127.0.0.1 for tests: each test gives the handler. Bounded in
// time (it closes itself, and every connection, after `lifetimeMs`) and in size (`sendBytes`
// stops at `maxBytes` or when the client goes away), so a client that misbehaves cannot keep it
// running or make it fill memory.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileServer {
  url: string;
  /** Requests seen so far: method and path. */
  requests: { method: string; url: string; at: number }[];
  close(): Promise<void>;
}

export type HostileHandler = (req: IncomingMessage, res: ServerResponse, n: number) => void | Promise<void>;

export async function startHostile(handler: HostileHandler, lifetimeMs = 60_000): Promise<HostileServer> {
  const requests: HostileServer['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', at: Date.now() });
    req.resume();
    void Promise.resolve(handler(req, res, requests.length)).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      clearTimeout(timer);
      server.close(() => resolve());
      server.closeAllConnections();
    }));
  const timer = setTimeout(() => void close(), lifetimeMs);
  timer.unref();
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, requests, close };
}

/**
 * Writes `chunk` repeatedly until `maxBytes` are out or the client closed the connection; then
 * ends the response. Resolves with the bytes written.
 */
export function sendBytes(res: ServerResponse, chunk: Buffer, maxBytes: number): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      if (!res.destroyed) res.end();
      resolve(sent);
    };
    res.on('close', finish);
    const pump = () => {
      while (!done && sent < maxBytes && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      finish();
    };
    pump();
  });
}

/** The seven headers' values are not checked by hostile servers: any connection will do. */
export function hostileConnection(url: string, overrides: Record<string, string> = {}) {
  return {
    baseUrl: url,
    accountUid: 'acc',
    projectUid: `proj-${Math.random().toString(36).slice(2)}`,
    apiKey: 'key-0000-hostile',
    apiSecret: 'secret-0000-hostile',
    linkUid: 'link',
    region: 'us-west-2',
    userUuid: 'user',
    ...overrides,
  };
}

/**
 * How a hostile service may echo a secret besides as it is: escaped inside a JSON string, base64,
 * percent-encoded in lower case. The service client's tests and the CLI's check all of them.
 */
export function secretEncodings(secret: string): { json: string; base64: string; lowerPercent: string } {
  return {
    json: JSON.stringify(secret).slice(1, -1),
    base64: Buffer.from(secret).toString('base64'),
    lowerPercent: encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
  };
}
