// Public API of the service client (docs/architecture.md, "Service client"). No vscode import.
export { ServiceClient, terminalStateOf } from './client';
export { formatError, ServiceRequestError } from './errors';
export { parseRetryAfter } from './retryAfter';
export { decodeGrpcMessage, parseSyntaxMessage, type SyntaxDetail } from './grpcMessage';
export { validateBaseUrl } from './baseUrl';
export { HEADER_FIELDS } from './headers';
export { RATE_LIMIT } from './rateLimiter';
export {
  isTerminal,
  DEFAULT_HEADER_PREFIX,
  DEFAULT_POLL,
  DEFAULT_TIMEOUT_MS,
  type ClientOptions,
  type Connection,
  type PollOptions,
  type RetryOptions,
  type RunEvent,
  type RunOptions,
  type RunResult,
  type RunState,
  type ServiceError,
  type ServiceErrorKind,
  type StatusAnswer,
} from './types';
