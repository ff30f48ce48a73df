// ServiceError construction, the thrown wrapper used by submit()/status(), secret scrubbing,
// and formatError for people.
import type { Connection, ServiceError, ServiceErrorKind } from './types';

/** Thrown by ServiceClient.submit/status; run() turns it into a terminal RunResult. */
export class ServiceRequestError extends Error {
  readonly serviceError: ServiceError;
  /** For 429/503: how long the service asked us to wait. */
  readonly retryAfterMs: number | undefined;
  constructor(error: ServiceError, retryAfterMs?: number) {
    super(error.message);
    this.name = 'ServiceRequestError';
    this.serviceError = error;
    this.retryAfterMs = retryAfterMs;
  }
  get kind(): ServiceErrorKind {
    return this.serviceError.kind;
  }
}

export function serviceError(kind: ServiceErrorKind, message: string, extra: Partial<ServiceError> = {}): ServiceError {
  return { kind, message, ...extra };
}

/** Replaces every occurrence of the key and secret (and their URL-encoded forms) in text. */
export function scrub(text: string, conn: Pick<Connection, 'apiKey' | 'apiSecret'>): string {
  let out = text;
  for (const secret of [conn.apiSecret, conn.apiKey]) {
    const s = typeof secret === 'string' ? secret.trim() : '';
    if (s.length < 4) continue; // too short to scrub without mangling ordinary words
    for (const form of new Set([s, encodeURIComponent(s)])) out = out.split(form).join('***');
  }
  return out;
}

export function scrubError(err: ServiceError, conn: Pick<Connection, 'apiKey' | 'apiSecret'>): ServiceError {
  const out: ServiceError = { ...err, message: scrub(err.message, conn) };
  if (err.detail !== undefined) out.detail = scrub(err.detail, conn);
  if (err.expected) out.expected = err.expected.map((e) => scrub(e, conn));
  return out;
}

/** One plain sentence for a person: single line, ends with a full stop. */
export function formatError(err: ServiceError): string {
  let text = (err.message || `The request failed (${err.kind}).`).replace(/\s+/g, ' ').trim();
  if (!/[.!?]$/.test(text)) text += '.';
  return text;
}
