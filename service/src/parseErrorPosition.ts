// Where a service parse error sits in the file. The service answers `line L:C` (L 1-based, C 0-based)
// within the text that was sent, and C counts Unicode code points (docs/service-positions.md); editors
// and the CLI count UTF-16 code units. The CLI, the extension and the emulator all convert here.
// No Node, no DOM.

/** 0-based line and UTF-16 character, as in LSP and the language core. */
export interface TextPosition {
  line: number;
  character: number;
}

export interface TextRange {
  start: TextPosition;
  end: TextPosition;
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

/** Code points before UTF-16 offset `units` in `line` (clamped; a split surrogate pair counts once). */
export function utf16ToCodePoint(line: string, units: number): number {
  let seen = 0;
  let points = 0;
  for (const ch of line) {
    if (seen >= units) break;
    seen += ch.length;
    points++;
  }
  return points;
}

const LINE_BREAK = /\r\n|\r|\n/;
/** The token the error points at (up to a blank or punctuation), underlined in the editor. */
const TOKEN = /^[^\s,;()=[\]{}]+/;

/**
 * The file range of a service parse error, or undefined when the service gave no line. `sent` is
 * the text as sent and where its first character sits in the file (its line 1, column 0): only
 * line 1 is offset by the start's character. Line and column are clamped to the sent text; the
 * range covers the token at the column (one character when there is none, zero at a line's end).
 */
export function serviceErrorRange(
  error: { line?: number | undefined; column?: number | undefined },
  sent: { start: TextPosition; text: string },
): TextRange | undefined {
  if (error.line === undefined || !Number.isFinite(error.line)) return undefined;
  const lines = sent.text.split(LINE_BREAK);
  const L = Math.min(Math.max(1, Math.floor(error.line)), lines.length);
  const lineText = lines[L - 1] ?? '';
  const column = error.column !== undefined && Number.isFinite(error.column) ? Math.max(0, Math.floor(error.column)) : 0;
  const col = codePointToUtf16(lineText, column);
  const token = TOKEN.exec(lineText.slice(col))?.[0].length ?? 0;
  const width = token || (col < lineText.length ? 1 : 0);
  const line = sent.start.line + L - 1;
  const character = col + (L === 1 ? sent.start.character : 0);
  return { start: { line, character }, end: { line, character: character + width } };
}

/** The service's `line L:C` for a UTF-16 position within the sent text (what the emulator reports). */
export function serviceColumnOf(sentText: string, position: TextPosition): { line: number; column: number } {
  const lineText = sentText.split(LINE_BREAK)[position.line] ?? '';
  return { line: position.line + 1, column: utf16ToCodePoint(lineText, position.character) };
}
