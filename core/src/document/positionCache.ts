// Statement-relative results converted to document positions, cached per statement: after a
// keystroke only the statements that changed, or whose column moved, are converted again.
import type { StatementAnalysis } from '../statementAnalysis';
import type { LineIndex } from '../text/lineIndex';
import type { CoreDiagnostic, DiagnosticData, Position, Range, Span, StatementDiagnostic } from '../types';
import type { Entry } from './entry';

const EMPTY: CoreDiagnostic[] = [];

/** A statement's place in the document, as far as converting its diagnostics needs it. */
interface Placed {
  start: number;
  analysis: StatementAnalysis;
}

export function rangeOf(lines: LineIndex, span: Span): Range {
  return lines.rangeOf(span.start, span.end);
}

/** One statement diagnostic in document positions, its fix data in absolute offsets. */
export function diagnosticOf(lines: LineIndex, s: Placed, d: StatementDiagnostic): CoreDiagnostic {
  return diagnosticAt(lines, s.start, d);
}

/** What diagnosticAt reads positions from: a LineIndex, or analyze()'s ForwardPositions. */
export interface RangeSource {
  rangeOf(start: number, end: number): Range;
}

/** diagnosticOf for a statement starting at `start`. */
export function diagnosticAt(lines: RangeSource, start: number, d: StatementDiagnostic): CoreDiagnostic {
  return {
    range: lines.rangeOf(start + d.span.start, start + d.span.end),
    severity: d.severity,
    code: d.code,
    message: d.message,
    source: 'svcsql',
    data: d.data ? shiftData(d.data, start) : undefined,
  };
}

/** The entry's range, from its cache when only its line (not its column) moved. `at`: the position of its start. */
export function entryRange(lines: LineIndex, e: Entry, at: Position): Range {
  const c = e.range;
  if (c && c.analysis === e.analysis && c.character === at.character) {
    if (c.line === at.line) return c.value;
    const by = at.line - c.line;
    const value = {
      start: { line: c.value.start.line + by, character: c.value.start.character },
      end: { line: c.value.end.line + by, character: c.value.end.character },
    };
    e.range = { analysis: e.analysis, start: e.start, line: at.line, character: at.character, value };
    return value;
  }
  // `at` is the start's position: the end's is found from its line on.
  const value = { start: { line: at.line, character: at.character }, end: lines.positionFrom(e.end, at.line) };
  e.range = { analysis: e.analysis, start: e.start, line: at.line, character: at.character, value };
  return value;
}

/**
 * The entry's diagnostics in document positions, from its cache when only its line moved.
 * `start` is the entry's real start (its stored one may lack a pending shift).
 */
export function entryDiagnostics(lines: LineIndex, e: Entry, start: number): CoreDiagnostic[] {
  const a = e.analysis;
  if (a.diagnostics.length === 0) return EMPTY;
  const at = lines.positionAt(start);
  const c = e.diagnostics;
  if (c && c.analysis === a && c.character === at.character) {
    if (c.line === at.line && c.start === start) return c.value;
    // Only fix data holds absolute offsets: without it, a statement that moved along its line's
    // later text (a keystroke earlier in the file, no line break) keeps the very same diagnostics,
    // so the language server's converted copies stay valid too.
    if (c.line === at.line && c.shiftable && !c.offsets) {
      c.start = start;
      return c.value;
    }
    if (c.shiftable) {
      const lineDelta = at.line - c.line;
      const offsets = start - c.start;
      const value = c.value.map((d) => shiftDiagnostic(d, lineDelta, offsets));
      e.diagnostics = { analysis: a, start, line: at.line, character: at.character, value, shiftable: true, offsets: c.offsets };
      return value;
    }
  }
  const placed = { start, analysis: a };
  const value = a.diagnostics.map((d) => diagnosticOf(lines, placed, d));
  const length = a.text.length;
  // Positions inside the statement follow from its text and start; a span outside it does not.
  const shiftable = a.diagnostics.every((d) => d.span.start >= 0 && d.span.end <= length && d.span.start <= d.span.end);
  const offsets = a.diagnostics.some((d) => d.data?.insert !== undefined || d.data?.edits !== undefined);
  e.diagnostics = { analysis: a, start, line: at.line, character: at.character, value, shiftable, offsets };
  return value;
}

/**
 * `d` moved by `lines` lines and `offsets` characters. On the same line only its fix data's
 * offsets change: it keeps its very range object, by which the language server finds its LSP form
 * (and JSON) again (server/src/lsp/diagnosticConverter.ts).
 */
function shiftDiagnostic(d: CoreDiagnostic, lines: number, offsets: number): CoreDiagnostic {
  return {
    ...d,
    range:
      lines === 0
        ? d.range
        : {
            start: { line: d.range.start.line + lines, character: d.range.start.character },
            end: { line: d.range.end.line + lines, character: d.range.end.character },
          },
    data: d.data && offsets !== 0 ? shiftData(d.data, offsets) : d.data,
  };
}

/**
 * Diagnostic data holds statement-relative offsets; the document's clients want absolute ones. Data
 * with none (a replacement or a text beside the range, a title: most of it) is the statement's own:
 * a copy of it for every diagnostic was a tenth of a lint of 100,000 did-you-mean warnings.
 */
function shiftData(data: DiagnosticData, by: number): DiagnosticData {
  if (data.insert === undefined && data.edits === undefined) return data;
  return {
    ...data,
    insert: data.insert ? { offset: data.insert.offset + by, text: data.insert.text } : undefined,
    edits: data.edits?.map((e) => ({ span: { start: e.span.start + by, end: e.span.end + by }, text: e.text })),
  };
}
