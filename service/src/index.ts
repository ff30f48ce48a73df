// Public API of the service client (docs/architecture.md, "Service client"). No vscode import.
export { ServiceClient } from './client';
export { API_STATUS_PREFIX, shortApiStatus, stateFromApiStatus, terminalStateOf } from './runStatus';
export { formatDuration, formatTime } from './timeText';
export {
  codePointToUtf16,
  serviceColumnOf,
  serviceErrorRange,
  utf16ToCodePoint,
  type TextPosition,
  type TextRange,
} from './parseErrorPosition';
export { formatError, ServiceRequestError } from './errors';
export { parseRetryAfter } from './retryAfter';
export { decodeGrpcMessage, parseSyntaxMessage, type SyntaxDetail } from './grpcMessage';
export { validateBaseUrl, validateRequestId } from './baseUrl';
export { connectionProblem } from './headers';
export {
  DEFAULT_HEADER_PREFIX,
  effectiveHeaderPrefix,
  HEADER_PREFIX_PATTERN,
  headerPrefixProblem,
  headerValueProblem,
} from './connectionRules';
export { REDACTED, Redactor, secretVariants } from './redact';
export { HEADER_FIELDS, type ServiceCredentials } from './credentialHeaders';
export { RATE_LIMIT, SlidingWindowLimiter } from './rateLimiter';
export { isRunning, isRunState, isTerminal, RUN_STATES, stateTone, succeeded, type RunState, type StateTone } from './runStates';
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_POLL,
  DEFAULT_TIMEOUT_MS,
  type ClientOptions,
  type Connection,
  type PollOptions,
  type RequestLimiter,
  type RetryOptions,
  type RunEvent,
  type RunOptions,
  type RunResult,
  type ServiceError,
  type ServiceErrorKind,
  type StatusAnswer,
} from './types';
