// Bounded waiting: every wait in the harness has a deadline, because the failure modes of a
// browser-hosted VS Code (wrong payload URL, missing extension) are silent hangs. Timers and fetch
// only, no Node module and no Playwright: the suites inside an extension host (Node's or the web
// worker's) wait with the same loop (host/waitFor.ts).

export class TimeoutError extends Error {}

/** Resolves like p, or rejects with a TimeoutError naming what was awaited after ms. */
export function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Calls probe every intervalMs until it returns a value other than undefined; bounded by ms. */
export async function poll<T>(ms: number, what: string, probe: () => Promise<T | undefined> | T | undefined, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + ms;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() >= deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new TimeoutError(`timed out after ${ms} ms waiting for ${what}${why}`);
    }
    await sleep(intervalMs);
  }
}

/** GETs url until it answers 2xx; bounded. */
export function waitForHttp(url: string, ms: number): Promise<true> {
  return poll(ms, url, async () => {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok ? true : undefined;
  });
}
