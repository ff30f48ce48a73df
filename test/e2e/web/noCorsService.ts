// A stand-in for a service that does not allow cross-origin requests: answers everything with 404 and
// no CORS headers (so the browser refuses the preflight and the page reads nothing), and records
// what reached it, so that the browser suite can check that no statement was submitted.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface NoCorsService {
  url: string;
  /** `METHOD path` of each request received. */
  received: string[];
  close(): Promise<void>;
}

export function startNoCorsService(): Promise<NoCorsService> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    if (received.length < 1000) received.push(`${req.method ?? ''} ${req.url ?? ''}`);
    req.resume();
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        received,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}
