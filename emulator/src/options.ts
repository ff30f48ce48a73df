// Emulator options, demo credentials and fault switches.
import type { ServiceCredentials } from '../../service/src/credentialHeaders';

/** Not secret: printed on start so anyone can point the extension at the emulator. */
export const DEMO_CREDENTIALS: Readonly<ServiceCredentials> = Object.freeze({
  accountUid: 'demo-account',
  projectUid: 'demo-project',
  apiKey: 'demo-key',
  apiSecret: 'demo-secret',
  linkUid: 'demo-link',
  region: 'us-west-2',
  userUuid: '00000000-0000-4000-8000-000000000001',
});

export type Outcome = 'SUCCESS' | 'FAILED' | 'SUCCESS_PARTIAL' | 'INVALID';
export const OUTCOMES: readonly Outcome[] = ['SUCCESS', 'FAILED', 'SUCCESS_PARTIAL', 'INVALID'];

/** Fault switches. Counters ("next N") count down as they fire. */
export interface Faults {
  /** Every API answer (submit and status) waits this long first. */
  delayMs: number;
  /** Next N submits: the request is taken (it reached the service), then the socket is destroyed. */
  dropSubmit: number;
  /** Next N status calls: the socket is destroyed without an answer. */
  dropStatus: number;
  /** Next N status calls: HTTP 500. */
  status500: number;
  /** Next N status calls: HTTP 200 with a body that is not JSON. */
  malformedStatus: number;
  /** Next N submits: HTTP 200 with a body that is not JSON (the request is taken). */
  malformedSubmit: number;
  /** Next N status calls: an apiStatus no client knows (see unknownStatusValue). */
  unknownStatus: number;
  unknownStatusValue: string;
  /** Next N API calls: HTTP 429 with Retry-After, whatever the rate. */
  force429: number;
  /** Retry-After sent with every 429 (seconds or an HTTP date). Empty: computed from the window. */
  retryAfter: string;
  /** Final status of requests submitted while set; null = SUCCESS. */
  outcome: Outcome | null;
}

export function defaultFaults(): Faults {
  return {
    delayMs: 0,
    dropSubmit: 0,
    dropStatus: 0,
    status500: 0,
    malformedStatus: 0,
    malformedSubmit: 0,
    unknownStatus: 0,
    unknownStatusValue: 'API_OPERATION_STATUS_QUEUED_FOR_MAINTENANCE',
    force429: 0,
    retryAfter: '',
    outcome: null,
  };
}

/** Merges a JSON patch into faults; returns a message for the first bad field. */
export function applyFaults(faults: Faults, patch: unknown): string | undefined {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return 'expected a JSON object';
  const current = faults as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    // Own keys only: 'toString', 'constructor' or '__proto__' are not faults.
    if (!Object.hasOwn(current, key)) return `unknown fault '${key}'`;
    if (key === 'outcome') {
      if (value !== null && !OUTCOMES.includes(value as Outcome)) return `outcome must be null or one of ${OUTCOMES.join(', ')}`;
    } else if (typeof current[key] === 'number') {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return `${key} must be a number >= 0`;
    } else if (typeof value !== 'string') return `${key} must be a string`;
  }
  Object.assign(faults, patch);
  return undefined;
}

export interface EmulatorOptions {
  /** 0 (default) picks a free port. The emulator listens on 127.0.0.1 only. */
  port?: number;
  /** Expected credentials; missing fields take the demo values. */
  credentials?: Partial<ServiceCredentials>;
  /** Header prefix the emulator expects (default: the client's, DEFAULT_HEADER_PREFIX). */
  headerPrefix?: string;
  /** How long a request stays PENDING before its final status (default 1500 ms). */
  pendingMs?: number;
  /** Requests per window per project before 429 (default 10 per 1000 ms). */
  rateLimit?: { limit: number; windowMs: number };
  faults?: Partial<Faults>;
  /** One line per event (default: silent). */
  log?: (line: string) => void;
}
