// ServiceClient: submit, status, and run/watch (the state machine that polls to a terminal state).
import pRetry from 'p-retry';
import { abortable, AbortedError, sleep } from './abort';
import { badResponse, httpError, isSlowDown, MAY_HAVE_BEEN_RECEIVED, tooLargeError, transportError, type Call } from './answers';
import { statusUrl, submitUrl, validateBaseUrl, validateRequestId } from './baseUrl';
import { connectionRedactor, scrubError, serviceError, ServiceRequestError } from './errors';
import { buildHeaders } from './headers';
import { httpCall, ResponseTooLargeError, TransportError, type HttpAnswer } from './http';
import type { Redactor } from './redact';
import { acquireSlot } from './rateLimiter';
import { terminalStateOf } from './runStatus';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_POLL,
  DEFAULT_TIMEOUT_MS,
  type ClientOptions,
  type Connection,
  type PollOptions,
  type RetryOptions,
  type RunEvent,
  type RunOptions,
  type RunResult,
  type ServiceError,
  type StatusAnswer,
} from './types';

const DEFAULT_RETRY: RetryOptions = { retries: 5, minTimeoutMs: 500, maxTimeoutMs: 8000 };
/** Submits refused before any byte was sent (ECONNREFUSED/ENOTFOUND) are tried this many more times. */
const NOT_SENT_RETRIES = 2;
/** Give up after this many 429/503 answers in a row, timeout or not (a hostile Retry-After: 0 would spin). */
export const MAX_SLOW_DOWNS = 10;
/** Shortest pause between two tries after 429/503, whatever Retry-After says. */
const MIN_RETRY_AFTER_MS = 1000;

interface SubmitProgress {
  /** Set once a submit request has been handed to the network. */
  maySent: boolean;
  /** The last 429/503 refusal of the submit, to say what happened if the run ends while waiting. */
  refusedBy?: string;
}

export class ServiceClient {
  private readonly conn: Connection;
  private readonly userAgent: string | undefined;
  private readonly retry: RetryOptions;
  private readonly maxRetryAfterMs: number;
  private readonly minRetryAfterMs: number;
  private readonly maxResponseBytes: number;
  private readonly redactor: Redactor;
  private readonly requestTimeoutMs = 60_000;
  private readonly acquireSlot: (signal?: AbortSignal) => Promise<void>;

  constructor(conn: Connection, options: ClientOptions = {}) {
    this.conn = { ...conn };
    this.userAgent = options.userAgent;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.minRetryAfterMs = Math.min(options.minRetryAfterMs ?? MIN_RETRY_AFTER_MS, this.maxRetryAfterMs);
    const cap = options.maxResponseBytes;
    this.maxResponseBytes = cap !== undefined && Number.isFinite(cap) && cap > 0 ? Math.floor(cap) : DEFAULT_MAX_RESPONSE_BYTES;
    this.redactor = connectionRedactor(this.conn);
    const limiter = options.limiter;
    this.acquireSlot = limiter
      ? (signal) => limiter.acquire(signal)
      : (signal) => acquireSlot(this.conn.baseUrl, this.conn.projectUid, signal);
  }

  /** Sends the statement once; resolves with the request id. Throws ServiceRequestError. */
  submit(statement: string, signal?: AbortSignal): Promise<string> {
    return this.submitTracked(statement, signal, { maySent: false });
  }

  /** One status answer (retried on network errors, 5xx and unreadable answers). Throws ServiceRequestError. */
  async status(requestId: string, signal?: AbortSignal): Promise<StatusAnswer> {
    try {
      return await this.statusWithRetries(requestId, signal);
    } catch (err) {
      throw this.clean(err, signal);
    }
  }

  private statusWithRetries(requestId: string, signal: AbortSignal | undefined): Promise<StatusAnswer> {
    const headers = this.headersOrThrow();
    const badId = validateRequestId(requestId);
    if (badId) throw new ServiceRequestError(serviceError('config', badId));
    const url = statusUrl(this.conn.baseUrl, requestId);
    return this.slowDownLoop(signal, undefined, () =>
      pRetry(() => this.statusOnce(url, headers, requestId, signal), {
        retries: this.retry.retries,
        minTimeout: this.retry.minTimeoutMs,
        maxTimeout: this.retry.maxTimeoutMs,
        factor: 2,
        randomize: true,
        signal,
        shouldRetry: ({ error }) =>
          error instanceof ServiceRequestError && !isSlowDown(error) && ['network', 'server', 'bad-response'].includes(error.kind),
      }),
    );
  }

  /** Submits and polls to a terminal state. Never throws. */
  async run(statement: string, options: RunOptions = {}): Promise<RunResult> {
    const ctl = new RunControl(this.conn, options);
    ctl.emit({ state: 'submitting' });
    const progress: SubmitProgress = { maySent: false };
    let requestId: string;
    try {
      requestId = await abortable(this.submitTracked(statement, ctl.signal, progress), ctl.signal);
    } catch (err) {
      return ctl.finish(this.failure(err, ctl, 'submit', undefined, progress.maySent, progress.refusedBy));
    }
    return this.poll(requestId, ctl);
  }

  /** Polls an existing request to a terminal state. Never throws. */
  watch(requestId: string, options: RunOptions = {}): Promise<RunResult> {
    return this.poll(requestId, new RunControl(this.conn, options));
  }

  private async poll(requestId: string, ctl: RunControl): Promise<RunResult> {
    ctl.emit({ state: 'pending', requestId });
    const p = ctl.poll;
    // First look soon (most statements finish fast), then back off.
    let delay = Math.min(p.initialMs, Math.max(50, p.initialMs / 4));
    let next = p.initialMs;
    let lastStatus: string | undefined;
    try {
      for (;;) {
        await sleep(delay, ctl.signal);
        delay = next;
        next = Math.min(p.maxMs, next * p.factor);
        const answer = await abortable(this.status(requestId, ctl.signal), ctl.signal);
        const state = terminalStateOf(answer.apiStatus);
        if (state) return ctl.finish({ state, requestId, apiStatus: answer.apiStatus, apiResponse: answer.apiResponse });
        if (answer.apiStatus !== lastStatus) {
          // PENDING, or a status this client does not know: shown as it came, polling goes on.
          lastStatus = answer.apiStatus;
          ctl.emit({ state: 'pending', requestId, apiStatus: answer.apiStatus, apiResponse: answer.apiResponse });
        }
      }
    } catch (err) {
      return ctl.finish({ ...this.failure(err, ctl, 'status', requestId, true), requestId });
    }
  }

  /** Maps anything thrown during a run to its terminal outcome. */
  private failure(err: unknown, ctl: RunControl, call: Call, requestId: string | undefined, maySent: boolean, refusedBy?: string): Outcome {
    if (err instanceof AbortedError || ctl.signal.aborted) {
      const timedOut = ctl.timedOut;
      let msg: string;
      if (call === 'submit' && !maySent && refusedBy) {
        msg = `${timedOut ? 'The run timed out' : 'The run was cancelled'} while waiting to try the submit again: ${refusedBy}; the service did not take the statement`;
      } else if (call === 'submit' && !maySent)
        msg = timedOut ? 'The run timed out before the statement was sent' : 'The run was cancelled before the statement was sent';
      else if (call === 'submit')
        msg = `${timedOut ? 'The run timed out during the submit' : 'The run was cancelled during the submit'}; ${MAY_HAVE_BEEN_RECEIVED}`;
      else {
        const verb = timedOut ? `Gave up waiting after ${Math.round(ctl.timeoutMs / 1000)} s` : 'Stopped watching';
        msg = `${verb} for request ${requestId}; the service may still be running it: check its status later (it keeps its request id)`;
      }
      return timedOut
        ? { state: 'timed-out', error: serviceError('timeout', msg) }
        : { state: 'cancelled', error: serviceError('cancelled', msg) };
    }
    const error: ServiceError =
      err instanceof ServiceRequestError
        ? err.serviceError
        : serviceError('bad-response', 'Unexpected failure in the service client', { detail: String(err) });
    // A definite refusal of the submit means nothing was started: 'rejected'.
    const refused = call === 'submit' && error.httpStatus !== undefined && error.httpStatus >= 400 && error.httpStatus < 500;
    return { state: refused ? 'rejected' : 'error', error };
  }

  private headersOrThrow(): Record<string, string> {
    const problem = validateBaseUrl(this.conn.baseUrl);
    if (problem) throw new ServiceRequestError(serviceError('config', problem));
    const built = buildHeaders(this.conn);
    if ('problem' in built) throw new ServiceRequestError(serviceError('config', built.problem));
    if (this.userAgent) built.headers['user-agent'] = this.userAgent;
    return built.headers;
  }

  private async submitTracked(statement: string, signal: AbortSignal | undefined, progress: SubmitProgress): Promise<string> {
    try {
      const headers = { ...this.headersOrThrow(), 'content-type': 'application/json' };
      const body = JSON.stringify({ statement });
      const url = submitUrl(this.conn.baseUrl);
      return await this.slowDownLoop(signal, progress, () =>
        pRetry(
          async () => {
            await this.acquireSlot(signal);
            let answer: HttpAnswer;
            try {
              progress.maySent = true;
              answer = await httpCall(url, { method: 'POST', headers, body }, signal, this.requestTimeoutMs, this.maxResponseBytes);
            } catch (err) {
              if (err instanceof ResponseTooLargeError) throw tooLargeError(err, 'submit');
              if (err instanceof TransportError) {
                if (err.notSent) progress.maySent = false;
                throw transportError(err, 'submit');
              }
              throw err;
            }
            // 429/503 are explicit refusals: the statement was not taken, so sending it again is safe.
            if (answer.status !== 200) {
              const e = httpError(answer, 'submit', undefined, (t) => this.redactor.text(t));
              if (isSlowDown(e)) progress.maySent = false;
              throw e;
            }
            return readRequestId(answer);
          },
          {
            retries: NOT_SENT_RETRIES,
            minTimeout: Math.min(500, this.retry.minTimeoutMs),
            factor: 2,
            randomize: true,
            signal,
            // Never resend once the submit may have reached the service (no duplicate flows).
            shouldRetry: ({ error }) => !progress.maySent && error instanceof ServiceRequestError && error.kind === 'network',
          },
        ),
      );
    } catch (err) {
      throw this.clean(err, signal);
    }
  }

  private async statusOnce(
    url: string,
    headers: Record<string, string>,
    requestId: string,
    signal: AbortSignal | undefined,
  ): Promise<StatusAnswer> {
    await this.acquireSlot(signal);
    let answer: HttpAnswer;
    try {
      answer = await httpCall(url, { method: 'GET', headers }, signal, this.requestTimeoutMs, this.maxResponseBytes);
    } catch (err) {
      if (err instanceof ResponseTooLargeError) throw tooLargeError(err, 'status', requestId);
      if (err instanceof TransportError) throw transportError(err, 'status', requestId);
      throw err;
    }
    if (answer.status !== 200) throw httpError(answer, 'status', requestId, (t) => this.redactor.text(t));
    return readStatus(answer, requestId);
  }

  /**
   * Runs attempt; on 429/503 waits (Retry-After, or a growing pause, never less than the floor)
   * and tries again, at most MAX_SLOW_DOWNS times in all; then the last refusal is the outcome.
   */
  private async slowDownLoop<T>(
    signal: AbortSignal | undefined,
    progress: SubmitProgress | undefined,
    attempt: () => Promise<T>,
  ): Promise<T> {
    let pause = Math.max(this.retry.minTimeoutMs, this.minRetryAfterMs);
    for (let n = 1; ; n++) {
      try {
        return await attempt();
      } catch (err) {
        if (!(err instanceof ServiceRequestError) || !isSlowDown(err)) throw err;
        if (progress)
          progress.refusedBy = `HTTP ${err.serviceError.httpStatus} ${err.serviceError.httpStatus === 429 ? '(slow down)' : '(unavailable)'}, ${n} time${n === 1 ? '' : 's'}`;
        if (n >= MAX_SLOW_DOWNS) {
          const e = err.serviceError;
          const tail = progress ? '; the service did not take the statement' : '';
          throw new ServiceRequestError({ ...e, message: `${e.message}; gave up after ${n} tries${tail}` });
        }
        const wait = Math.max(this.minRetryAfterMs, Math.min(this.maxRetryAfterMs, err.retryAfterMs ?? pause));
        pause = Math.min(this.retry.maxTimeoutMs, pause * 2);
        await sleep(wait, signal);
      }
    }
  }

  /** Errors leaving the client: aborts stay AbortedError, everything else a scrubbed ServiceRequestError. */
  private clean(err: unknown, signal: AbortSignal | undefined): Error {
    if (err instanceof AbortedError || signal?.aborted) return new AbortedError();
    if (err instanceof ServiceRequestError) return new ServiceRequestError(scrubError(err.serviceError, this.redactor), err.retryAfterMs);
    return new ServiceRequestError(
      scrubError(serviceError('bad-response', 'Unexpected failure in the service client', { detail: String(err) }), this.redactor),
    );
  }
}

type Outcome = Pick<RunResult, 'state' | 'requestId' | 'apiStatus' | 'apiResponse' | 'error'>;

function parseJson(answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    return undefined;
  }
}

function readRequestId(answer: HttpAnswer): string {
  const json = parseJson(answer);
  if (json === undefined) throw badResponse('submit', 'not JSON');
  const id = (json as { requestId?: unknown } | null)?.requestId;
  if (typeof id !== 'string' || !id) throw badResponse('submit', 'no requestId');
  return id;
}

function readStatus(answer: HttpAnswer, requestId: string): StatusAnswer {
  const json = parseJson(answer);
  if (json === undefined) throw badResponse('status', 'not JSON', requestId);
  const apiStatus = (json as { apiStatus?: unknown } | null)?.apiStatus;
  if (typeof apiStatus !== 'string' || !apiStatus) throw badResponse('status', 'no apiStatus', requestId);
  return { apiStatus, apiResponse: (json as { apiResponse?: unknown }).apiResponse };
}

/** Per-run plumbing: combined cancel/timeout signal, events, and the single exit. */
class RunControl {
  readonly signal: AbortSignal;
  readonly poll: PollOptions;
  readonly timeoutMs: number;
  private readonly controller = new AbortController();
  private readonly startedAt = Date.now();
  private readonly timer: NodeJS.Timeout;
  private readonly onEvent: ((e: RunEvent) => void) | undefined;
  private readonly userSignal: AbortSignal | undefined;
  private readonly relay = () => this.controller.abort();
  private timeoutFired = false;
  private done = false;

  constructor(
    private readonly conn: Connection,
    options: RunOptions,
  ) {
    this.signal = this.controller.signal;
    this.poll = sanePoll(options.poll ?? DEFAULT_POLL);
    const t = options.timeoutMs;
    // setTimeout fires at once for NaN and for anything above 2^31-1 ms; keep it sane.
    this.timeoutMs = t !== undefined && Number.isFinite(t) && t > 0 ? Math.min(t, 2 ** 31 - 1) : DEFAULT_TIMEOUT_MS;
    this.onEvent = options.onEvent;
    this.userSignal = options.signal;
    this.timer = setTimeout(() => {
      this.timeoutFired = true;
      this.controller.abort();
    }, this.timeoutMs);
    if (this.userSignal?.aborted) this.controller.abort();
    else this.userSignal?.addEventListener('abort', this.relay, { once: true });
  }

  get timedOut(): boolean {
    return this.timeoutFired && !this.userSignal?.aborted;
  }

  emit(e: Omit<RunEvent, 'at'>): void {
    if (this.done || !this.onEvent) return;
    const event: RunEvent = { ...e, at: Date.now() };
    if (event.error) event.error = scrubError(event.error, this.conn);
    try {
      this.onEvent(event);
    } catch {
      /* a listener's failure must not break the run */
    }
  }

  finish(outcome: Outcome): RunResult {
    const result: RunResult = { ...outcome, startedAt: this.startedAt, endedAt: Date.now() };
    if (result.error) result.error = scrubError(result.error, this.conn);
    for (const key of ['requestId', 'apiStatus', 'apiResponse', 'error'] as const) if (result[key] === undefined) delete result[key];
    const { startedAt: _s, endedAt: _e, ...event } = result;
    this.emit(event);
    this.done = true;
    clearTimeout(this.timer);
    this.userSignal?.removeEventListener('abort', this.relay);
    this.controller.abort(); // releases anything still waiting on this run
    return result;
  }
}

function sanePoll(p: PollOptions): PollOptions {
  const initialMs = Number.isFinite(p.initialMs) && p.initialMs > 0 ? p.initialMs : DEFAULT_POLL.initialMs;
  const factor = Number.isFinite(p.factor) && p.factor >= 1 ? p.factor : DEFAULT_POLL.factor;
  const maxMs = Number.isFinite(p.maxMs) && p.maxMs >= initialMs ? p.maxMs : Math.max(initialMs, DEFAULT_POLL.maxMs);
  return { initialMs, factor, maxMs };
}
