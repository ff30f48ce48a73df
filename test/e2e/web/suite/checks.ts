// Assertions and bounded waiting for the browser suite (node:assert is not available in a web worker).

export function check(value: unknown, what: string): asserts value {
  if (!value) throw new Error(`expected: ${what}`);
}

export function equal<T>(actual: T, expected: T, what = ''): void {
  if (actual !== expected)
    throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}${what ? ` (${what})` : ''}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls probe until it returns something other than undefined; bounded by ms. */
export async function waitFor<T>(ms: number, what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
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
    await sleep(100);
  }
}
