import type { Token } from 'antlr4ng';
import { T, countLineBreaks, isHidden, tokenEnd } from './lex';

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
 */
export function splitStatements(tokens: readonly Token[], heads: HeadMatcher): Chunk[] {
  const chunks: Chunk[] = [];
  let current: Token[] = [];
  let firstSignificant = -1; // index in current
  let lastSignificant = -1;
  let blankLineSinceLast = false;
  let lineBreaksSinceLast = 0;
  let previous: Token | undefined; // previous significant token in the current statement

  const close = (terminated: boolean) => {
    if (firstSignificant >= 0) {
      const body = current.slice(firstSignificant, lastSignificant + 1);
      chunks.push({ start: body[0]!.start, end: tokenEnd(body[lastSignificant - firstSignificant]!), tokens: body, terminated });
    }
    current = [];
    firstSignificant = -1;
    lastSignificant = -1;
    previous = undefined;
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (isHidden(token)) {
      if (token.type === T.WS || token.type === T.LINE_COMMENT || token.type === T.BLOCK_COMMENT) {
        const breaks = countLineBreaks(token.text ?? '');
        lineBreaksSinceLast += breaks;
        if (token.type === T.WS && breaks >= 2) blankLineSinceLast = true;
      }
      if (firstSignificant >= 0) current.push(token);
      continue;
    }
    if (token.type === T.SEMI) {
      close(true);
      blankLineSinceLast = false;
      lineBreaksSinceLast = 0;
      continue;
    }
    if (previous && (blankLineSinceLast || startsStatement(tokens, i, previous, lineBreaksSinceLast > 0, heads))) {
      close(false);
    }
    blankLineSinceLast = false;
    lineBreaksSinceLast = 0;
    current.push(token);
    if (firstSignificant < 0) firstSignificant = current.length - 1;
    lastSignificant = current.length - 1;
    previous = token;
  }
  close(false);
  return chunks;
}

function startsStatement(tokens: readonly Token[], i: number, previous: Token, onNewLine: boolean, heads: HeadMatcher): boolean {
  const token = tokens[i]!;
  if (token.type !== T.IDENTIFIER) return false;
  const upper = (token.text ?? '').toUpperCase();
  if (!heads.verbs.has(upper)) return false;
  if (previous.type === T.EQ || previous.type === T.COMMA || previous.type === T.LPAREN || previous.type === T.DOT) return false;
  if (!onNewLine && previous.type === T.IDENTIFIER && VALUE_CONTEXT_WORDS.has((previous.text ?? '').toUpperCase())) return false;

  const words: string[] = [];
  let j = i;
  let next: Token | undefined;
  for (; j < tokens.length && words.length < 6; j++) {
    const t = tokens[j]!;
    if (isHidden(t)) continue;
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
  return onNewLine && heads.isHeadPrefix(words.slice(0, Math.max(1, wordsOnLine(tokens, i))));
}

/** How many word tokens follow tokens[i] on the same line (including it). */
function wordsOnLine(tokens: readonly Token[], i: number): number {
  let n = 0;
  for (let j = i; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (isHidden(t)) {
      if (countLineBreaks(t.text ?? '') > 0) break;
      continue;
    }
    if (t.type !== T.IDENTIFIER) break;
    n++;
  }
  return n;
}
