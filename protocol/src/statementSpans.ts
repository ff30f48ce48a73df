// The compact form of `svcsql/statements` (params `spans: true`): what the code lenses and the
// notebook conversion need of every statement of a document (where it is, its title, whether it
// has errors or nothing to send), as one array of small numbers instead of an object per
// statement. 100,000 statements were 25 MB of JSON as objects (each with its text); as spans they
// are about 2 MB, and both sides encode and decode them in a few milliseconds. Both sides import
// this module, so the layout cannot drift apart.
import type { Range } from 'vscode-languageserver-protocol';

export interface StatementSpans {
  /** The distinct titles ('CREATE FLOW'), indexed by `data`. */
  titles: string[];
  /**
   * SPAN_FIELDS numbers per statement, in document order: start line (minus the previous
   * statement's start line), start character, end line (minus the start line), end character,
   * index into `titles`, flags (SPAN_HAS_ERRORS | SPAN_NOTHING_TO_SEND).
   */
  data: number[];
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

/** Builds the compact form, one statement at a time in document order. */
export class StatementSpansWriter {
  private readonly titles: string[] = [];
  private readonly titleIndex = new Map<string, number>();
  private readonly data: number[] = [];
  private lastLine = 0;

  /** One statement: its range as numbers (no Range object: 100,000 statements are listed at once). */
  add(startLine: number, startCharacter: number, endLine: number, endCharacter: number, title: string, flags: number): void {
    let t = this.titleIndex.get(title);
    if (t === undefined) {
      t = this.titles.length;
      this.titles.push(title);
      this.titleIndex.set(title, t);
    }
    this.data.push(startLine - this.lastLine, startCharacter, endLine - startLine, endCharacter, t, flags);
    this.lastLine = startLine;
  }

  result(): StatementSpans {
    return { titles: this.titles, data: this.data };
  }
}

/** The statements of a compact answer; a malformed one (another server version) gives none. */
export function decodeStatementSpans(spans: StatementSpans | undefined): StatementSpan[] {
  if (!spans || !Array.isArray(spans.data) || !Array.isArray(spans.titles) || spans.data.length % SPAN_FIELDS !== 0) return [];
  const { data, titles } = spans;
  const out = new Array<StatementSpan>(data.length / SPAN_FIELDS);
  let line = 0;
  for (let i = 0, k = 0; i < data.length; i += SPAN_FIELDS, k++) {
    line += data[i]!;
    const flags = data[i + 5]!;
    out[k] = {
      range: { start: { line, character: data[i + 1]! }, end: { line: line + data[i + 2]!, character: data[i + 3]! } },
      title: titles[data[i + 4]!] ?? '',
      hasErrors: (flags & SPAN_HAS_ERRORS) !== 0,
      empty: (flags & SPAN_NOTHING_TO_SEND) !== 0,
    };
  }
  return out;
}
