// The extension's redactor is the one the service client and the CLI use (service/src/redact.ts).
export { REDACTED, Redactor, TOO_DEEP } from '../../service/src/redact';
