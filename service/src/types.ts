// Public shapes of the service client (contract: docs/architecture.md, "Service client").
import type { ServiceCredentials } from './credentialHeaders';
import type { RunState } from './runStates';

/** Where to send a call and the seven credentials it carries. */
export interface Connection extends ServiceCredentials {
  baseUrl: string;
  /** Prefix of the seven credential headers; deployments differ. Default 'x-service-'. */
  headerPrefix?: string;
}

export type { RunState };

export type ServiceErrorKind =
  | 'parse'
  | 'auth'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'bad-response'
  | 'cancelled'
  | 'config'
  /** The answer was larger than the client's cap (ClientOptions.maxResponseBytes); never retried. */
  | 'too-large';

export interface ServiceError {
  kind: ServiceErrorKind;
  /** One plain sentence, never containing credentials. */
  message: string;
  httpStatus?: number;
  /** Parse errors: 1-based line, as the service reports it. */
  line?: number;
  /** Parse errors: 0-based column (ANTLR style), as the service reports it. */
  column?: number;
  /** Parse errors: tokens the service expected, quotes removed. */
  expected?: string[];
  /** Raw text from the service (e.g. the decoded grpc-message without its prefix). */
  detail?: string;
}

export interface RunEvent {
  state: RunState;
  at: number;
  requestId?: string;
  apiStatus?: string;
  apiResponse?: unknown;
  error?: ServiceError;
}

export interface RunResult {
  /** Always terminal. */
  state: RunState;
  requestId?: string;
  apiStatus?: string;
  apiResponse?: unknown;
  error?: ServiceError;
  startedAt: number;
  endedAt: number;
}

export interface PollOptions {
  initialMs: number;
  factor: number;
  maxMs: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Whole-run limit (submit + polling). Default 10 minutes. */
  timeoutMs?: number;
  onEvent?: (e: RunEvent) => void;
  poll?: PollOptions;
}

/** Retry policy for status calls (network errors, 5xx, malformed answers). */
export interface RetryOptions {
  retries: number;
  minTimeoutMs: number;
  maxTimeoutMs: number;
}

export interface ClientOptions {
  userAgent?: string;
  /** Status-call retries; defaults suit real use (5 retries, 0.5 s .. 8 s with jitter). Tests shorten them. */
  retry?: Partial<RetryOptions>;
  /** Longest single Retry-After wait honoured on 429/503 (default 60 s); longer values are capped. */
  maxRetryAfterMs?: number;
  /** Shortest wait between two tries after 429/503, whatever Retry-After says (default 1 s). */
  minRetryAfterMs?: number;
  /** Most bytes read of any answer (submit, status, error bodies); default 16 MB. */
  maxResponseBytes?: number;
  /**
   * Waits for a request slot before each call. Default: the limiter this process shares per project
   * (10 requests per second). Tests against an emulator with another rate give one of their own.
   */
  limiter?: RequestLimiter;
}

/** Grants request slots: resolves when one more request may go out (the caller sends right after). */
export interface RequestLimiter {
  acquire(signal?: AbortSignal): Promise<void>;
}

export interface StatusAnswer {
  apiStatus: string;
  apiResponse: unknown;
}

export const DEFAULT_POLL: PollOptions = { initialMs: 1000, factor: 1.5, maxMs: 10_000 };
export const DEFAULT_TIMEOUT_MS = 10 * 60_000;
/** No real answer comes near this; a larger one is refused (error kind 'too-large'). */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
