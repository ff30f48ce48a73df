// One limiter per project (base URL + project UID), shared by every submit and status call of
// every run and every ServiceClient in this process: the service allows 10 requests per second
// per project, counted on its side.
//
// Why not p-throttle (installed, strict mode): it plans each call's start time when the call is
// queued, and a delayed call records its real start only when it fires, after later calls were
// already planned against the earlier time, so under event-loop delay calls n and n+10 can really
// start less than one interval apart; and it cannot withdraw one cancelled waiter (only abort all).
// This limiter grants a slot when the request really goes out and records that moment.
// The service counts arrivals, not our grants: connection set-up, queueing and scheduling (seen:
// up to ~120 ms on a loaded 2-core machine) move requests closer together, hence the guard.
import { AbortedError } from './abort';
import { normalizeBaseUrl } from './baseUrl';

export const RATE_LIMIT = { limit: 10, intervalMs: 1000, guardMs: 200 } as const;

interface Waiter {
  resolve: () => void;
  reject: (e: Error) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * A strict sliding window (at most `limit` grants in any `windowMs`, FIFO) that also spaces
 * grants by windowMs/limit: ten requests released at once leave the client together but reach
 * the service spread by connection set-up and queueing, which pushed some of them into the next
 * window (seen as 429s in tests). Evenly spaced grants keep that slack around every request.
 */
export class SlidingWindowLimiter {
  private readonly grants: number[] = [];
  private readonly waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new AbortedError());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(new AbortedError());
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
      this.pump();
    });
  }

  private pump(): void {
    if (this.timer) return;
    while (this.waiters.length) {
      const now = this.clock();
      while (this.grants.length && this.grants[0]! <= now - this.windowMs) this.grants.shift();
      const spacingWait = this.grants.length ? this.grants[this.grants.length - 1]! + this.windowMs / this.limit - now : 0;
      const windowWait = this.grants.length >= this.limit ? this.grants[0]! + this.windowMs - now : 0;
      const wait = Math.max(spacingWait, windowWait);
      if (wait > 0) {
        // Re-check then; a late timer only makes the gap larger.
        this.timer = setTimeout(
          () => {
            this.timer = undefined;
            this.pump();
          },
          Math.ceil(wait) + 1,
        );
        return;
      }
      this.grants.push(now);
      const w = this.waiters.shift()!;
      w.signal?.removeEventListener('abort', w.onAbort);
      w.resolve();
    }
  }
}

const limiters = new Map<string, SlidingWindowLimiter>();

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
export function acquireSlot(baseUrl: string, projectUid: string, signal?: AbortSignal): Promise<void> {
  const key = limiterKey(baseUrl, projectUid);
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = new SlidingWindowLimiter(RATE_LIMIT.limit, RATE_LIMIT.intervalMs + RATE_LIMIT.guardMs);
    limiters.set(key, limiter);
  }
  return limiter.acquire(signal);
}
