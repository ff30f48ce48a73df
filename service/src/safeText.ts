// Shared by the CLI and the results table. Text that did not come from this program (service answers, request ids, file contents, file
// names) is printed with every control character escaped: an ESC sequence could clear the screen
// or retitle the terminal, a BEL ring, a CR overwrite the line, and a newline followed by
// `::error file=…::` forge a CI annotation. Bidirectional overrides and the Unicode line
// separators are escaped too (they reorder or break what the reader sees).

/**
 * C0 and C1 controls, DEL, and the format characters that reorder or hide text (bidi marks,
 * overrides and isolates, zero-width characters, soft hyphen, BOM, line/paragraph separators).
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
/** What JSON.stringify leaves raw (it escapes only U+0000-U+001F). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function code(c: string): string {
  const n = c.charCodeAt(0);
  return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
}

/** One line, every control character shown as an escape (\n, \x1b, \u202e). */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (c) => NAMED[c] ?? code(c));
}

/** JSON text whose strings cannot drive a terminal: the characters JSON.stringify leaves raw become \uXXXX. */
export function safeJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** JSON.stringify (pretty) made safe for a terminal. */
export function jsonText(value: unknown): string {
  return safeJson(JSON.stringify(value, null, 2) ?? String(value));
}
