// A .svcsql document: its text and the edits to it. The statements come from the incremental
// re-analysis (reanalysis.ts), their positions from the per-statement cache (positionCache.ts).
import type { StatementAnalysis } from '../statementAnalysis';
import { BlockText, type TextSource } from '../text/blockText';
import { grown } from '../text/grownArray';
import { LineIndex } from '../text/lineIndex';
import { partitionPoint } from '../text/partitionPoint';
import { SEVERITIES, type CoreDiagnostic, type Range, type Severity, type Span, type StatementDiagnostic, type TextChange } from '../types';
import { ForwardPositions } from './forwardPositions';
import { diagnosticAt, diagnosticOf, entryDiagnostics, entryRange, rangeOf } from './positionCache';
import { StatementEntries } from './reanalysis';

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

/** See SvcSqlDocument.firstDiagnostics. */
export interface FirstDiagnostics {
  readonly kept: readonly CoreDiagnostic[];
  readonly firstLeft: CoreDiagnostic | undefined;
}

export interface Analysis {
  statements: StatementInfo[];
  diagnostics: CoreDiagnostic[];
}

/**
 * A .svcsql document and its analysis, kept up to date incrementally (see StatementEntries).
 * Positions are converted lazily and cached per statement, so publishing diagnostics after a
 * keystroke costs little more than the statements that changed. test/core/incremental.test.ts
 * checks it against `analyze`.
 */
export class SvcSqlDocument {
  /** A string until the first edit, then a BlockText (edited in place). */
  private content: string | BlockText;
  private _lines: LineIndex | undefined;
  private readonly entries: StatementEntries;
  private located: LocatedStatement[] | undefined;
  /** The last firstDiagnostics answer, and the first statement an edit replaced since (-1: the whole text changed). */
  private firstMemo: (FirstDiagnostics & { quota: Record<Severity, number>; lastVisited: number }) | undefined;
  private touchedFrom = Infinity;
  /**
   * The last diagnostics() answer: the list, and for each flagged statement visited its index and
   * where its diagnostics end in the list; with the first statement an edit replaced since (-1:
   * the whole text changed). See diagnostics().
   */
  private listed: { list: CoreDiagnostic[]; statements: number[]; ends: number[] } | undefined;
  private listedFrom = -1;
  /** Statements whose diagnostics the last diagnostics() looked up, for the tests (the others came from its last answer). */
  lastDiagnosticsWork = 0;

  constructor(text: string) {
    this.content = text;
    this.entries = new StatementEntries();
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
        this.entries.reset();
        this.touchedFrom = -1;
        this.listedFrom = -1;
        continue;
      }
      const lines = this.lines;
      let start = lines.offsetAt(change.range.start);
      let end = lines.offsetAt(change.range.end);
      if (end < start) [start, end] = [end, start];
      if (typeof this.content === 'string') this.content = new BlockText(this.content);
      this.content.replace(start, end, change.text);
      this.lines.edit(this.content, start, end, start + change.text.length);
      this.entries.edited(this.content, start, end, start + change.text.length);
      this.touchedFrom = Math.min(this.touchedFrom, this.entries.work.from);
      this.listedFrom = Math.min(this.listedFrom, this.entries.work.from);
    }
    this.located = undefined;
  }

  /**
   * Work done by the last `update`, for the tests: statements analysed afresh (not found in a
   * cache) and stored offsets rewritten to apply a pending shift.
   */
  get lastEditWork(): { readonly analysed: number; readonly shifted: number } {
    return this.entries.work;
  }

  /** Replaces the whole text. */
  setText(text: string): void {
    this.update([{ text }]);
  }

  statements(): LocatedStatement[] {
    return (this.located ??= this.entries
      .all(this.content)
      .map((e, index) => ({ index, start: e.start, end: e.end, analysis: e.analysis })));
  }

  /**
   * Calls `each` with every statement's offsets and analysis, in document order, without the
   * LocatedStatement objects of `statements()` (100,000 of them after every edit) and without
   * applying the pending shift of an edit.
   */
  eachStatement(each: (start: number, end: number, analysis: StatementAnalysis) => void): void {
    const entries = this.entries;
    const all = entries.stored(this.content);
    for (let i = 0; i < all.length; i++) {
      const e = all[i]!;
      const by = entries.offsetOf(i);
      each(e.start + by, e.end + by, e.analysis);
    }
  }

  /** The statements that end at or after `from` and start at or before `to` (a binary search, then those). */
  statementsBetween(from: number, to: number): LocatedStatement[] {
    const entries = this.entries;
    const count = entries.stored(this.content).length;
    // Ends grow with starts: statements do not overlap.
    const out: LocatedStatement[] = [];
    for (let i = this.partitionPoint((mid) => entries.endOf(mid) < from); i < count && entries.startOf(i) <= to; i++)
      out.push(this.locatedAt(i));
    return out;
  }

  /** The last statement starting before `at` (or at it, when inclusive): a binary search, nothing materialised. */
  lastStatementStartingBefore(at: number, inclusive: boolean): LocatedStatement | undefined {
    const entries = this.entries;
    // The first statement starting after `at` (at or after it, unless inclusive); the one before it is the answer.
    const i =
      this.partitionPoint((mid) => {
        const start = entries.startOf(mid);
        return start < at || (inclusive && start === at);
      }) - 1;
    return i < 0 ? undefined : this.locatedAt(i);
  }

  /** The first statement index for which `before` is false (it is true for all statements before it, false after). */
  private partitionPoint(before: (index: number) => boolean): number {
    return partitionPoint(this.entries.stored(this.content).length, before);
  }

  /** Statement i with its current offsets: the materialised one if there is one, else made for the answer. */
  private locatedAt(i: number): LocatedStatement {
    const entries = this.entries;
    return (
      this.located?.[i] ?? {
        index: i,
        start: entries.startOf(i),
        end: entries.endOf(i),
        analysis: entries.stored(this.content)[i]!.analysis,
      }
    );
  }

  /** The statement containing offset, or touching it at its end (the caret just after it). */
  statementAt(offset: number): LocatedStatement | undefined {
    // Stored offsets plus the pending shift: a lookup after an edit stays logarithmic.
    const entries = this.entries;
    const all = entries.stored(this.content);
    let low = 0;
    let high = all.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const start = entries.startOf(mid);
      if (offset < start) high = mid - 1;
      else if (offset > entries.endOf(mid)) low = mid + 1;
      else return this.located ? this.located[mid] : { index: mid, start, end: entries.endOf(mid), analysis: all[mid]!.analysis };
    }
    return undefined;
  }

  range(span: Span): Range {
    return rangeOf(this.lines, span);
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
    return diagnosticOf(this.lines, s, d);
  }

  /**
   * Every diagnostic, in document order. The statements before the first one an edit replaced kept
   * their analyses and positions, so their diagnostics (the very same objects) are taken from the
   * last answer: a keystroke in a 10,000-statement file looks up only the flagged statements from
   * the edit on, not all ~500 (a position search and a cache check each).
   */
  diagnostics(): CoreDiagnostic[] {
    const entries = this.entries;
    const all = entries.stored(this.content);
    const lines = this.lines;
    const flagged = entries.flagged;
    let listed = this.listed;
    let k = 0;
    if (listed && this.listedFrom >= 0) {
      const { statements } = listed;
      k = partitionPoint(statements.length, (f) => statements[f]! < this.listedFrom);
    } else {
      listed = this.listed = { list: [], statements: [], ends: [] };
    }
    const { list: out, statements, ends } = listed;
    // The lists are written over from k on and cut to length at the end: cut first, V8 gave back
    // the storage of the half of them past the edit, and growing them again made new storage.
    let at = k > 0 ? ends[k - 1]! : 0;
    // Only the statements that have diagnostics (a few per cent of them), in document order.
    // Indexed loops: a for-of here allocated an iterator per statement, and the young-generation
    // collections it caused set the keystroke p95.
    this.lastDiagnosticsWork = flagged.length - k;
    for (; k < flagged.length; k++) {
      const i = flagged.at(k);
      const list = entryDiagnostics(lines, all[i]!, all[i]!.start + entries.offsetOf(i));
      for (let d = 0; d < list.length; d++) out[at++] = list[d]!;
      statements[k] = i;
      ends[k] = at;
    }
    out.length = at;
    statements.length = ends.length = k;
    this.listedFrom = Infinity;
    // A copy: callers may keep or change theirs.
    return out.slice();
  }

  /**
   * How many diagnostics of each severity the document has, without converting any position: a
   * capped list (the server publishes at most 1,000) needs these and only the first few diagnostics.
   * Kept up to date as statements are re-analysed: constant time.
   */
  diagnosticCounts(): Record<Severity, number> {
    return this.entries.counts(this.content);
  }

  /**
   * The diagnostics in document order (as diagnostics() lists them), converted statement by
   * statement as they are visited: a statement none of whose diagnostics is `wanted` is skipped
   * unconverted, and the walk stops when `each` returns false.
   */
  eachDiagnostic(wanted: (severity: Severity) => boolean, each: (d: CoreDiagnostic) => boolean): void {
    const entries = this.entries;
    const all = entries.stored(this.content);
    const lines = this.lines;
    const flagged = entries.flagged;
    for (let f = 0; f < flagged.length; f++) {
      const i = flagged.at(f);
      const raw = all[i]!.analysis.diagnostics;
      let any = false;
      for (let k = 0; k < raw.length && !any; k++) any = wanted(raw[k]!.severity);
      if (!any) continue;
      const list = entryDiagnostics(lines, all[i]!, all[i]!.start + entries.offsetOf(i));
      for (let k = 0; k < list.length; k++) if (!each(list[k]!)) return;
    }
  }

  /**
   * The first quota[s] diagnostics of each severity s, in document order, and the first diagnostic
   * not among them: what a capped list of diagnostics keeps (server/src/lsp/diagnosticCap.ts).
   * Only the statements up to the last one it needs are visited, and the answer is kept: after a
   * keystroke further down the file (every statement before the edit keeps its diagnostics,
   * the very same objects) it is given again without a walk.
   */
  firstDiagnostics(quota: Readonly<Record<Severity, number>>): FirstDiagnostics {
    const memo = this.firstMemo;
    if (memo && memo.lastVisited < this.touchedFrom && SEVERITIES.every((s) => memo.quota[s] === quota[s])) return memo;
    const left = { ...quota };
    let needed = left.error + left.warning + left.information + left.hint;
    const kept: CoreDiagnostic[] = [];
    let firstLeft: CoreDiagnostic | undefined;
    // The answer depends on the statements up to this one (all of them if the walk runs out).
    let lastVisited = Number.MAX_SAFE_INTEGER;
    const entries = this.entries;
    const all = entries.stored(this.content);
    const lines = this.lines;
    const flagged = entries.flagged;
    walk: for (let f = 0; f < flagged.length; f++) {
      const i = flagged.at(f);
      const raw = all[i]!.analysis.diagnostics;
      let any = false;
      for (let k = 0; k < raw.length && !any; k++) any = left[raw[k]!.severity] > 0 || firstLeft === undefined;
      if (!any) continue;
      const list = entryDiagnostics(lines, all[i]!, all[i]!.start + entries.offsetOf(i));
      for (let k = 0; k < list.length; k++) {
        const d = list[k]!;
        if (left[d.severity] > 0) {
          left[d.severity]--;
          kept.push(d);
          needed--;
        } else firstLeft ??= d;
        if (needed === 0 && firstLeft !== undefined) {
          lastVisited = i;
          break walk;
        }
      }
    }
    this.firstMemo = { kept, firstLeft, quota: { ...quota }, lastVisited };
    this.touchedFrom = Infinity;
    return this.firstMemo;
  }

  analysis(): Analysis {
    const all = this.entries.all(this.content);
    const lines = this.lines;
    // Statements are in document order: their lines are found in one walk forward.
    let line = 0;
    const statements = all.map((e, index): StatementInfo => {
      const a = e.analysis;
      const at = lines.positionFrom(e.start, line);
      line = at.line;
      return {
        index,
        range: entryRange(lines, e, at),
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

/**
 * Analyses a text from scratch: what SvcSqlDocument.analysis gives, made statement by statement as
 * they are analysed, without a document's entries (nothing will ask again). What it keeps may be
 * views into `text` (see StatementEntries). test/core/incremental.test.ts checks it against a document.
 *
 * The diagnostics are made as the statements are analysed. The statements are kept as offsets
 * and strings in flat lists, and made (with their line/character ranges) the first time
 * `statements` is read: many callers read only the diagnostics, and four objects per statement
 * (the info, its range and two positions) were the analysis' largest allocation.
 * `statements` is an own enumerable property, so JSON, spreads and deep comparisons see it as before.
 */
export function analyze(text: string): Analysis {
  // Diagnostics' positions by a walk forward; the statements' (if they are read) from a LineIndex.
  let positions: ForwardPositions | undefined;
  let lines: LineIndex | undefined;
  const diagnostics: CoreDiagnostic[] = [];
  // Offsets (start, end of each statement) and hasErrors in typed arrays: their contents are not
  // the garbage collector's to copy or scan, unlike lists of numbers grown by push.
  let count = 0;
  let offsets = new Int32Array(2048);
  let errors = new Uint8Array(1024);
  const kinds: string[] = [];
  const names: (string | undefined)[] = [];
  const titles: string[] = [];
  // undefined: the statement's own text (no comment to blank), sliced again when statements are made.
  const sendTexts: (string | undefined)[] = [];
  new StatementEntries(false).eachOnce(text, (start, end, a) => {
    if (count === errors.length) {
      offsets = grown(offsets, 4 * count);
      errors = grown(errors, 2 * count);
    }
    offsets[2 * count] = start;
    offsets[2 * count + 1] = end;
    errors[count] = a.hasErrors ? 1 : 0;
    count++;
    kinds.push(a.kind);
    names.push(a.name);
    titles.push(a.title);
    // Kept, the statement's text (a string per statement) lived through every young-generation
    // collection of the analysis and was promoted: most of what survived one.
    sendTexts.push(a.sendText === a.text ? undefined : a.sendText);
    const list = a.diagnostics;
    if (list.length === 0) return;
    positions ??= new ForwardPositions(text);
    positions.anchor(start);
    for (let k = 0; k < list.length; k++) diagnostics.push(diagnosticAt(positions, start, list[k]!));
  });
  let statements: StatementInfo[] | undefined;
  const made = (): StatementInfo[] => {
    const index = (lines ??= new LineIndex(text));
    const out: StatementInfo[] = new Array<StatementInfo>(count);
    // Statements are in document order: their lines are found in one walk forward.
    let line = 0;
    for (let i = 0; i < count; i++) {
      const start = offsets[2 * i]!;
      const end = offsets[2 * i + 1]!;
      const at = index.positionFrom(start, line);
      line = at.line;
      out[i] = {
        index: i,
        range: { start: at, end: index.positionFrom(end, at.line) },
        kind: kinds[i]!,
        name: names[i],
        title: titles[i]!,
        sendText: sendTexts[i] ?? text.slice(start, end),
        hasErrors: errors[i] === 1,
      };
    }
    // Made once: the flat lists are not needed again.
    for (const list of [kinds, names, titles, sendTexts]) list.length = 0;
    offsets = new Int32Array(0);
    errors = new Uint8Array(0);
    count = 0;
    return out;
  };
  return {
    get statements(): StatementInfo[] {
      return (statements ??= made());
    },
    set statements(value: StatementInfo[]) {
      statements = value;
    },
    diagnostics,
  };
}

/** A copy of `list` with room for `length` entries. */
