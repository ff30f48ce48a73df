// A service parse error as a diagnostic of the document. Where it sits is serviceErrorRange's answer
// (service/src/parseErrorPosition.ts, docs/service-positions.md), the same function the CLI calls.
import { serviceErrorRange, type ServiceError } from '../../service/src/index';
import { repository } from '../../package.json';
import type { Span } from './history';

export { codePointToUtf16 } from '../../service/src/index';

/** The code of a service parse error's diagnostic (its entry in core/src/diagnostics/codes.ts, `from: 'extension'`). */
export const SERVICE_PARSE_CODE = 'parse';

/**
 * The link to the code's entry in docs/diagnostics.md, as the language server links its own codes
 * (core diagnosticHelpUri; the client cannot import the core, test/client/serviceDiagnostics.test.ts
 * holds the two to the same answer). The editor shows the code as this link in hover and Problems.
 */
export function serviceParseHelpUri(repositoryUrl: string = repository.url): string {
  return diagnosticHelpUri(SERVICE_PARSE_CODE, repositoryUrl);
}

/** The link to a code's entry in docs/diagnostics.md (the language server's codes too: diagnosticLinks.ts). */
export function diagnosticHelpUri(code: string, repositoryUrl: string = repository.url): string {
  return `${repositoryUrl.replace(/\.git$/, '').replace(/\/$/, '')}/blob/main/docs/diagnostics.md#${code}`;
}

export interface MappedDiagnostic {
  range: Span;
  message: string;
}

export function serviceErrorMessage(error: ServiceError): string {
  let msg = error.message.trim() || 'The service could not parse the statement.';
  const expected = error.expected?.filter((e) => !msg.includes(e)) ?? [];
  if (expected.length) msg += ` (expected ${expected.slice(0, 12).join(', ')}${expected.length > 12 ? ', …' : ''})`;
  return msg;
}

/**
 * Where a service error belongs in the file. Only 'parse' errors map; one without a position
 * marks the statement's first line.
 */
export function mapServiceError(error: ServiceError | undefined, statement: { range: Span; text: string }): MappedDiagnostic | undefined {
  if (!error || error.kind !== 'parse') return undefined;
  const message = serviceErrorMessage(error);
  const range = serviceErrorRange(error, { start: statement.range.start, text: statement.text });
  if (range) return { range, message };
  const start = statement.range.start;
  const first = statement.text.split(/\r\n|\r|\n/)[0] ?? '';
  return { range: { start, end: { line: start.line, character: start.character + first.length } }, message };
}
