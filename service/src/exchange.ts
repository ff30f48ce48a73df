// What an HTTP transport does for httpCall (http.ts): send one request, hand back the answer's
// status, headers and body as it arrives. The caps, the time limit and the classification of
// failures are httpCall's, the same for every transport: nodeExchange.ts (Node: the CLI, the MCP
// server, the desktop extension) and fetchExchange.ts (the browser build, which swaps it in).

export interface HttpRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** The answer's headers: a name's values joined by ", " as fetch's `Headers.get` does; null when absent. */
export interface AnswerHeaders {
  get(name: string): string | null;
}

export interface OpenedAnswer {
  status: number;
  headers: AnswerHeaders;
  /** The body's chunks as they arrive; ending the iteration early stops the reading. */
  chunks: AsyncIterable<Uint8Array>;
}

/**
 * Sends the request; resolves once the answer's headers are in. `signal` ends the exchange, the
 * body's reading included. Failures keep Node's error codes (`code`, `cause`, AggregateError's
 * `errors`), which httpCall reads.
 */
export type Exchange = (url: string, request: HttpRequest, signal: AbortSignal) => Promise<OpenedAnswer>;
