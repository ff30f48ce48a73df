// The transport over the global fetch: the browser build's (scripts/browserBuild.mjs swaps it in for
// nodeExchange.ts). Redirects are not followed: a 3xx is an answer like any other.
import type { Exchange } from './exchange';

async function* chunksOf(body: ReadableStream<Uint8Array> | null): AsyncGenerator<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Reached early (the cap): the rest of the body is not read.
    await reader.cancel().catch(() => undefined);
  }
}

export const fetchExchange: Exchange = async (url, request, signal) => {
  const res = await fetch(url, { method: request.method, headers: request.headers, body: request.body, signal, redirect: 'manual' });
  return { status: res.status, headers: res.headers, chunks: chunksOf(res.body) };
};

/** The platform's transport (the browser build's twin of nodeExchange.ts's). */
export { fetchExchange as platformExchange };
