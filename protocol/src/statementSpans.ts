// The compact form of `svcsql/statements` (params `spans: true`): what the code lenses and the
// notebook conversion need of every statement of a document (where it is, its title, whether it
// has errors or nothing to send), as one array of small numbers instead of an object per
// statement. 100,000 statements were 25 MB of JSON as objects (each with its text); as spans they
// are about 1.5 MB. The numbers travel as one string of comma-separated decimals, not a JSON array:
// a JS array of 600,000 numbers cost ~100 ms to build on the server and as much to parse on the
// client (JSON.parse of a number array), a string costs a few milliseconds on both sides. Both
// sides import this module, so the layout cannot drift apart.
import type { Range } from 'vscode-languageserver-protocol';

export interface StatementSpans {
  /** The distinct titles ('CREATE FLOW'), indexed by `data`. */
  titles: string[];
  /**
   * SPAN_FIELDS numbers per statement, in document order, as decimals joined by commas: start line
   * (minus the previous statement's start line), start character, end line (minus the start line),
   * end character, index into `titles`, flags (SPAN_HAS_ERRORS | SPAN_NOTHING_TO_SEND).
   */
  data: string;
}

export const SPAN_FIELDS = 6;
export const SPAN_HAS_ERRORS = 1;
/** The statement's text to send is blank (it would run nothing). */
export const SPAN_NOTHING_TO_SEND = 2;

/** One statement as the compact form gives it back. */
export interface StatementSpan {
  range: Range;
  title: string;
  hasErrors: boolean;
  /** Nothing to send: no code lens, no cell. */
  empty: boolean;
}

const COMMA = 44;
const MINUS = 45;
const ZERO = 48;

/** Builds the compact form, one statement at a time in document order. */
export class StatementSpansWriter {
  private readonly titles: string[] = [];
  private readonly titleIndex = new Map<string, number>();
  /** ASCII of `data`, grown by doubling. */
  private bytes = new Uint8Array(1 << 12);
  private length = 0;
  private lastLine = 0;

  /** One statement: its range as numbers (no Range object: 100,000 statements are listed at once). */
  add(startLine: number, startCharacter: number, endLine: number, endCharacter: number, title: string, flags: number): void {
    let t = this.titleIndex.get(title);
    if (t === undefined) {
      t = this.titles.length;
      this.titles.push(title);
      this.titleIndex.set(title, t);
    }
    // Six integers of at most 16 characters each, and their commas.
    if (this.length + 6 * 17 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.int(startLine - this.lastLine);
    this.int(startCharacter);
    this.int(endLine - startLine);
    this.int(endCharacter);
    this.int(t);
    this.int(flags);
    this.lastLine = startLine;
  }

  /** Writes an integer (and the comma before it, unless it is the first). */
  private int(value: number): void {
    const bytes = this.bytes;
    let at = this.length;
    if (at > 0) bytes[at++] = COMMA;
    let v = Math.trunc(value);
    if (v < 0) {
      bytes[at++] = MINUS;
      v = -v;
    }
    const first = at;
    do {
      bytes[at++] = ZERO + (v % 10);
      v = Math.floor(v / 10);
    } while (v > 0);
    // The digits came out least significant first.
    for (let i = first, j = at - 1; i < j; i++, j--) {
      const c = bytes[i]!;
      bytes[i] = bytes[j]!;
      bytes[j] = c;
    }
    this.length = at;
  }

  result(): StatementSpans {
    return { titles: this.titles, data: asciiDecoder.decode(this.bytes.subarray(0, this.length)) };
  }
}

// The bytes are ASCII: UTF-8 decodes them as latin1 would, and has the fast path.
const asciiDecoder = new TextDecoder();

/** The integers of `data` (decimals joined by commas), or undefined if it holds anything else. */
function numbers(data: string): number[] | undefined {
  const out: number[] = [];
  if (data.length === 0) return out;
  let value = 0;
  let digits = 0;
  let sign = 1;
  for (let i = 0; i <= data.length; i++) {
    const c = i < data.length ? data.charCodeAt(i) : COMMA;
    if (c === COMMA) {
      if (digits === 0) return undefined;
      out.push(sign * value);
      value = 0;
      digits = 0;
      sign = 1;
    } else if (c >= ZERO && c <= ZERO + 9) {
      value = value * 10 + (c - ZERO);
      digits++;
    } else if (c === MINUS && digits === 0 && sign === 1) sign = -1;
    else return undefined;
  }
  return out;
}

/** The statements of a compact answer; a malformed one (another server version) gives none. */
export function decodeStatementSpans(spans: StatementSpans | undefined): StatementSpan[] {
  if (!spans || typeof spans.data !== 'string' || !Array.isArray(spans.titles)) return [];
  const { titles } = spans;
  const data = numbers(spans.data);
  if (!data || data.length % SPAN_FIELDS !== 0) return [];
  // Pushed, not preallocated: an Array of over 100,000 holes is a slow dictionary in V8.
  const out: StatementSpan[] = [];
  let line = 0;
  for (let i = 0; i < data.length; i += SPAN_FIELDS) {
    line += data[i]!;
    const flags = data[i + 5]!;
    out.push({
      range: { start: { line, character: data[i + 1]! }, end: { line: line + data[i + 2]!, character: data[i + 3]! } },
      title: titles[data[i + 4]!] ?? '',
      hasErrors: (flags & SPAN_HAS_ERRORS) !== 0,
      empty: (flags & SPAN_NOTHING_TO_SEND) !== 0,
    });
  }
  return out;
}
