// Bounded polling for suites that run inside an extension host, Node's (code-server) or the web
// worker's (VS Code for the Web): timers only, no Node module.

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls probe until it returns something other than undefined; bounded by ms. */
export async function waitFor<T>(
  ms: number,
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${ms} ms waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    await sleep(intervalMs);
  }
}
