// The host suites' bounded wait: lib/wait.ts's poll, probing more often (in-process probes are cheap).
import { poll, sleep } from '../lib/wait';

export { sleep };

/** Polls probe until it returns something other than undefined; bounded by ms. */
export function waitFor<T>(ms: number, what: string, probe: () => T | undefined | Promise<T | undefined>, intervalMs = 100): Promise<T> {
  return poll(ms, what, probe, intervalMs);
}
