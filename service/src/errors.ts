// ServiceError construction, the thrown wrapper used by submit()/status(), secret scrubbing,
// and formatError for people.
import { Redactor } from './redact';
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

/** The redactor of a connection's key and secret (every encoding the shared redactor knows), as '***'. */
export function connectionRedactor(conn: Pick<Connection, 'apiKey' | 'apiSecret'>): Redactor {
  const strings = [conn.apiSecret, conn.apiKey].filter((s): s is string => typeof s === 'string');
  return new Redactor(strings, '***');
}

/** Replaces every occurrence of the key and secret (in any encoding the redactor knows) in text. */
export function scrub(text: string, conn: Pick<Connection, 'apiKey' | 'apiSecret'>): string {
  return connectionRedactor(conn).text(text);
}

export function scrubError(err: ServiceError, conn: Pick<Connection, 'apiKey' | 'apiSecret'> | Redactor): ServiceError {
  const r = conn instanceof Redactor ? conn : connectionRedactor(conn);
  const out: ServiceError = { ...err, message: r.text(err.message) };
  if (err.detail !== undefined) out.detail = r.text(err.detail);
  if (err.expected) out.expected = err.expected.map((e) => r.text(e));
  return out;
}

/** One plain sentence for a person: single line, ends with a full stop. */
export function formatError(err: ServiceError): string {
  let text = (err.message || `The request failed (${err.kind}).`).replace(/\s+/g, ' ').trim();
  if (!/[.!?]$/.test(text)) text += '.';
  return text;
}
