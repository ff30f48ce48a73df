import type { Token } from 'antlr4ng';
import { T, countLineBreaksIn, tokenEnd } from './lex';
import { isHiddenType } from './scanner';
import { TokenBuffer } from './tokenBuffer';
import type { TextSource } from '../text/blockText';
import { grown } from '../text/grownArray';

/** What the splitter needs to know of the dialect: which word sequences open a statement. */
export interface HeadMatcher {
  /** Upper-case first words of all statement heads. */
  verbs: ReadonlySet<string>;
  /** Number of words of the longest head matching words[0..], or 0. */
  matchHead(words: readonly string[]): number;
  /** True when words[0..] is a proper prefix of some head (a head being typed). */
  isHeadPrefix(words: readonly string[]): boolean;
}

/** The tokens of one statement, as found in the file. */
export interface Chunk {
  /** Offset of the first significant token. */
  start: number;
  /** Offset one past the last significant token (a terminating ';' is not included). */
  end: number;
  /** Every token from the first to the last significant one, comments included. */
  tokens: Token[];
  /** True when a ';' ends it. */
  terminated: boolean;
}

/**
 * The statements splitBuffer found, as token index ranges into its buffer: statement k is tokens
 * firsts[k]..lasts[k] (every token in between belongs to it). Reused: no object per statement.
 */
export class ChunkRanges {
  firsts = new Int32Array(64);
  lasts = new Int32Array(64);
  terminated = new Uint8Array(64);
  length = 0;

  push(first: number, last: number, terminated: boolean): void {
    const n = this.length;
    if (n === this.firsts.length) {
      this.firsts = grown(this.firsts, n * 2);
      this.lasts = grown(this.lasts, n * 2);
      this.terminated = grown(this.terminated, n * 2);
    }
    this.firsts[n] = first;
    this.lasts[n] = last;
    this.terminated[n] = terminated ? 1 : 0;
    this.length = n + 1;
  }
}

/** Words that, just before a verb on the same line, make the verb a value or a name: FOR SYNC, TO ROLE delete. */
const VALUE_CONTEXT_WORDS = new Set(['FOR', 'TO', 'ROLE', 'ON']);

/**
 * Splits a file's tokens into statements. A statement ends at ';', at a blank line, or where the
 * next statement's head begins (CREATE FLOW ... straight after another statement).
 * `text` is the text the tokens' offsets point into.
 */
export function splitStatements(tokens: readonly Token[], heads: HeadMatcher, text: TextSource): Chunk[] {
  const buf = new TokenBuffer(Math.max(1, tokens.length));
  for (let i = 0; i < tokens.length; i++) buf.push(tokens[i]!.type, tokens[i]!.start, tokenEnd(tokens[i]!));
  const ranges = new ChunkRanges();
  splitBuffer(buf, heads, text, ranges);
  const chunks: Chunk[] = [];
  for (let k = 0; k < ranges.length; k++) {
    const first = ranges.firsts[k]!;
    const last = ranges.lasts[k]!;
    chunks.push({
      start: buf.starts[first]!,
      end: buf.ends[last]!,
      tokens: tokens.slice(first, last + 1),
      terminated: ranges.terminated[k] === 1,
    });
  }
  return chunks;
}

/**
 * splitStatements over a TokenBuffer: the statements of buf's tokens into `out` (emptied first).
 * White space left out of the tokens (scanTokens' skipWhitespace) counts as the WS token it would be.
 */
export function splitBuffer(buf: TokenBuffer, heads: HeadMatcher, text: TextSource, out: ChunkRanges): void {
  out.length = 0;
  const types = buf.types;
  const starts = buf.starts;
  const ends = buf.ends;
  const count = buf.length;
  // The current statement is tokens[first..last] (every token in between belongs to it).
  let first = -1;
  let last = -1;
  let blankLineSinceLast = false;
  let lineBreaksSinceLast = 0;
  let previous = -1; // previous significant token in the current statement
  const firstChars = firstCharsOf(heads);

  let previousEnd = count > 0 ? starts[0]! : 0;
  for (let i = 0; i < count; i++) {
    const type = types[i]!;
    const start = starts[i]!;
    if (start > previousEnd) {
      // The white space left out before this token: mostly one space (no line break), or one line break.
      if (start === previousEnd + 1) {
        const c = text.charCodeAt(previousEnd);
        if (c === 10 || c === 13) lineBreaksSinceLast++;
      } else {
        const breaks = countLineBreaksIn(text, previousEnd, start);
        lineBreaksSinceLast += breaks;
        if (breaks >= 2) blankLineSinceLast = true;
      }
    }
    previousEnd = ends[i]!;
    if (type === T.WS || type === T.LINE_COMMENT || type === T.BLOCK_COMMENT) {
      if (type === T.WS || type === T.BLOCK_COMMENT) {
        const breaks = countLineBreaksIn(text, start, ends[i]!);
        lineBreaksSinceLast += breaks;
        if (type === T.WS && breaks >= 2) blankLineSinceLast = true;
      }
      // A line comment holds no line break (the grammar stops it before one).
      continue;
    }
    if (type === T.SEMI) {
      if (first >= 0) out.push(first, last, true);
      first = last = previous = -1;
      blankLineSinceLast = false;
      lineBreaksSinceLast = 0;
      continue;
    }
    if (
      previous >= 0 &&
      (blankLineSinceLast ||
        (type === T.IDENTIFIER &&
          firstChars[text.charCodeAt(start) | 0x20] === 1 &&
          startsStatement(buf, i, previous, lineBreaksSinceLast > 0, heads, text)))
    ) {
      out.push(first, last, false);
      first = -1;
    }
    blankLineSinceLast = false;
    lineBreaksSinceLast = 0;
    if (first < 0) first = i;
    last = i;
    previous = i;
  }
  if (first >= 0) out.push(first, last, false);
}

const firstChars = new WeakMap<HeadMatcher, Uint8Array>();

/**
 * Lower-cased first characters of the verbs (1 at their codes): a word starting otherwise cannot
 * open a statement. An IDENTIFIER starts with an ASCII letter or '_': its code | 0x20 is below 128.
 */
function firstCharsOf(heads: HeadMatcher): Uint8Array {
  let table = firstChars.get(heads);
  if (!table) {
    table = new Uint8Array(128);
    for (const v of heads.verbs) {
      const c = v.charCodeAt(0) | 0x20;
      if (c < 128) table[c] = 1;
    }
    firstChars.set(heads, table);
  }
  return table;
}

const verbsByLength = new WeakMap<HeadMatcher, string[][]>();

/**
 * True when text[start, end) (an IDENTIFIER: ASCII letters, digits, '_') is a verb in any case:
 * compared character by character, without the upper-cased copy of every word it is asked about.
 */
function isVerbAt(text: TextSource, start: number, end: number, heads: HeadMatcher): boolean {
  let byLength = verbsByLength.get(heads);
  if (!byLength) {
    byLength = [];
    for (const v of heads.verbs) (byLength[v.length] ??= []).push(v);
    verbsByLength.set(heads, byLength);
  }
  const candidates = byLength[end - start];
  if (candidates === undefined) return false;
  next: for (let k = 0; k < candidates.length; k++) {
    const verb = candidates[k]!;
    for (let j = 0; j < verb.length; j++) {
      let c = text.charCodeAt(start + j);
      if (c >= 97 && c <= 122) c -= 32;
      if (c !== verb.charCodeAt(j)) continue next;
    }
    return true;
  }
  return false;
}

/** Line breaks in the white space between tokens j - 1 and j when the tokens leave it out (0 when they hold it). */
function breaksBefore(buf: TokenBuffer, j: number, text: TextSource): number {
  const gapStart = buf.ends[j - 1]!;
  return buf.starts[j]! > gapStart ? countLineBreaksIn(text, gapStart, buf.starts[j]!) : 0;
}

function startsStatement(buf: TokenBuffer, i: number, previous: number, onNewLine: boolean, heads: HeadMatcher, text: TextSource): boolean {
  const types = buf.types;
  if (types[i] !== T.IDENTIFIER) return false;
  if (!isVerbAt(text, buf.starts[i]!, buf.ends[i]!, heads)) return false;
  const before = types[previous]!;
  if (before === T.EQ || before === T.COMMA || before === T.LPAREN || before === T.DOT) return false;
  if (
    !onNewLine &&
    before === T.IDENTIFIER &&
    VALUE_CONTEXT_WORDS.has(text.slice(buf.starts[previous]!, buf.ends[previous]!).toUpperCase())
  )
    return false;

  const words: string[] = [];
  let j = i;
  let next = -1;
  for (; j < buf.length && words.length < 6; j++) {
    const type = types[j]!;
    // A blank line ends the statement: what follows it cannot make these words a clause.
    if (j > i && breaksBefore(buf, j, text) >= 2) break;
    if (isHiddenType(type)) {
      if (type === T.WS && countLineBreaksIn(text, buf.starts[j]!, buf.ends[j]!) >= 2) break;
      continue;
    }
    if (type !== T.IDENTIFIER) {
      next = type;
      break;
    }
    words.push(text.slice(buf.starts[j]!, buf.ends[j]!).toUpperCase());
  }
  const matched = heads.matchHead(words);
  if (matched > 0) {
    // `... DELETE SOURCE = 'x'`: a clause that happens to spell a head.
    if (matched === words.length && next === T.EQ) return false;
    return true;
  }
  // A head still being typed on a line of its own.
  return onNewLine && heads.isHeadPrefix(words.slice(0, Math.max(1, wordsOnLine(buf, i, text))));
}

/** How many word tokens follow token i on the same line (including it). */
function wordsOnLine(buf: TokenBuffer, i: number, text: TextSource): number {
  let n = 0;
  for (let j = i; j < buf.length; j++) {
    const type = buf.types[j]!;
    if (j > i && breaksBefore(buf, j, text) > 0) break;
    if (isHiddenType(type)) {
      if (countLineBreaksIn(text, buf.starts[j]!, buf.ends[j]!) > 0) break;
      continue;
    }
    if (type !== T.IDENTIFIER) break;
    n++;
  }
  return n;
}
