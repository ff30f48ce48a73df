// The incremental re-analysis: the document's statements, kept up to date by relexing and
// resplitting only a window around each edit.
import type { Token } from 'antlr4ng';
import { analyzeParsed, heads, releaseParseLists, type StatementAnalysis } from '../statementAnalysis';
import type { TokenTexts } from '../syntax/fastParse';
import { T } from '../syntax/lex';
import { parseChunk } from '../syntax/parseStatement';
import { Scanner, isHiddenType, scanTokens, type ScanPosition } from '../syntax/scanner';
import { ChunkRanges, splitBuffer } from '../syntax/splitStatements';
import { TokenBuffer } from '../syntax/tokenBuffer';
import type { TextSource } from '../text/blockText';
import { flatCopy, keptCopy } from '../text/flatCopy';
import { PendingShift } from '../text/pendingShift';
import { SEVERITIES, type Severity } from '../types';
import type { Entry } from './entry';
import { FlaggedStatements } from './flaggedStatements';

/**
 * A statement's tokens as a whole text's walk has them (eachStatement): tokens first..last of
 * `buf` (white space left out), where their texts are read, and the tokens as objects for a
 * statement that the parse needs them for (parseChunk's arguments).
 */
export interface StatementTokens {
  readonly buf: TokenBuffer;
  readonly texts: TokenTexts;
  readonly tokensOf: (first: number, last: number) => Token[];
}

/**
 * The tokens of a text from one offset on, scanned into a TokenBuffer as they are needed (without
 * white space: the splitter and the parse find it from the offsets), and as token objects for a
 * statement that needs them (see parseChunk). Token texts are copies (`copyText`, see
 * StatementEntries): a plain slice of the document text would keep that whole version of the text
 * alive for as long as any analysis holds a word of it, i.e. one text per edit.
 */
class TokenSupply implements StatementTokens {
  private readonly pos: ScanPosition;
  private scanner: Scanner | undefined;
  readonly texts: TokenTexts;
  eof = false;

  constructor(
    private readonly text: TextSource,
    private readonly start: number,
    private readonly copyText: boolean,
    readonly buf: TokenBuffer,
  ) {
    this.pos = { at: start };
    this.texts = { source: text, copyText };
    buf.clear(MAX_KEPT_TOKENS);
  }

  /** Scans up to `max` more tokens into the buffer; sets eof at the end of the text. */
  more(max: number): void {
    if (scanTokens(this.buf, this.text, this.pos, this.text.length, max, true) < max) this.eof = true;
  }

  /** Tokens first..last of the buffer as objects. */
  readonly tokensOf = (first: number, last: number): Token[] => {
    const scanner = (this.scanner ??= new Scanner(this.text, this.start, this.text.length, this.copyText, true));
    const buf = this.buf;
    const out: Token[] = [];
    for (let i = first; i <= last; i++) out.push(scanner.tokenAt(buf.types[i]!, buf.starts[i]!, buf.ends[i]!));
    return out;
  };
}

/** The texts of a statement read from its own copy (analysisOf): one object, reused (the parse copies its fields as it starts). */
const ownTexts: TokenTexts = { source: '', copyText: false, offset: 0 };

/** Tokens first..last of buf: a non-word token, or six words (see Entry.contained). */
function isContained(buf: TokenBuffer, first: number, last: number): boolean {
  let words = 0;
  const types = buf.types;
  for (let i = first; i <= last; i++) {
    const type = types[i]!;
    if (isHiddenType(type)) continue;
    if (type !== T.IDENTIFIER || ++words >= 6) return true;
  }
  return false;
}

/**
 * Tokens lexed at a time by a full analysis (see analyzeAll); tests set small batches to put
 * boundaries everywhere. `work`, for the tests: the tokens the splitter has read, and the most the
 * buffer has held.
 */
export const fullAnalysis = { batchTokens: 2048, work: { split: 0, mostHeld: 0 } };

/**
 * The splitter looks at most seven significant tokens ahead of a statement's first token: a
 * statement opening before the eighth-last significant token lexed so far is certain, whatever
 * follows. -1 when fewer than eight significant tokens were lexed.
 */
function certainStart(buf: TokenBuffer): number {
  for (let i = buf.length - 1, n = 0; i >= 0; i--) {
    if (!isHiddenType(buf.types[i]!) && ++n === 8) return buf.starts[i]!;
  }
  return -1;
}

/** One token buffer and one list of statements for every analysis: an analysis does not call another. */
const sharedBuffer = new TokenBuffer(4096);
/** The most tokens sharedBuffer keeps room for between analyses (a batch and a long statement: 640 KB). */
const MAX_KEPT_TOKENS = 1 << 16;
const sharedRanges = new ChunkRanges();

/** A character V8 cannot hold in one byte. */
const PAST_LATIN1 = /[^\x00-\xff]/;

/**
 * The batched lex and split of a whole text (StatementEntries' full analysis, statementSpans): `each`
 * is called with every statement's tokens, in order. Lexes in batches of tokens, so that the token
 * buffer stays small. A batch's statements are final once the next statement opens before the
 * eighth-last significant token lexed (the splitter's look-ahead, see reanalyze); splitting restarts
 * at that statement's first token, where the splitter's state is always the same.
 * test/core/streaming.test.ts checks it against one split.
 */
function walkStatements(text: TextSource, copyText: boolean, each: (supply: TokenSupply, first: number, last: number) => void): void {
  const supply = new TokenSupply(text, 0, copyText, sharedBuffer);
  const buf = supply.buf;
  const ranges = sharedRanges;
  let batch = fullAnalysis.batchTokens;
  for (;;) {
    supply.more(batch);
    splitBuffer(buf, heads, text, ranges);
    fullAnalysis.work.split += buf.length;
    if (buf.length > fullAnalysis.work.mostHeld) fullAnalysis.work.mostHeld = buf.length;
    if (supply.eof) {
      for (let k = 0; k < ranges.length; k++) each(supply, ranges.firsts[k]!, ranges.lasts[k]!);
      buf.clear(MAX_KEPT_TOKENS);
      break;
    }
    if (ranges.length === 0) {
      // Nothing but ';' and white space so far: the splitter starts after them as it starts a text.
      buf.dropBefore(buf.length);
      continue;
    }
    const certainBefore = certainStart(buf);
    let c = ranges.length - 1;
    while (c >= 0 && buf.starts[ranges.firsts[c]!]! >= certainBefore) c--;
    // A statement ended by ';' is final too, and so is every one before it: the splitter looks
    // ahead no further than the next token that is not a word.
    let final = c - 1;
    for (let k = ranges.length - 1; k > final; k--) {
      if (ranges.terminated[k] === 1) {
        final = k;
        break;
      }
    }
    if (final < 0) {
      // One statement longer than the batch: lex on, as many tokens again as are held, so that the
      // split of the growing buffer runs a few times, not once every batch (a statement of 2 MB,
      // split 800 times: 2.6 s).
      batch = Math.max(batch, buf.length);
      continue;
    }
    for (let k = 0; k <= final; k++) each(supply, ranges.firsts[k]!, ranges.lasts[k]!);
    // After the last final statement: the next one, or (after a ';') only ';' and white space.
    buf.dropBefore(final + 1 < ranges.length ? ranges.firsts[final + 1]! : buf.length);
    batch = fullAnalysis.batchTokens;
  }
  releaseParseLists();
}

/**
 * Each statement of a text with its tokens, in order, as statementSpans finds them: for a reader of
 * every statement that is not an analysis (the formatter), which then scans no statement again.
 * `each` reads the tokens before it returns (the buffer is reused).
 */
export function eachStatement(text: TextSource, each: (tokens: StatementTokens, first: number, last: number) => void): void {
  walkStatements(text, false, each);
}

/**
 * Where each statement of a text is (its first to last significant character), as a document's
 * statements() has them, without analysing any: what the formatter reads of a whole text.
 */
export function statementSpans(text: TextSource): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  walkStatements(text, false, (supply, first, last) => spans.push({ start: supply.buf.starts[first]!, end: supply.buf.ends[last]! }));
  return spans;
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
   * than copies (see narrowCopies), for a text analysed once and never edited (analyze()), whose caller
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

  /** Entries for the first `count` statements of `ranges`, reusing analyses of the same text. */
  private entriesOf(supply: TokenSupply, ranges: ChunkRanges, count: number, reuse: Map<string, StatementAnalysis>): Entry[] {
    const out: Entry[] = [];
    for (let k = 0; k < count; k++) out.push(this.entryOf(supply, ranges.firsts[k]!, ranges.lasts[k]!, reuse));
    return out;
  }

  /**
   * The entry of the statement of tokens first..last of the supply's buffer.
   * `reuse` undefined: nothing to reuse (a first analysis of the whole text, nothing recycled), so
   * no map: hashing every statement's text and growing a map of them was a tenth of a full analysis,
   * for duplicates only, which are analysed alike (the same text gives the same analysis).
   */
  private entryOf(supply: TokenSupply, first: number, last: number, reuse: Map<string, StatementAnalysis> | undefined): Entry {
    const buf = supply.buf;
    const analysis = this.analysisOf(supply, first, last, reuse);
    // Every field from the start: entries of one shape keep the loops over all of them monomorphic.
    return {
      start: buf.starts[first]!,
      end: buf.ends[last]!,
      analysis,
      contained: isContained(buf, first, last),
      diagnostics: undefined,
      range: undefined,
    };
  }

  private analysisOf(
    supply: TokenSupply,
    first: number,
    last: number,
    reuse: Map<string, StatementAnalysis> | undefined,
  ): StatementAnalysis {
    const buf = supply.buf;
    // A copy of its own (see narrowCopies), hashed once for both maps and kept as the analysis's text.
    const slice = supply.texts.source.slice(buf.starts[first]!, buf.ends[last]!);
    const own = this.copyText ? (this.narrowCopies ? keptCopy(slice) : flatCopy(slice)) : slice;
    let analysis = reuse === undefined ? undefined : (reuse.get(own) ?? (this.recycled.size > 0 ? this.recycled.get(own) : undefined));
    if (!analysis) {
      this.work.analysed++;
      // Its words are read from its own copy where it has one: slices of what the analysis keeps
      // anyway (no copy of each word, none holding the document's text), in one byte a character
      // when the statement is ASCII, whatever the document holds (so too the messages that quote them).
      let texts = supply.texts;
      if (this.copyText) {
        texts = ownTexts;
        texts.source = own;
        texts.offset = buf.starts[first]!;
      }
      analysis = analyzeParsed(parseChunk(buf, first, last, texts, supply.tokensOf), own);
      ownTexts.source = '';
      // The map lives only for this analysis (or this edit's window).
      reuse?.set(own, analysis);
    }
    return analysis;
  }

  /**
   * Calls `each` with every statement of `text` in order, analysed, without keeping anything (no
   * entry per statement): for a text analysed once (analyze()), whose result is made as it goes.
   */
  eachOnce(text: TextSource, each: (start: number, end: number, analysis: StatementAnalysis) => void): void {
    walkStatements(text, this.copyText, (supply, first, last) =>
      each(supply.buf.starts[first]!, supply.buf.ends[last]!, this.analysisOf(supply, first, last, undefined)),
    );
  }

  /**
   * Whether the statements' copies are made by keptCopy (one byte a character when ASCII) rather
   * than flatCopy. keptCopy costs a native encode and decode a statement (3% of a 20 MiB document's
   * analysis) and spares a flat copy's slice header (9 MB there); it halves the copies only where
   * they would be two bytes a character, a text with a character past U+00FF (27 MB there). So a
   * whole text's analysis takes it for such a text alone; an edit's few statements always do.
   */
  private narrowCopies = true;

  /** Lexes, splits (walkStatements) and analyses the whole text. */
  private analyzeAll(text: TextSource): Entry[] {
    const entries: Entry[] = [];
    const reuse = this.recycled.size > 0 ? new Map<string, StatementAnalysis>() : undefined;
    // V8 answers at once for a text it holds in one byte a character (the class cannot match).
    this.narrowCopies = typeof text === 'string' && PAST_LATIN1.test(text);
    try {
      walkStatements(text, this.copyText, (supply, first, last) => entries.push(this.entryOf(supply, first, last, reuse)));
    } finally {
      this.narrowCopies = true;
    }
    this.mostStatements = Math.max(this.mostStatements, entries.length);
    return entries;
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

    const supply = new TokenSupply(text, windowStart, this.copyText, sharedBuffer);
    const buf = supply.buf;
    const ranges = sharedRanges;
    let limit = newEnd + 256;
    for (;;) {
      while (!supply.eof && (buf.length === 0 || buf.starts[buf.length - 1]! < limit)) supply.more(64);
      splitBuffer(buf, heads, text, ranges);
      const certainBefore = supply.eof ? Infinity : certainStart(buf);
      for (let c = 0; c < ranges.length; c++) {
        const chunkStart = buf.starts[ranges.firsts[c]!]!;
        if (chunkStart >= certainBefore) break;
        if (chunkStart < newEnd) continue;
        const m = this.findStart(chunkStart - delta, k);
        if (m < 0) continue;
        this.replace(supply, first, m, ranges, c, delta);
        return;
      }
      if (supply.eof) {
        this.replace(supply, first, entries.length, ranges, ranges.length, delta);
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
  private replace(supply: TokenSupply, from: number, to: number, ranges: ChunkRanges, count: number, delta: number): void {
    const entries = this.entries!;
    this.work.from = from;
    const reuse = new Map<string, StatementAnalysis>();
    for (let i = from; i < to; i++) reuse.set(entries[i]!.analysis.text, entries[i]!.analysis);
    const fresh = this.entriesOf(supply, ranges, count, reuse);
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
