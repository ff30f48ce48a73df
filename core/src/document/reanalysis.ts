// The incremental re-analysis: the document's statements, kept up to date by relexing and
// resplitting only a window around each edit.
import { Token } from '../syntax/token';
import { analyzeStatement, heads, type StatementAnalysis } from '../statementAnalysis';
import { T, isHidden } from '../syntax/lex';
import { Scanner } from '../syntax/scanner';
import { splitStatements, type Chunk } from '../syntax/splitStatements';
import type { TextSource } from '../text/blockText';
import { flatCopy } from '../text/flatCopy';
import { PendingShift } from '../text/pendingShift';
import type { Severity } from '../types';
import type { Entry } from './entry';
import { FlaggedStatements } from './flaggedStatements';

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'information', 'hint'];

/**
 * A scanner reading text from `start` to its end, lazily: the caller pulls tokens as it needs them.
 * Token texts are copies (`copyText`, see StatementEntries): a plain slice of the document text would keep that whole version of
 * the text alive for as long as any analysis holds a word of it, i.e. one text per edit.
 */
function lexerAt(text: TextSource, start: number, copyText: boolean): Scanner {
  return new Scanner(text, start, text.length, copyText, true);
}

function isContained(chunk: Chunk): boolean {
  let words = 0;
  const tokens = chunk.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isHidden(t)) continue;
    if (t.type !== T.IDENTIFIER || ++words >= 6) return true;
  }
  return false;
}

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
 * The statements of one document's text. An edit relexes and resplits only a window around it
 * (from a statement before the edit to the first statement after it that starts where it started
 * before, shifted), re-analyses only the statements of the window whose text changed, and shifts
 * the others, lazily: the entries' stored offsets lack a pending shift (PendingShift) that `startOf`
 * and `endOf` add, and that `all` applies. test/core/incremental.test.ts checks it against a
 * fresh analysis.
 */
export class StatementEntries {
  private entries: Entry[] | undefined;
  private readonly shift = new PendingShift();
  /** The entries that have diagnostics. */
  readonly flagged = new FlaggedStatements();
  /**
   * The last edit's work: statements analysed (not found in a cache), stored offsets rewritten,
   * and the first statement it replaced (statements before it kept their analyses and offsets).
   */
  readonly work = { analysed: 0, shifted: 0, from: 0 };
  /** Analyses of statements that left the document, by text, for when they come back (undo, a closed comment). */
  private recycled = new Map<string, StatementAnalysis>();
  private mostStatements = 0;
  /**
   * Diagnostics of each severity over the entries, kept as entries come and go: a keystroke in a
   * file of 290,000 statements would otherwise walk them all to count (memory-bound: ~15 ms).
   */
  private readonly severityCounts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };

  /**
   * `copyText` false: the texts kept (statements', words') are views into the analysed text rather
   * than copies (see flatCopy), for a text analysed once and never edited (analyze()), whose caller
   * holds that text anyway: the copies were ~145 of the ~510 bytes a statement of its result kept.
   */
  constructor(private readonly copyText = true) {}

  /**
   * Every statement of `text` (the document's current text), analysing it whole the first time,
   * with offsets stored as they are (the pending shift not applied): read them with startOf/endOf.
   */
  stored(text: TextSource): Entry[] {
    if (!this.entries) {
      this.entries = this.analyzeAll(text);
      this.shift.clear();
      for (const k of SEVERITIES) this.severityCounts[k] = 0;
      const flagged: number[] = [];
      for (let i = 0; i < this.entries.length; i++) {
        this.count(this.entries[i]!.analysis, 1);
        if (this.entries[i]!.analysis.diagnostics.length > 0) flagged.push(i);
      }
      this.flagged.reset(flagged);
    }
    return this.entries;
  }

  /** Every statement of `text`, its offsets real (applies the pending shift: linear after an edit). */
  all(text: TextSource): Entry[] {
    const entries = this.stored(text);
    this.shift.flush(entries.length, this.addTo);
    return entries;
  }

  /** Real start of stored entry i. */
  startOf(i: number): number {
    return this.entries![i]!.start + this.shift.offsetOf(i);
  }

  /** Real end of stored entry i. */
  endOf(i: number): number {
    return this.entries![i]!.end + this.shift.offsetOf(i);
  }

  /** What to add to stored entry i's offsets. */
  offsetOf(i: number): number {
    return this.shift.offsetOf(i);
  }

  private readonly addTo = (from: number, to: number, amount: number): void => {
    const entries = this.entries!;
    this.work.shifted += to - from;
    for (let i = from; i < to; i++) {
      entries[i]!.start += amount;
      entries[i]!.end += amount;
    }
  };

  /** How many diagnostics of each severity the statements of `text` have (a copy). */
  counts(text: TextSource): Record<Severity, number> {
    this.stored(text);
    return { ...this.severityCounts };
  }

  private count(a: StatementAnalysis, sign: 1 | -1): void {
    const list = a.diagnostics;
    for (let k = 0; k < list.length; k++) this.severityCounts[list[k]!.severity] += sign;
  }

  /** The text was replaced whole: the next `all` analyses it afresh, recycling what it can. */
  reset(): void {
    if (this.entries) this.recycle(this.entries, 0, this.entries.length);
    this.entries = undefined;
    this.shift.clear();
    this.flagged.reset([]);
  }

  /** Old [start, oldEnd) became new [start, newEnd) in `text` (already the new text). */
  edited(text: TextSource, start: number, oldEnd: number, newEnd: number): void {
    this.work.analysed = 0;
    this.work.shifted = 0;
    if (this.entries) this.reanalyze(text, start, oldEnd, newEnd);
  }

  private recycle(entries: readonly Entry[], from: number, to: number): void {
    if (this.recycled.size + (to - from) > 2 * this.mostStatements + 1000) this.recycled.clear();
    for (let i = from; i < to; i++) this.recycled.set(entries[i]!.analysis.text, entries[i]!.analysis);
  }

  /** Entries for chunks of the current text, reusing analyses of the same text. */
  private entriesOf(text: TextSource, chunks: readonly Chunk[], reuse: Map<string, StatementAnalysis>): Entry[] {
    return chunks.map((chunk) => this.entryOf(text, chunk, reuse));
  }

  /**
   * `reuse` undefined: nothing to reuse (a first analysis of the whole text, nothing recycled), so
   * no map: hashing every statement's text and growing a map of them was a tenth of a full analysis,
   * for duplicates only, which are analysed alike (the same text gives the same analysis).
   */
  private entryOf(text: TextSource, chunk: Chunk, reuse: Map<string, StatementAnalysis> | undefined): Entry {
    // A flat copy (see flatCopy), hashed once for both maps and kept as the analysis's text.
    const slice = text.slice(chunk.start, chunk.end);
    const own = this.copyText ? flatCopy(slice) : slice;
    let analysis = reuse === undefined ? undefined : (reuse.get(own) ?? (this.recycled.size > 0 ? this.recycled.get(own) : undefined));
    if (!analysis) {
      this.work.analysed++;
      analysis = analyzeStatement(chunk.tokens, chunk.start, own);
      // The map lives only for this analysis (or this edit's window).
      reuse?.set(own, analysis);
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
  private analyzeAll(text: TextSource): Entry[] {
    const lexer = lexerAt(text, 0, this.copyText);
    const entries: Entry[] = [];
    const reuse = this.recycled.size > 0 ? new Map<string, StatementAnalysis>() : undefined;
    // One array for every batch: the statements still open move to its front.
    const tokens: Token[] = [];
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
        this.addEntries(text, entries, chunks, chunks.length, reuse);
        break;
      }
      const certainBefore = certainStart(tokens);
      let c = chunks.length - 1;
      while (c >= 0 && chunks[c]!.start >= certainBefore) c--;
      if (c <= 0) continue; // one statement longer than the batch: lex on
      this.addEntries(text, entries, chunks, c, reuse);
      const first = chunks[c]!.tokens[0]!;
      const from = tokens.lastIndexOf(first);
      tokens.copyWithin(0, from);
      tokens.length -= from;
    }
    this.mostStatements = Math.max(this.mostStatements, entries.length);
    return entries;
  }

  private addEntries(
    text: TextSource,
    out: Entry[],
    chunks: readonly Chunk[],
    count: number,
    reuse: Map<string, StatementAnalysis> | undefined,
  ): void {
    for (let i = 0; i < count; i++) out.push(this.entryOf(text, chunks[i]!, reuse));
  }

  /**
   * Brings the entries up to date after old [start, oldEnd) became new [start, newEnd) (the text
   * is already the new one). Tokens from a given offset depend only on the text from there on,
   * and the splitter's state at the first token of a statement is always the same; so once the
   * relexed window opens a statement past the edit at an offset where one opened before
   * (shifted), everything after it is unchanged.
   */
  private reanalyze(text: TextSource, start: number, oldEnd: number, newEnd: number): void {
    const entries = this.entries!;
    const delta = newEnd - oldEnd;
    // First statement that ends at or after the edit; the window opens at a contained statement before it
    // (it ends before the edit, so neither its tokens nor its being a statement can change).
    const k = firstIndex(entries.length, (i) => this.endOf(i) >= start);
    let j = k - 1;
    while (j >= 0 && !entries[j]!.contained) j--;
    const first = Math.max(j, 0);
    const windowStart = j >= 0 ? this.startOf(j) : 0;

    const lexer = lexerAt(text, windowStart, this.copyText);
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
        const m = this.findStart(chunk.start - delta, k);
        if (m < 0) continue;
        this.replace(text, first, m, chunks.slice(0, c), delta);
        return;
      }
      if (eof) {
        this.replace(text, first, entries.length, chunks, delta);
        return;
      }
      limit = newEnd + (limit - newEnd) * 4;
    }
  }

  /** Index of the entry (at or after `from`) starting at offset, or -1. */
  private findStart(offset: number, from: number): number {
    const length = this.entries!.length;
    let low = from;
    let high = length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.startOf(mid) >= offset) high = mid;
      else low = mid + 1;
    }
    return low < length && this.startOf(low) === offset ? low : -1;
  }

  /** Replaces entries [from, to) with the window's chunks and shifts the entries after them. */
  private replace(text: TextSource, from: number, to: number, chunks: readonly Chunk[], delta: number): void {
    const entries = this.entries!;
    this.work.from = from;
    const reuse = new Map<string, StatementAnalysis>();
    for (let i = from; i < to; i++) reuse.set(entries[i]!.analysis.text, entries[i]!.analysis);
    const fresh = this.entriesOf(text, chunks, reuse);
    for (let i = from; i < to; i++) this.count(entries[i]!.analysis, -1);
    const added: number[] = [];
    for (let i = 0; i < fresh.length; i++) {
      this.count(fresh[i]!.analysis, 1);
      if (fresh[i]!.analysis.diagnostics.length > 0) added.push(from + i);
    }
    this.flagged.replaced(from, to, fresh.length, added);
    // Analyses that left the window stay recyclable.
    const kept = new Set(fresh.map((e) => e.analysis));
    const gone = entries.slice(from, to).filter((e) => !kept.has(e.analysis));
    this.recycle(gone, 0, gone.length);
    // The entries from `to` on move by delta: pending, applied only up to the next edit's place.
    this.shift.replaced(from, to, fresh.length, delta, this.addTo);
    if (fresh.length === to - from) {
      for (let i = 0; i < fresh.length; i++) entries[from + i] = fresh[i]!;
    } else if (fresh.length + (to - from) < 10000) {
      entries.splice(from, to - from, ...fresh);
    } else {
      this.entries = [...entries.slice(0, from), ...fresh, ...entries.slice(to)];
    }
    this.mostStatements = Math.max(this.mostStatements, this.entries!.length);
  }
}

/** The first index in [0, length) satisfying a predicate that is monotone over the indices (length when none). */
function firstIndex(length: number, ok: (i: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ok(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}
