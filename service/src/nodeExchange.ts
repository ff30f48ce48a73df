// The transport over Node's http and https modules: the Node programs' (the CLI, the MCP server, the
// desktop extension). Node's fetch would load its whole HTTP stack (undici: http2, TLS, compression,
// worker threads, ~95 modules) for one request; a command such as `svcsql status` spent most of its
// time there. No redirect is followed and no compression is asked for: the body read is the body
// sent, which the size cap counts.
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import type { AnswerHeaders, Exchange } from './exchange';

type RequestFn = (url: URL, options: RequestOptions, answered: (res: IncomingMessage) => void) => ClientRequest;

/** https's `request` for an https URL (http's refuses any other protocol but its own). */
function requestFor(protocol: string): RequestFn {
  // Loaded on first use: TLS is the larger part of the stack, and a loopback service (the local
  // emulator) never needs it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return protocol === 'https:' ? (require('node:https') as typeof import('node:https')).request : httpRequest;
}

function headersOf(res: IncomingMessage): AnswerHeaders {
  const all = res.headersDistinct;
  return { get: (name) => all[name.toLowerCase()]?.join(', ') ?? null };
}

export const nodeExchange: Exchange = (url, request, signal) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    const req = requestFor(target.protocol)(target, { method: request.method, headers, signal }, (res) =>
      resolve({ status: res.statusCode ?? 0, headers: headersOf(res), chunks: res }),
    );
    // Before the answer: the exchange fails; after it, the body's reading does (its iteration throws).
    req.on('error', reject);
    req.end(request.body);
  });

/** The platform's transport (the browser build swaps in fetchExchange.ts's). */
export { nodeExchange as platformExchange };
