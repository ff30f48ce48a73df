import { eachStatement, type SvcSqlDocument } from '../document';
import { releaseParseLists } from '../statementAnalysis';
import type { Span } from '../types';
import { formatGap } from './gaps';
import { formatStatement, formatStatementTokens, type FormattedStatement, type OpenEnd } from './formatStatement';
import { formatOptions, type FormatOptions } from './options';

/** A replacement of source[span] (UTF-16 offsets). */
export interface FormatEdit {
  span: Span;
  newText: string;
}

/** Where the statements of a text are: offsets of their first and last significant characters. */
export interface StatementSpan {
  start: number;
  end: number;
}

/**
 * The line break the output uses: CRLF when the file has any (CRLF files stay CRLF). Not the first
 * one: formatting may drop it, and a statement kept as written keeps its own line breaks, so
 * "any" is what stays the same when the output is formatted again.
 */
export function lineBreakOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** The canonical gap before statements[i] (`openEnd`: of the statement before) and the statement's canonical text. */
function formatPair(
  text: string,
  statements: readonly StatementSpan[],
  i: number,
  openEnd: OpenEnd | undefined,
  options: FormatOptions,
  eol: string,
): { gap: string; statement: FormattedStatement } {
  const s = statements[i]!;
  const from = i > 0 ? statements[i - 1]!.end : 0;
  return {
    gap: formatGap(text.slice(from, s.start), { after: i > 0, before: true, openEnd }, eol),
    statement: formatStatement(text.slice(s.start, s.end), options, eol),
  };
}

/**
 * The file cut into segments, each a gap and the statement after it (the last segment is the gap at
 * the end), with the canonical text of each. Joined, the new texts are the formatted file; the
 * segments whose text changes are the edits. `statements`: where the statements are (a document's),
 * else found as the text is walked, each formatted from the tokens the walk scanned (eachStatement).
 */
export function formatSegments(
  text: string,
  statements: readonly StatementSpan[] | undefined,
  partial?: Partial<FormatOptions>,
): FormatEdit[] {
  const made: Segments = { texts: [], ends: [] };
  formatEachSegment(text, statements, partial, made);
  const segments: FormatEdit[] = new Array<FormatEdit>(made.texts.length);
  let start = 0;
  for (let i = 0; i < segments.length; i++) {
    const end = made.ends![i]!;
    segments[i] = { span: { start, end }, newText: made.texts[i]! };
    start = end;
  }
  return segments;
}

/**
 * The segments' new texts, in order, and where each ends (`ends`, when asked for: each starts where
 * the one before ends). Lists rather than a function called per segment: a function made per call
 * was a new target at that call in each run, and V8 threw its optimised code away each time.
 */
interface Segments {
  texts: string[];
  ends: number[] | undefined;
}

/**
 * The segments being made, in order: the gap before each statement needs the end of the one before
 * and how it ended. An object rather than a function made per call: at each new one, V8 threw away
 * the optimised code of the call before (a call of another function at the same place).
 */
class SegmentMaker {
  private at = 0;
  private after = false;
  private openEnd: OpenEnd | undefined = undefined;

  constructor(
    private readonly text: string,
    private readonly eol: string,
    private readonly out: Segments,
  ) {}

  /** The segment that ends with the statement at [start, end), formatted as `statement`. */
  add(start: number, end: number, statement: FormattedStatement): void {
    const gap = formatGap(this.text.slice(this.at, start), { after: this.after, before: true, openEnd: this.openEnd }, this.eol);
    this.out.texts.push(gap + statement.text);
    this.out.ends?.push(end);
    this.at = end;
    this.after = true;
    this.openEnd = statement.openEnd;
  }

  /** The last segment: the gap at the end of the text. */
  end(): void {
    const text = this.text;
    this.out.texts.push(formatGap(text.slice(this.at), { after: this.after, before: false, openEnd: this.openEnd }, this.eol));
    this.out.ends?.push(text.length);
  }
}

/** formatSegments' segments, into `out`. */
function formatEachSegment(
  text: string,
  statements: readonly StatementSpan[] | undefined,
  partial: Partial<FormatOptions> | undefined,
  out: Segments,
): void {
  const options = formatOptions(partial);
  const eol = lineBreakOf(text);
  const segments = new SegmentMaker(text, eol, out);
  if (statements) {
    for (let i = 0; i < statements.length; i++) {
      const { start, end } = statements[i]!;
      segments.add(start, end, formatStatement(text.slice(start, end), options, eol));
    }
    releaseParseLists();
  } else
    // The walk lets go of the parse's lists itself once done (walkStatements).
    eachStatement(text, (tokens, first, last) =>
      segments.add(tokens.buf.starts[first]!, tokens.buf.ends[last]!, formatStatementTokens(text, tokens, first, last, options, eol)),
    );
  segments.end();
}

function spansOf(doc: SvcSqlDocument): StatementSpan[] {
  return doc.statements().map((s) => ({ start: s.start, end: s.end }));
}

/** The whole text, formatted (its statements found, not analysed: the layout parses each). */
export function formatText(text: string, options?: Partial<FormatOptions>): string {
  // The new texts alone: no segment (and span) objects for a text that is formatted whole.
  const made: Segments = { texts: [], ends: undefined };
  formatEachSegment(text, undefined, options, made);
  return made.texts.join('');
}

/** The edits that format a document: one per segment that changes. */
export function formatDocumentEdits(doc: SvcSqlDocument, options?: Partial<FormatOptions>): FormatEdit[] {
  const text = doc.text;
  return formatSegments(text, spansOf(doc), options).filter((s) => text.slice(s.span.start, s.span.end) !== s.newText);
}

/**
 * The edit that formats the statements `range` touches (from the first one's start to the last
 * one's end, the gaps between them included); none when it touches no statement or nothing changes.
 */
export function formatRangeEdits(doc: SvcSqlDocument, range: Span, partial?: Partial<FormatOptions>): FormatEdit[] {
  const text = doc.text;
  const all = spansOf(doc);
  let first = -1;
  let last = -1;
  // A caret touches the statement it stands in or at the edge of; a selection, the statements it
  // overlaps (a selection of whole lines ends at the start of the next line, which it does not touch).
  const empty = range.start === range.end;
  for (let i = 0; i < all.length; i++) {
    const s = all[i]!;
    if (empty ? s.start <= range.start && range.start <= s.end : s.start < range.end && s.end > range.start) {
      if (first < 0) first = i;
      last = i;
    }
  }
  if (first < 0) return [];
  const options = formatOptions(partial);
  const eol = lineBreakOf(text);
  let newText = '';
  let openEnd: OpenEnd | undefined;
  for (let i = first; i <= last; i++) {
    const { gap, statement } = formatPair(text, all, i, openEnd, options, eol);
    newText += (i === first ? '' : gap) + statement.text;
    openEnd = statement.openEnd;
  }
  releaseParseLists();
  const span = { start: all[first]!.start, end: all[last]!.end };
  return text.slice(span.start, span.end) === newText ? [] : [{ span, newText }];
}
