// Turns HTTP answers and transport failures into ServiceErrors with one plain sentence each.
import { decodeGrpcMessage, parseSyntaxMessage } from './grpcMessage';
import type { HttpAnswer, ResponseTooLargeError, TransportError } from './http';
import { parseRetryAfter } from './retryAfter';
import { serviceError, ServiceRequestError } from './errors';
import type { ServiceError } from './types';

export type Call = 'submit' | 'status';

const MAY_HAVE_BEEN_RECEIVED =
  'the statement may or may not have been received by the service; look it up on the service (its list, or the status of the request) before running it again: do not re-run it blindly';

/** Hides secrets in service text; applied before any cut (a secret cut in two no longer matches). */
export type Redact = (text: string) => string;
const asIs: Redact = (t) => t;

/** Longest piece of an error body kept in a message. */
const SNIPPET_CHARS = 300;

function grpcDetail(answer: HttpAnswer, redact: Redact): string | undefined {
  const raw = answer.headers.get('grpc-message');
  return raw ? redact(decodeGrpcMessage(raw)) : undefined;
}

function bodySnippet(answer: HttpAnswer, redact: Redact): string | undefined {
  const text = redact(answer.body).replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  return text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}…` : text;
}

function withDetail(sentence: string, detail: string | undefined): string {
  return detail ? `${sentence}: ${detail}` : sentence;
}

/** The parse error of a 400 + grpc-status 3 answer. */
export function parseError(answer: HttpAnswer, redact: Redact = asIs): ServiceError {
  const decoded = grpcDetail(answer, redact);
  if (!decoded) return serviceError('parse', 'The service could not parse the statement (it gave no details)', { httpStatus: 400 });
  const d = parseSyntaxMessage(decoded);
  const reason = d.text.replace(/^\s*line\s+\d+:\d+\s*/i, '').trim();
  const where = d.line !== undefined && d.column !== undefined ? ` at line ${d.line}, column ${d.column + 1}` : '';
  const err = serviceError('parse', withDetail(`The service could not parse the statement${where}`, reason || undefined), {
    httpStatus: 400,
    detail: d.text,
  });
  if (d.line !== undefined) err.line = d.line;
  if (d.column !== undefined) err.column = d.column;
  if (d.expected) err.expected = d.expected;
  return err;
}

/** A non-200 answer as a thrown error; 429/503 carry their Retry-After. */
export function httpError(answer: HttpAnswer, call: Call, requestId?: string, redact: Redact = asIs): ServiceRequestError {
  const status = answer.status;
  const detail = grpcDetail(answer, redact) ?? bodySnippet(answer, redact);
  const extra: Partial<ServiceError> = { httpStatus: status };
  if (detail) extra.detail = detail;
  const req = requestId ? `request ${requestId}` : 'the request';
  if (status === 400 && call === 'submit') {
    if (answer.headers.get('grpc-status') === '3') return new ServiceRequestError(parseError(answer, redact));
    return new ServiceRequestError(
      serviceError('parse', withDetail('The service refused the statement as a bad request (HTTP 400)', detail), extra),
    );
  }
  if (status === 401 || status === 403) {
    return new ServiceRequestError(
      serviceError(
        'auth',
        `The service refused the credentials (HTTP ${status}); check the account, project, API key and secret of this connection`,
        extra,
      ),
    );
  }
  if (status === 404) {
    const msg =
      call === 'submit'
        ? 'The service endpoint was not found (HTTP 404); check the base URL'
        : `The service does not know ${req} (HTTP 404)`;
    return new ServiceRequestError(serviceError('not-found', msg, extra));
  }
  if (status === 409)
    return new ServiceRequestError(serviceError('conflict', withDetail(`The service reported a conflict (HTTP 409)`, detail), extra));
  if (status === 429 || status === 503) {
    const wait = parseRetryAfter(answer.headers.get('retry-after'));
    const kind = status === 429 ? 'rate-limited' : 'server';
    const msg = status === 429 ? 'The service asked to slow down (HTTP 429)' : 'The service is unavailable for now (HTTP 503)';
    return new ServiceRequestError(serviceError(kind, msg, extra), wait);
  }
  if (status >= 500) return new ServiceRequestError(serviceError('server', `The service had an internal error (HTTP ${status})`, extra));
  if (status >= 300 && status < 400) {
    return new ServiceRequestError(
      serviceError('bad-response', `The service redirected the call (HTTP ${status}); set the base URL to the final address`, extra),
    );
  }
  return new ServiceRequestError(
    serviceError('bad-response', withDetail(`The service answered HTTP ${status} unexpectedly`, detail), extra),
  );
}

export function isSlowDown(err: ServiceRequestError): boolean {
  const s = err.serviceError.httpStatus;
  return err.kind !== 'too-large' && (s === 429 || s === 503);
}

/** An answer past the size cap: final, never retried (the next answer would be as large). */
export function tooLargeError(err: ResponseTooLargeError, call: Call, requestId?: string): ServiceRequestError {
  const mb = `${Math.round((err.limitBytes / (1024 * 1024)) * 100) / 100} MB`;
  const what =
    call === 'submit' ? 'its answer to the submit' : `its status answer for ${requestId ? `request ${requestId}` : 'the request'}`;
  const tail = call === 'submit' ? `; ${MAY_HAVE_BEEN_RECEIVED}` : '';
  return new ServiceRequestError(
    serviceError(
      'too-large',
      `The service sent more than ${mb} in ${what} (HTTP ${err.status}); reading stopped there and the call was aborted${tail}`,
      {
        httpStatus: err.status,
      },
    ),
  );
}

/** A transport failure as a thrown error; a submit that may have arrived says so. */
export function transportError(err: TransportError, call: Call, requestId?: string): ServiceRequestError {
  const code = err.code && err.code !== 'TIMEOUT' ? ` (${err.code})` : '';
  if (err.code === 'BLOCKED_PORT') {
    return new ServiceRequestError(
      serviceError('network', 'The base URL uses a port that fetch refuses to connect to (a blocked port such as 6000); nothing was sent'),
    );
  }
  if (err.notSent) {
    return new ServiceRequestError(
      serviceError('network', `Could not connect to the service${code}; nothing was sent`, { detail: err.message }),
    );
  }
  if (call === 'submit') {
    const what = err.timedOut ? 'The service did not answer the submit in time' : `The connection failed during the submit${code}`;
    return new ServiceRequestError(serviceError('network', `${what}; ${MAY_HAVE_BEEN_RECEIVED}`, { detail: err.message }));
  }
  const what = err.timedOut
    ? 'The service did not answer the status call in time'
    : `The connection failed while asking for the status${code}`;
  return new ServiceRequestError(
    serviceError('network', `${what} of ${requestId ? `request ${requestId}` : 'the request'}`, { detail: err.message }),
  );
}

export function badResponse(call: Call, what: string, requestId?: string): ServiceRequestError {
  const sentence =
    call === 'submit'
      ? `The service accepted the submit but its answer was unreadable (${what}); ${MAY_HAVE_BEEN_RECEIVED}`
      : `The service's status answer for ${requestId ? `request ${requestId}` : 'the request'} was unreadable (${what})`;
  return new ServiceRequestError(serviceError('bad-response', sentence, { httpStatus: 200 }));
}

export { MAY_HAVE_BEEN_RECEIVED };
