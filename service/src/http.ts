// One HTTP exchange over the platform's transport (nodeExchange.ts; the browser build's
// fetchExchange.ts), with its answer's size capped, a time limit, and transport failures classified
// by whether the request can have reached the service (which decides whether a submit may be sent
// again): the same rules whichever transport carries it.
import { AbortedError } from './abort';
import type { AnswerHeaders, Exchange, HttpRequest, OpenedAnswer } from './exchange';
import { platformExchange } from './nodeExchange';

export interface HttpAnswer {
  status: number;
  headers: AnswerHeaders;
  body: string;
}

/** Errors that mean the connection was never made, so nothing was sent. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EHOSTUNREACH', 'ENETUNREACH', 'BLOCKED_PORT']);

export class TransportError extends Error {
  /** True only when the failure happened before any byte could reach the service. */
  readonly notSent: boolean;
  readonly code: string | undefined;
  readonly timedOut: boolean;
  constructor(message: string, notSent: boolean, code: string | undefined, timedOut = false) {
    super(message);
    this.name = 'TransportError';
    this.notSent = notSent;
    this.code = code;
    this.timedOut = timedOut;
  }
}

/** The answer's body went past the cap: reading stopped there and the request was aborted. */
export class ResponseTooLargeError extends Error {
  constructor(
    readonly status: number,
    readonly limitBytes: number,
  ) {
    super('response too large');
    this.name = 'ResponseTooLargeError';
  }
}

function errorCodes(err: unknown, depth = 0): string[] {
  if (!err || typeof err !== 'object' || depth > 4) return [];
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  const codes = typeof e.code === 'string' ? [e.code] : [];
  // fetch refuses some ports outright (6000, 10080, ...; the Fetch standard's list) with no code.
  if ((err as { message?: unknown }).message === 'bad port') codes.push('BLOCKED_PORT');
  codes.push(...errorCodes(e.cause, depth + 1));
  if (Array.isArray(e.errors)) for (const inner of e.errors) codes.push(...errorCodes(inner, depth + 1));
  return codes;
}

/**
 * Reads the body chunk by chunk and stops at the cap, so that a hostile or broken service
 * (a 200 MB status answer, an endless chunked body) costs at most the cap in memory.
 */
async function readCapped(res: OpenedAnswer, limitBytes: number, abort: () => void): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) {
    abort();
    throw new ResponseTooLargeError(res.status, limitBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (the throw) ends the transport's reading of the body.
  for await (const value of res.chunks) {
    size += value.byteLength;
    if (size > limitBytes) {
      abort();
      throw new ResponseTooLargeError(res.status, limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** `exchange`: the platform's transport; the tests hold both to the same rules. */
export async function httpCall(
  url: string,
  init: HttpRequest,
  signal: AbortSignal | undefined,
  timeoutMs: number,
  maxResponseBytes: number,
  exchange: Exchange = platformExchange,
): Promise<HttpAnswer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const own = new AbortController(); // ends the connection when the body is too large
  const combined = AbortSignal.any(signal ? [signal, timeout, own.signal] : [timeout, own.signal]);
  let connected = false;
  try {
    const res = await exchange(url, init, combined);
    connected = true;
    const body = await readCapped(res, maxResponseBytes, () => own.abort());
    return { status: res.status, headers: res.headers, body };
  } catch (err) {
    if (err instanceof ResponseTooLargeError) throw err;
    if (signal?.aborted) throw new AbortedError();
    if (timeout.aborted) throw new TransportError('no answer in time', false, 'TIMEOUT', true);
    const codes = errorCodes(err);
    const notSent = !connected && codes.length > 0 && codes.every((c) => NOT_SENT_CODES.has(c));
    // Only the code travels on: a transport's messages can quote request details.
    throw new TransportError(codes[0] ?? 'network failure', notSent, codes[0]);
  }
}
