// Cross-origin access for the extension in the browser (vscode.dev, VS Code for the Web), whose
// fetch to the emulator is cross-origin: every answer allows any origin and exposes the headers the
// client reads (the error's grpc-message, Retry-After); a preflight (OPTIONS, sent because of the
// x-service-* headers) is answered here, before authentication, rate limits and statistics.
// Credentials (cookies) are never allowed, so a web page can do no more than a local program can.
import type { IncomingMessage, ServerResponse } from 'node:http';

const EXPOSED = ['grpc-status', 'grpc-message', 'retry-after', 'content-length'].join(', ');

/** Sets the CORS headers on res; true when req was a preflight, which is then answered. */
export function handleCors(req: IncomingMessage, res: ServerResponse): boolean {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-expose-headers', EXPOSED);
  if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false;
  const asked = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    'access-control-allow-methods': 'GET, POST, DELETE',
    'access-control-allow-headers': typeof asked === 'string' ? asked : 'content-type',
    'access-control-max-age': '600',
    'content-length': '0',
  });
  res.end();
  return true;
}
