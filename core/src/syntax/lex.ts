import { Token } from './token';
import type { TextSource } from '../text/blockText';
import { Scanner, TokenType as T } from './scanner';

/**
 * The grammar's token types (the generated lexer's values: test/core/scanner.test.ts compares them).
 * Not the generated lexer class itself, whose loading deserialises its ATN, which nothing here runs.
 * An enum (scanner.ts says why), exported as it is: an alias (`const T = TokenType`) would be read
 * as an object again.
 */
export { T };

/**
 * Lexes text[start, end) into tokens of every channel (comments and white space included),
 * with absolute UTF-16 offsets. The EOF token is not included.
 */
export function lex(text: TextSource, start = 0, end = text.length): Token[] {
  return new Scanner(text, start, end).rest();
}

export function isHidden(token: Token): boolean {
  return token.channel !== Token.DEFAULT_CHANNEL;
}

/** Offset one past the token's last character. */
export function tokenEnd(token: Token): number {
  return token.stop + 1;
}

/** True for tokens that can be a word (keyword, name) in the grammar. */
export function isWordToken(token: Token): boolean {
  return token.type === T.IDENTIFIER || token.type === T.BACKTICKED || token.type === T.UNTERMINATED_BACKTICK;
}

/** Number of line breaks in s (\r\n counts once). */
export function countLineBreaks(s: string): number {
  return countLineBreaksIn(s, 0, s.length);
}

/** Number of line breaks in text[start, end) (\r\n counts once), without a copy of that part. */
export function countLineBreaksIn(text: TextSource, start: number, end: number): number {
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

/**
 * s.toUpperCase(), but s itself when that would not change it (keywords are mostly written in
 * upper case): toUpperCase always allocates, and every word of every statement keeps its upper case.
 */
export function upperCase(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || (c >= 97 && c <= 122)) return s.toUpperCase();
  }
  return s;
}

/**
 * The body of a quoted token: quotes off (an unterminated one has no closing quote), and for a
 * string '' made one quote. Most strings hold no '': no regular-expression pass for them.
 */
export function unquote(text: string, quote: string): string {
  const open = text.startsWith(quote) ? 1 : 0;
  // One slice for both quotes (the closing one is there unless the token is unterminated).
  const close = text.length > open && text.length > 1 && text.endsWith(quote) ? 1 : 0;
  const body = text.slice(open, text.length - close);
  return quote === "'" && body.includes("''") ? body.replace(/''/g, "'") : body;
}
