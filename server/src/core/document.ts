import { lex } from './syntax/lex';
import { splitStatements } from './syntax/splitStatements';
import { analyzeStatement, heads, type StatementAnalysis, type StatementDiagnostic } from './statementAnalysis';
import { LineIndex } from './text/lineIndex';
import type { CoreDiagnostic, DiagnosticData, Range, Span, TextChange } from './types';

/** A statement at its place in the document. */
export interface LocatedStatement {
  index: number;
  /** Absolute offsets of the statement (first to last significant character). */
  start: number;
  end: number;
  analysis: StatementAnalysis;
}

/** What the editor and the CLI are told about each statement. */
export interface StatementInfo {
  index: number;
  range: Range;
  kind: string;
  name?: string;
  title: string;
  sendText: string;
  hasErrors: boolean;
}

export interface Analysis {
  statements: StatementInfo[];
  diagnostics: CoreDiagnostic[];
}

/**
 * A .svcsql document and its analysis. Statements are analysed one by one and cached by their
 * text, so an edit re-analyses only the statements it touched.
 */
export class SvcSqlDocument {
  private _text: string;
  private _lines: LineIndex | undefined;
  private _statements: LocatedStatement[] | undefined;
  private cache = new Map<string, StatementAnalysis>();

  constructor(text: string) {
    this._text = text;
  }

  get text(): string {
    return this._text;
  }

  get lines(): LineIndex {
    return (this._lines ??= new LineIndex(this._text));
  }

  /** Applies LSP-style changes in order (a change without range replaces the text). */
  update(changes: readonly TextChange[]): void {
    for (const change of changes) {
      if (!change.range) {
        this._text = change.text;
      } else {
        const lines = this.lines;
        const start = lines.offsetAt(change.range.start);
        const end = lines.offsetAt(change.range.end);
        this._text = this._text.slice(0, start) + change.text + this._text.slice(end);
      }
      this._lines = undefined;
    }
    this._statements = undefined;
  }

  /** Replaces the whole text. */
  setText(text: string): void {
    this.update([{ text }]);
  }

  statements(): LocatedStatement[] {
    if (this._statements) return this._statements;
    const text = this._text;
    const chunks = splitStatements(lex(text), heads);
    const next = new Map<string, StatementAnalysis>();
    this._statements = chunks.map((chunk, index) => {
      const statementText = text.slice(chunk.start, chunk.end);
      let analysis = next.get(statementText) ?? this.cache.get(statementText);
      if (!analysis) analysis = analyzeStatement(chunk.tokens, chunk.start, statementText);
      next.set(statementText, analysis);
      return { index, start: chunk.start, end: chunk.end, analysis };
    });
    this.cache = next;
    return this._statements;
  }

  /** The statement containing offset, or touching it at its end (the caret just after it). */
  statementAt(offset: number): LocatedStatement | undefined {
    const all = this.statements();
    let low = 0;
    let high = all.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const s = all[mid]!;
      if (offset < s.start) high = mid - 1;
      else if (offset > s.end) low = mid + 1;
      else return s;
    }
    return undefined;
  }

  range(span: Span): Range {
    return this.lines.rangeOf(span.start, span.end);
  }

  statementInfo(s: LocatedStatement): StatementInfo {
    const a = s.analysis;
    return {
      index: s.index,
      range: this.range(s),
      kind: a.kind,
      name: a.name,
      title: a.title,
      sendText: a.sendText,
      hasErrors: a.hasErrors,
    };
  }

  diagnosticOf(s: LocatedStatement, d: StatementDiagnostic): CoreDiagnostic {
    return {
      range: this.range({ start: s.start + d.span.start, end: s.start + d.span.end }),
      severity: d.severity,
      code: d.code,
      message: d.message,
      source: 'svcsql',
      data: d.data ? shiftData(d.data, s.start) : undefined,
    };
  }

  diagnostics(): CoreDiagnostic[] {
    return this.statements().flatMap((s) => s.analysis.diagnostics.map((d) => this.diagnosticOf(s, d)));
  }

  analysis(): Analysis {
    const statements = this.statements();
    return { statements: statements.map((s) => this.statementInfo(s)), diagnostics: this.diagnostics() };
  }
}

/** Diagnostic data holds statement-relative offsets; the document's clients want absolute ones. */
function shiftData(data: DiagnosticData, by: number): DiagnosticData {
  return {
    ...data,
    insert: data.insert ? { offset: data.insert.offset + by, text: data.insert.text } : undefined,
    edits: data.edits?.map((e) => ({ span: { start: e.span.start + by, end: e.span.end + by }, text: e.text })),
  };
}

/** Analyses a text from scratch. */
export function analyze(text: string): Analysis {
  return new SvcSqlDocument(text).analysis();
}
