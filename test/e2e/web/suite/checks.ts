// Assertions for the browser suite (node:assert is not available in a web worker); bounded waiting is
// the host suites' own (test/e2e/host/waitFor.ts).

export function check(value: unknown, what: string): asserts value {
  if (!value) throw new Error(`expected: ${what}`);
}

export function equal<T>(actual: T, expected: T, what = ''): void {
  if (actual !== expected)
    throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}${what ? ` (${what})` : ''}`);
}

export { waitFor } from '../../host/waitFor';
