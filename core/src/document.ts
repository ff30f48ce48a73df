import { Token } from 'antlr4ng';
import { analyzeStatement, heads, type StatementAnalysis } from './statementAnalysis';
import { SvcSqlLexer, T, isHidden } from './syntax/lex';
import { splitStatements, type Chunk } from './syntax/splitStatements';
import { BlockText, type TextSource } from './text/blockText';
import { flatCopy } from './text/flatCopy';
import { LineIndex } from './text/lineIndex';
import { Utf16CharStream } from './text/utf16CharStream';
import type { CoreDiagnostic, DiagnosticData, Position, Range, Span, StatementDiagnostic, TextChange } from './types';

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

/** Something converted to line/character positions, valid while its statement keeps its analysis and start column. */
interface Positioned<V> {
  analysis: StatementAnalysis;
  start: number;
  line: number;
  character: number;
  value: V;
}

/** One statement of the document (internal; offsets shift in place on edits). */
interface Entry {
  start: number;
  end: number;
  analysis: StatementAnalysis;
  /**
   * True when the statement's own tokens bound the splitter's look-ahead from its first token
   * (a non-word token, or six words): then whether it opens a statement does not depend on
   * anything after it, and an incremental relex may start at it.
   */
  contained: boolean;
  /** `offsets`: some diagnostic's data holds absolute offsets (fix edits), so it changes when the statement moves at all. */
  diagnostics?: Positioned<CoreDiagnostic[]> & { shiftable: boolean; offsets: boolean };
  range?: Positioned<Range>;
}

/**
 * Token texts are copies: a plain slice of the document text would keep that whole version of
 * the text alive for as long as any analysis holds a word of it, i.e. one text per edit.
 */
class CopyingStream extends Utf16CharStream {
  override getTextFromRange(start: number, stop?: number): string {
    const s = super.getTextFromRange(start, stop);
    return s.length < 13 ? s : flatCopy(s);
  }
}


let sharedLexer: SvcSqlLexer | undefined;

/** A lexer reading text from `start` to its end, lazily: the caller pulls tokens as it needs them. */
function lexerAt(text: TextSource, start: number): SvcSqlLexer {
  const stream = new CopyingStream(text, start, text.length);
  if (!sharedLexer) {
    sharedLexer = new SvcSqlLexer(stream);
    sharedLexer.removeErrorListeners();
  } else {
    sharedLexer.inputStream = stream;
  }
  return sharedLexer;
}

function isContained(chunk: Chunk): boolean {
  let words = 0;
  for (const t of chunk.tokens) {
    if (isHidden(t)) continue;
    if (t.type !== T.IDENTIFIER || ++words >= 6) return true;
  }
  return false;
}

const EMPTY: CoreDiagnostic[] = [];

/** Tokens lexed at a time by a full analysis (see analyzeAll); tests set small batches to put boundaries everywhere. */
export const fullAnalysis = { batchTokens: 2048 };

/**
 * The splitter looks at most seven significant tokens ahead of a statement's first token: a
 * statement opening before the eighth-last significant token lexed so far is certain, whatever
 * follows. -1 when fewer than eight significant tokens were lexed.
 */
function certainStart(tokens: readonly Token[]): number {
  for (let i = tokens.length - 1, n = 0; i >= 0; i--) {
    if (!isHidden(tokens[i]!) && ++n === 8) return tokens[i]!.start;
  }
  return -1;
}

/**
 * A .svcsql document and its analysis, kept up to date incrementally: an edit relexes and
 * resplits only a window around it (from a statement before the edit to the first statement
 * after it that starts where it started before, shifted), re-analyses only the statements of the
 * window whose text changed, and shifts the others. Positions are converted lazily and cached
 * per statement, so publishing diagnostics after a keystroke costs little more than the
 * statements that changed. test/core/incremental.test.ts checks it against `analyze`.
 */
export class SvcSqlDocument {
  /** A string until the first edit, then a BlockText (edited in place). */
  private content: string | BlockText;
  private _lines: LineIndex | undefined;
  private entries: Entry[] | undefined;
  private located: LocatedStatement[] | undefined;
  /** Analyses of statements that left the document, by text, for when they come back (undo, a closed comment). */
  private recycled = new Map<string, StatementAnalysis>();
  private mostStatements = 0;

  constructor(text: string) {
    this.content = text;
  }

  /** The whole text (after edits, joined on demand: the analysis itself reads the blocks). */
  get text(): string {
    return typeof this.content === 'string' ? this.content : this.content.toString();
  }

  /** The text as the analysis reads it: no copy of the whole file, unlike `text` after an edit. */
  get source(): TextSource {
    return this.content;
  }

  get lines(): LineIndex {
    return (this._lines ??= new LineIndex(this.content));
  }

  /** Applies LSP-style changes in order (a change without range replaces the text). */
  update(changes: readonly TextChange[]): void {
    for (const change of changes) {
      if (!change.range) {
        this.content = change.text;
        this._lines = undefined;
        if (this.entries) this.recycle(this.entries, 0, this.entries.length);
        this.entries = undefined;
        continue;
      }
      const lines = this.lines;
      let start = lines.offsetAt(change.range.start);
      let end = lines.offsetAt(change.range.end);
      if (end < start) [start, end] = [end, start];
      if (typeof this.content === 'string') this.content = new BlockText(this.content);
      this.content.replace(start, end, change.text);
      this.lines.edit(this.content, start, end, start + change.text.length);
      if (this.entries) this.reanalyze(start, end, start + change.text.length);
    }
    this.located = undefined;
  }

  /** Replaces the whole text. */
  setText(text: string): void {
    this.update([{ text }]);
  }

  private recycle(entries: readonly Entry[], from: number, to: number): void {
    if (this.recycled.size + (to - from) > 2 * this.mostStatements + 1000) this.recycled.clear();
    for (let i = from; i < to; i++) this.recycled.set(entries[i]!.analysis.text, entries[i]!.analysis);
  }

  /** Entries for chunks of the current text, reusing analyses of the same text. */
  private entriesOf(chunks: readonly Chunk[], reuse: Map<string, StatementAnalysis>): Entry[] {
    return chunks.map((chunk) => this.entryOf(chunk, reuse));
  }

  private entryOf(chunk: Chunk, reuse: Map<string, StatementAnalysis>): Entry {
    const slice = this.content.slice(chunk.start, chunk.end);
    let analysis = reuse.get(slice) ?? (this.recycled.size > 0 ? this.recycled.get(slice) : undefined);
    if (!analysis) {
      analysis = analyzeStatement(chunk.tokens, chunk.start, flatCopy(slice));
      // Keyed by the slice (its hash is known already); the map lives only for this analysis.
      reuse.set(slice, analysis);
    }
    // Every field from the start: entries of one shape keep the loops over all of them monomorphic.
    return { start: chunk.start, end: chunk.end, analysis, contained: isContained(chunk), diagnostics: undefined, range: undefined };
  }

  /**
   * Lexes, splits and analyses the text in batches of tokens, so that tokens die young: holding
   * every token of a large file until the split is done made the young-generation GC copy (and
   * promote) nearly all of them, which cost more than the lexing itself. A batch's statements
   * are final once the next statement opens before the eighth-last significant token lexed (the
   * splitter's look-ahead, see reanalyze); splitting restarts at that statement's first token, where
   * the splitter's state is always the same. test/core/streaming.test.ts checks it against one split.
   */
  private analyzeAll(): Entry[] {
    const text = this.content;
    const lexer = lexerAt(text, 0);
    const entries: Entry[] = [];
    const reuse = new Map<string, StatementAnalysis>();
    let tokens: Token[] = [];
    for (;;) {
      let eof = false;
      for (let n = 0, batch = fullAnalysis.batchTokens; n < batch; n++) {
        const t = lexer.nextToken();
        if (t.type === Token.EOF) {
          eof = true;
          break;
        }
        tokens.push(t);
      }
      const chunks = splitStatements(tokens, heads, text);
      if (eof) {
        this.addEntries(entries, chunks, chunks.length, reuse);
        break;
      }
      const certainBefore = certainStart(tokens);
      let c = chunks.length - 1;
      while (c >= 0 && chunks[c]!.start >= certainBefore) c--;
      if (c <= 0) continue; // one statement longer than the batch: lex on
      this.addEntries(entries, chunks, c, reuse);
      const first = chunks[c]!.tokens[0]!;
      tokens = tokens.slice(tokens.lastIndexOf(first));
    }
    this.mostStatements = Math.max(this.mostStatements, entries.length);
    return entries;
  }

  private addEntries(out: Entry[], chunks: readonly Chunk[], count: number, reuse: Map<string, StatementAnalysis>): void {
    for (let i = 0; i < count; i++) out.push(this.entryOf(chunks[i]!, reuse));
  }

  /**
   * Brings the entries up to date after old [start, oldEnd) became new [start, newEnd) (the text
   * is already the new one). Tokens from a given offset depend only on the text from there on,
   * and the splitter's state at the first token of a statement is always the same; so once the
   * relexed window opens a statement past the edit at an offset where one opened before
   * (shifted), everything after it is unchanged.
   */
  private reanalyze(start: number, oldEnd: number, newEnd: number): void {
    const entries = this.entries!;
    const text = this.content;
    const delta = newEnd - oldEnd;
    // First statement that ends at or after the edit; the window opens at a contained statement before it
    // (it ends before the edit, so neither its tokens nor its being a statement can change).
    const k = firstIndex(entries, (e) => e.end >= start);
    let j = k - 1;
    while (j >= 0 && !entries[j]!.contained) j--;
    const first = Math.max(j, 0);
    const windowStart = j >= 0 ? entries[j]!.start : 0;

    const lexer = lexerAt(text, windowStart);
    const tokens: Token[] = [];
    let eof = false;
    let limit = newEnd + 256;
    for (;;) {
      while (!eof && (tokens.length === 0 || tokens[tokens.length - 1]!.start < limit)) {
        const t = lexer.nextToken();
        if (t.type === Token.EOF) eof = true;
        else tokens.push(t);
      }
      const chunks = splitStatements(tokens, heads, text);
      const certainBefore = eof ? Infinity : certainStart(tokens);
      for (let c = 0; c < chunks.length; c++) {
        const chunk = chunks[c]!;
        if (chunk.start >= certainBefore) break;
        if (chunk.start < newEnd) continue;
        const m = findStart(entries, chunk.start - delta, k);
        if (m < 0) continue;
        this.replace(first, m, chunks.slice(0, c), delta);
        return;
      }
      if (eof) {
        this.replace(first, entries.length, chunks, delta);
        return;
      }
      limit = newEnd + (limit - newEnd) * 4;
    }
  }

  /** Replaces entries [from, to) with the window's chunks and shifts the entries after them. */
  private replace(from: number, to: number, chunks: readonly Chunk[], delta: number): void {
    const entries = this.entries!;
    const reuse = new Map<string, StatementAnalysis>();
    for (let i = from; i < to; i++) reuse.set(entries[i]!.analysis.text, entries[i]!.analysis);
    const fresh = this.entriesOf(chunks, reuse);
    // Analyses that left the window stay recyclable.
    const kept = new Set(fresh.map((e) => e.analysis));
    const gone = entries.slice(from, to).filter((e) => !kept.has(e.analysis));
    this.recycle(gone, 0, gone.length);
    if (delta !== 0) {
      for (let i = to; i < entries.length; i++) {
        entries[i]!.start += delta;
        entries[i]!.end += delta;
      }
    }
    if (fresh.length === to - from) {
      for (let i = 0; i < fresh.length; i++) entries[from + i] = fresh[i]!;
    } else if (fresh.length + (to - from) < 10000) {
      entries.splice(from, to - from, ...fresh);
    } else {
      this.entries = [...entries.slice(0, from), ...fresh, ...entries.slice(to)];
    }
    this.mostStatements = Math.max(this.mostStatements, this.entries!.length);
  }

  private all(): Entry[] {
    return (this.entries ??= this.analyzeAll());
  }

  statements(): LocatedStatement[] {
    return (this.located ??= this.all().map((e, index) => ({ index, start: e.start, end: e.end, analysis: e.analysis })));
  }

  /** The statement containing offset, or touching it at its end (the caret just after it). */
  statementAt(offset: number): LocatedStatement | undefined {
    const all = this.all();
    let low = 0;
    let high = all.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const s = all[mid]!;
      if (offset < s.start) high = mid - 1;
      else if (offset > s.end) low = mid + 1;
      else return this.located ? this.located[mid] : { index: mid, start: s.start, end: s.end, analysis: s.analysis };
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

  /** The entry's range, from its cache when only its line (not its column) moved. */
  private rangeOfEntry(e: Entry, at: Position): Range {
    const c = e.range;
    if (c && c.analysis === e.analysis && c.character === at.character) {
      if (c.line === at.line) return c.value;
      const by = at.line - c.line;
      const value = { start: { line: c.value.start.line + by, character: c.value.start.character }, end: { line: c.value.end.line + by, character: c.value.end.character } };
      e.range = { analysis: e.analysis, start: e.start, line: at.line, character: at.character, value };
      return value;
    }
    const value = this.range(e);
    e.range = { analysis: e.analysis, start: e.start, line: at.line, character: at.character, value };
    return value;
  }

  /** The entry's diagnostics in document positions, from its cache when only its line moved. */
  private diagnosticsOfEntry(e: Entry, index: number): CoreDiagnostic[] {
    const a = e.analysis;
    if (a.diagnostics.length === 0) return EMPTY;
    const at = this.lines.positionAt(e.start);
    const c = e.diagnostics;
    if (c && c.analysis === a && c.character === at.character) {
      if (c.line === at.line && c.start === e.start) return c.value;
      // Only fix data holds absolute offsets: without it, a statement that moved along its line's
      // later text (a keystroke earlier in the file, no line break) keeps the very same diagnostics,
      // so the language server's converted copies stay valid too.
      if (c.line === at.line && c.shiftable && !c.offsets) {
        c.start = e.start;
        return c.value;
      }
      if (c.shiftable) {
        const lines = at.line - c.line;
        const offsets = e.start - c.start;
        const value = c.value.map((d) => shiftDiagnostic(d, lines, offsets));
        e.diagnostics = { analysis: a, start: e.start, line: at.line, character: at.character, value, shiftable: true, offsets: c.offsets };
        return value;
      }
    }
    const located = { index, start: e.start, end: e.end, analysis: a };
    const value = a.diagnostics.map((d) => this.diagnosticOf(located, d));
    const length = a.text.length;
    // Positions inside the statement follow from its text and start; a span outside it does not.
    const shiftable = a.diagnostics.every((d) => d.span.start >= 0 && d.span.end <= length && d.span.start <= d.span.end);
    const offsets = a.diagnostics.some((d) => d.data?.insert !== undefined || d.data?.edits !== undefined);
    e.diagnostics = { analysis: a, start: e.start, line: at.line, character: at.character, value, shiftable, offsets };
    return value;
  }

  diagnostics(): CoreDiagnostic[] {
    const out: CoreDiagnostic[] = [];
    const all = this.all();
    // Indexed loops: a for-of here allocated an iterator per statement, ~0.5 MB per call on
    // 10,000 statements, and the young-generation collections it caused set the keystroke p95.
    for (let i = 0; i < all.length; i++) {
      if (all[i]!.analysis.diagnostics.length === 0) continue;
      const list = this.diagnosticsOfEntry(all[i]!, i);
      for (let k = 0; k < list.length; k++) out.push(list[k]!);
    }
    return out;
  }

  analysis(): Analysis {
    const all = this.all();
    const lines = this.lines;
    const statements = all.map((e, index): StatementInfo => {
      const a = e.analysis;
      return {
        index,
        range: this.rangeOfEntry(e, lines.positionAt(e.start)),
        kind: a.kind,
        name: a.name,
        title: a.title,
        sendText: a.sendText,
        hasErrors: a.hasErrors,
      };
    });
    return { statements, diagnostics: this.diagnostics() };
  }
}

/** Index of the first entry satisfying a predicate that is monotone over the entries. */
function firstIndex(entries: readonly Entry[], ok: (e: Entry) => boolean): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ok(entries[mid]!)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Index of the entry (at or after `from`) starting at offset, or -1. */
function findStart(entries: readonly Entry[], offset: number, from: number): number {
  let low = from;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (entries[mid]!.start >= offset) high = mid;
    else low = mid + 1;
  }
  return low < entries.length && entries[low]!.start === offset ? low : -1;
}

function shiftDiagnostic(d: CoreDiagnostic, lines: number, offsets: number): CoreDiagnostic {
  return {
    ...d,
    range: { start: { line: d.range.start.line + lines, character: d.range.start.character }, end: { line: d.range.end.line + lines, character: d.range.end.character } },
    data: d.data && offsets !== 0 ? shiftData(d.data, offsets) : d.data,
  };
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
