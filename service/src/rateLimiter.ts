// One limiter per project (base URL + project UID), shared by every submit and status call of
// every run and every ServiceClient in this process: the service allows 10 requests per second
// per project, counted on its side.
//
// p-throttle's strict mode is a sliding window (call n waits until call n-10 is one interval
// old). Two things make its clock differ from the service's: a delayed call records its actual
// start time only when it fires, after later calls were already scheduled against the planned
// time (timer drift, a few ms under load), and each request still travels to the service. The
// window is therefore widened by a small guard so the service never sees 11 in any second.
import pThrottle from 'p-throttle';
import { normalizeBaseUrl } from './baseUrl';

export const RATE_LIMIT = { limit: 10, intervalMs: 1000, guardMs: 100 } as const;

type Gate = () => Promise<void>;
const gates = new Map<string, Gate>();

export function limiterKey(baseUrl: string, projectUid: string): string {
  let base = normalizeBaseUrl(baseUrl);
  try {
    base = normalizeBaseUrl(new URL(base).href); // case of scheme/host, default port
  } catch {
    /* invalid URLs never get this far; keep the text */
  }
  return `${base}\u0000${projectUid.trim()}`;
}

/** Resolves when this project may send one more request; the caller sends right after. */
export function acquireSlot(baseUrl: string, projectUid: string): Promise<void> {
  const key = limiterKey(baseUrl, projectUid);
  let gate = gates.get(key);
  if (!gate) {
    const throttle = pThrottle({
      limit: RATE_LIMIT.limit,
      interval: RATE_LIMIT.intervalMs + RATE_LIMIT.guardMs,
      strict: true,
    });
    gate = throttle(async () => undefined);
    gates.set(key, gate);
  }
  return gate();
}
