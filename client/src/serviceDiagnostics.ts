// Maps a service parse error (1-based line, 0-based column counted in code points, relative to
// the sent text) back into the document, per docs/architecture.md: the sent text's (1, 0) is the
// statement's range.start, so only line 1 is offset by range.start.character.
import type { ServiceError } from '../../service/src/index';
import type { Span } from './history';

export interface MappedDiagnostic {
  range: Span;
  message: string;
}

/** UTF-16 offset of the code point at index `cp` in `line` (clamped to the line's end). */
export function codePointToUtf16(line: string, cp: number): number {
  let units = 0;
  let points = 0;
  for (const ch of line) {
    if (points >= cp) break;
    units += ch.length;
    points++;
  }
  return units;
}

const TOKEN = /^[^\s,;()=[\]{}]+/;

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
  const lines = statement.text.split(/\r\n|\r|\n/);
  const start = statement.range.start;
  const message = serviceErrorMessage(error);
  if (error.line === undefined || !Number.isFinite(error.line)) {
    const first = lines[0] ?? '';
    return { range: { start, end: { line: start.line, character: start.character + first.length } }, message };
  }
  const L = Math.min(Math.max(1, Math.floor(error.line)), lines.length);
  const lineText = lines[L - 1] ?? '';
  const col = codePointToUtf16(lineText, Math.max(0, Math.floor(error.column ?? 0)));
  const token = TOKEN.exec(lineText.slice(col))?.[0].length ?? 0;
  const width = token || (col < lineText.length ? 1 : 0);
  const line = start.line + L - 1;
  const character = col + (L === 1 ? start.character : 0);
  return { range: { start: { line, character }, end: { line, character: character + width } }, message };
}
