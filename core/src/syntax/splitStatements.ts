import type { Token } from 'antlr4ng';
import { T, countLineBreaks, isHidden, tokenEnd } from './lex';
import type { TextSource } from '../text/blockText';

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

/** Words that, just before a verb on the same line, make the verb a value or a name: FOR SYNC, TO ROLE delete. */
const VALUE_CONTEXT_WORDS = new Set(['FOR', 'TO', 'ROLE', 'ON']);

/**
 * Splits a file's tokens into statements. A statement ends at ';', at a blank line, or where the
 * next statement's head begins (CREATE FLOW ... straight after another statement).
 * `text`, when given, is the text the tokens' offsets point into: reading it directly saves
 * building a string per token.
 */
export function splitStatements(tokens: readonly Token[], heads: HeadMatcher, text?: TextSource): Chunk[] {
  const chunks: Chunk[] = [];
  // The current statement is tokens[first..last] (every token in between belongs to it).
  let first = -1;
  let last = -1;
  let blankLineSinceLast = false;
  let lineBreaksSinceLast = 0;
  let previous: Token | undefined; // previous significant token in the current statement
  const firstChars = firstCharsOf(heads);

  const close = (terminated: boolean) => {
    if (first >= 0) {
      chunks.push({ start: tokens[first]!.start, end: tokenEnd(tokens[last]!), tokens: tokens.slice(first, last + 1), terminated });
    }
    first = -1;
    last = -1;
    previous = undefined;
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const type = token.type;
    // White space left out of the tokens (Scanner's skipWhitespace) counts as the WS token it would be.
    if (text !== undefined && i > 0 && token.start > tokens[i - 1]!.stop + 1) {
      const breaks = countLineBreaksIn(text, tokens[i - 1]!.stop + 1, token.start);
      lineBreaksSinceLast += breaks;
      if (breaks >= 2) blankLineSinceLast = true;
    }
    if (isHidden(token)) {
      if (type === T.WS || type === T.BLOCK_COMMENT) {
        const breaks = text !== undefined ? countLineBreaksIn(text, token.start, token.stop + 1) : countLineBreaks(token.text ?? '');
        lineBreaksSinceLast += breaks;
        if (type === T.WS && breaks >= 2) blankLineSinceLast = true;
      } else if (type === T.LINE_COMMENT && text === undefined) {
        lineBreaksSinceLast += countLineBreaks(token.text ?? '');
      }
      // A line comment holds no line break (the grammar stops it before one).
      continue;
    }
    if (type === T.SEMI) {
      close(true);
      blankLineSinceLast = false;
      lineBreaksSinceLast = 0;
      continue;
    }
    if (
      previous &&
      (blankLineSinceLast ||
        (type === T.IDENTIFIER &&
          (text === undefined || firstChars.has(text.charCodeAt(token.start) | 0x20)) &&
          startsStatement(tokens, i, previous, lineBreaksSinceLast > 0, heads, text)))
    ) {
      close(false);
    }
    blankLineSinceLast = false;
    lineBreaksSinceLast = 0;
    if (first < 0) first = i;
    last = i;
    previous = token;
  }
  close(false);
  return chunks;
}

const firstChars = new WeakMap<HeadMatcher, Set<number>>();

/** Lower-cased first characters of the verbs: a word starting otherwise cannot open a statement. */
function firstCharsOf(heads: HeadMatcher): Set<number> {
  let set = firstChars.get(heads);
  if (!set) {
    set = new Set([...heads.verbs].map((v) => v.charCodeAt(0) | 0x20));
    firstChars.set(heads, set);
  }
  return set;
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

/** Line breaks in the white space between tokens[j - 1] and tokens[j] when the tokens leave it out (0 when they hold it). */
function breaksBefore(tokens: readonly Token[], j: number, text: TextSource | undefined): number {
  const gapStart = tokens[j - 1]!.stop + 1;
  return text !== undefined && tokens[j]!.start > gapStart ? countLineBreaksIn(text, gapStart, tokens[j]!.start) : 0;
}

/** Number of line breaks in text[start, end) (\r\n counts once), as countLineBreaks. */
function countLineBreaksIn(text: TextSource, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13) {
      n++;
      if (i + 1 < end && text.charCodeAt(i + 1) === 10) i++;
    }
  }
  return n;
}

function startsStatement(
  tokens: readonly Token[],
  i: number,
  previous: Token,
  onNewLine: boolean,
  heads: HeadMatcher,
  text: TextSource | undefined,
): boolean {
  const token = tokens[i]!;
  if (token.type !== T.IDENTIFIER) return false;
  if (text !== undefined ? !isVerbAt(text, token.start, token.stop + 1, heads) : !heads.verbs.has((token.text ?? '').toUpperCase()))
    return false;
  if (previous.type === T.EQ || previous.type === T.COMMA || previous.type === T.LPAREN || previous.type === T.DOT) return false;
  if (!onNewLine && previous.type === T.IDENTIFIER && VALUE_CONTEXT_WORDS.has((previous.text ?? '').toUpperCase())) return false;

  const words: string[] = [];
  let j = i;
  let next: Token | undefined;
  for (; j < tokens.length && words.length < 6; j++) {
    const t = tokens[j]!;
    // A blank line ends the statement: what follows it cannot make these words a clause.
    if (j > i && breaksBefore(tokens, j, text) >= 2) break;
    if (isHidden(t)) {
      if (t.type === T.WS && countLineBreaks(t.text ?? '') >= 2) break;
      continue;
    }
    if (t.type !== T.IDENTIFIER) {
      next = t;
      break;
    }
    words.push((t.text ?? '').toUpperCase());
  }
  const matched = heads.matchHead(words);
  if (matched > 0) {
    // `... DELETE SOURCE = 'x'`: a clause that happens to spell a head.
    if (matched === words.length && next?.type === T.EQ) return false;
    return true;
  }
  // A head still being typed on a line of its own.
  return onNewLine && heads.isHeadPrefix(words.slice(0, Math.max(1, wordsOnLine(tokens, i, text))));
}

/** How many word tokens follow tokens[i] on the same line (including it). */
function wordsOnLine(tokens: readonly Token[], i: number, text: TextSource | undefined): number {
  let n = 0;
  for (let j = i; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (j > i && breaksBefore(tokens, j, text) > 0) break;
    if (isHidden(t)) {
      if (countLineBreaks(t.text ?? '') > 0) break;
      continue;
    }
    if (t.type !== T.IDENTIFIER) break;
    n++;
  }
  return n;
}
