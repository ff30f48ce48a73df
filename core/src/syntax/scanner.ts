import type { CharStream, TokenSource, WritableToken } from 'antlr4ng';
import { Token } from './token';
import type { TextSource } from '../text/blockText';
import { flatCopy } from '../text/flatCopy';
import { Utf16CharStream } from '../text/utf16CharStream';
import { TokenBuffer } from './tokenBuffer';

// A hand-written lexer for the lexer rules of grammar/SvcSql.g4: the same tokens (types from the
// generated lexer, channels, offsets, line and column) without the generated lexer's DFA
// simulation, whose per-character state walk (and full ATN simulation for every character past
// U+007F) was the largest share of a full analysis after the parse itself.
// test/core/scanner.test.ts holds it to the generated lexer on every corpus and example file
// and on fuzzed inputs; a change to the grammar's lexer rules must be made here too.

// Token types: the values of the generated lexer (test/core/scanner.test.ts compares them). An
// enum, not an object of numbers: the bundler writes every `TokenType.X` (lex.ts's `T.X`) as its
// number. A property read of an object per comparison (`type === T.IDENTIFIER`) went through V8's
// property lookup in all the code not yet optimised, which is most of a first analysis.
export enum TokenType {
  WITH = 1,
  EQ = 2,
  COMMA = 3,
  DOT = 4,
  LPAREN = 5,
  RPAREN = 6,
  SEMI = 7,
  STRING = 8,
  UNTERMINATED_STRING = 9,
  BACKTICKED = 10,
  UNTERMINATED_BACKTICK = 11,
  INTEGER = 12,
  IDENTIFIER = 13,
  LINE_COMMENT = 14,
  BLOCK_COMMENT = 15,
  UNTERMINATED_COMMENT = 16,
  WS = 17,
  UNKNOWN_CHAR = 18,
}
const WITH = TokenType.WITH;
const EQ = TokenType.EQ;
const COMMA = TokenType.COMMA;
const DOT = TokenType.DOT;
const LPAREN = TokenType.LPAREN;
const RPAREN = TokenType.RPAREN;
const SEMI = TokenType.SEMI;
const STRING = TokenType.STRING;
const UNTERMINATED_STRING = TokenType.UNTERMINATED_STRING;
const BACKTICKED = TokenType.BACKTICKED;
const UNTERMINATED_BACKTICK = TokenType.UNTERMINATED_BACKTICK;
const INTEGER = TokenType.INTEGER;
const IDENTIFIER = TokenType.IDENTIFIER;
const LINE_COMMENT = TokenType.LINE_COMMENT;
const BLOCK_COMMENT = TokenType.BLOCK_COMMENT;
const UNTERMINATED_COMMENT = TokenType.UNTERMINATED_COMMENT;
const WS = TokenType.WS;
const UNKNOWN_CHAR = TokenType.UNKNOWN_CHAR;

// Character classes of the ASCII range (everything past it is WS for U+00A0 and U+FEFF, else a stray character).
const C_OTHER = 0;
const C_WS = 1;
const C_LETTER = 2; // [A-Za-z_]
const C_DIGIT = 3;
const classes = new Uint8Array(128);
for (const c of ' \t\r\n\f\u000B') classes[c.charCodeAt(0)] = C_WS;
for (let c = 65; c <= 90; c++) classes[c] = classes[c + 32] = C_LETTER;
classes[95] = C_LETTER;
for (let c = 48; c <= 57; c++) classes[c] = C_DIGIT;

// The long runs inside a token (the rest of a word, a string's or a comment's body: most of a
// file's characters) as sticky regular expressions, for a string scanned to its end: irregexp
// matches a run in native code from its second use on, where a loop over its characters ran in
// the interpreter for most of a first analysis (the scanner's loop reaches the optimising compiler
// only after ~10 MB of its bytecode). `test` with lastIndex makes no match object. White space
// (mostly one character) and integers keep their loops. The character loops below define the same
// runs for any other TextSource (test/core/scanner.test.ts holds both to the generated lexer).
const UPPER_WORD_REST = /[A-Z0-9_]*/y;
const WORD_REST = /[A-Za-z0-9_]*/y;
const STRING_BODY = /(?:[^'\r\n]|'')*/y;
const BACKTICK_BODY = /[^`\r\n]*/y;
const LINE_REST = /[^\r\n]*/y;

/**
 * A token of the scanner: what antlr4ng's CommonToken holds, with its text read from the source
 * on first use (and kept), and the input stream made only if someone asks for it (the parser's
 * error messages for the statements it sees).
 */
export class ScannedToken implements WritableToken {
  tokenIndex = -1;
  private cachedText: string | undefined;

  constructor(
    private readonly scanner: Scanner,
    public type: number,
    public channel: number,
    public start: number,
    public stop: number,
    public line: number,
    public column: number,
  ) {}

  /**
   * This token as another type (the parser sees an unterminated string or name as closed), without
   * antlr4ng's CommonToken: a statement with an unterminated string mostly takes the hand-written
   * path, which must not load the ANTLR runtime for a copy of a token.
   */
  withType(type: number): ScannedToken {
    const copy = new ScannedToken(this.scanner, type, this.channel, this.start, this.stop, this.line, this.column);
    copy.tokenIndex = this.tokenIndex;
    copy.cachedText = this.cachedText;
    return copy;
  }

  get text(): string {
    return (this.cachedText ??= this.type === Token.EOF ? '<EOF>' : this.scanner.textOf(this.start, this.stop + 1));
  }

  set text(text: string) {
    this.cachedText = text;
  }

  // WritableToken: a token stream numbers the tokens it buffers only when they have these.
  setText(text: string): void {
    this.cachedText = text;
  }

  setType(type: number): void {
    this.type = type;
  }

  setLine(line: number): void {
    this.line = line;
  }

  setCharPositionInLine(column: number): void {
    this.column = column;
  }

  setChannel(channel: number): void {
    this.channel = channel;
  }

  setTokenIndex(index: number): void {
    this.tokenIndex = index;
  }

  get tokenSource(): TokenSource | null {
    return null;
  }

  get inputStream(): CharStream | null {
    return this.scanner.stream();
  }

  /** CommonToken's pair, which the parser's error recovery reads to make the tokens it conjures. */
  get source(): [TokenSource | null, CharStream | null] {
    return [null, this.scanner.stream()];
  }
}

/** Where scanTokens stopped: the offset after its last token (or the white space it skipped). */
export interface ScanPosition {
  at: number;
}

/**
 * Scans up to `max` tokens of text[pos.at, end) into `buf` (appended; offsets absolute) and moves
 * pos.at past them: the lexer rules, written once for both the token buffer of a full analysis
 * and the token objects of Scanner. `skipWhitespace`: no WS tokens (about half of a file's
 * tokens); a reader finds the white space between two tokens from their offsets. Returns the
 * number of tokens scanned: fewer than `max` only at the end.
 * `runsByLoop`: the runs inside tokens read by the character loops, not by regular expressions
 * (see UPPER_WORD_REST): for a caller that scans many texts (the workspace index pass), whose scan
 * runs optimised after the first few, where a loop over a word's few characters costs less than
 * a call of a regular expression (callgrind, 1,000 files of the benchmark's workspace: 4% fewer
 * instructions for the whole pass).
 */
export function scanTokens(
  buf: TokenBuffer,
  text: TextSource,
  pos: ScanPosition,
  end: number,
  max: number,
  skipWhitespace: boolean,
  runsByLoop = false,
): number {
  // Room for all `max` tokens first: the loop writes the buffer's arrays itself.
  // A token is one character at least.
  buf.reserve(Math.max(0, Math.min(max, end - pos.at)));
  const from = buf.length;
  const at = scanInto(buf.types, buf.starts, buf.ends, buf.upperAlready, from, text, pos.at, end, max, skipWhitespace, runsByLoop);
  buf.length = at;
  pos.at = scannedTo;
  return at - from;
}

/** Where scanInto stopped (its second result). */
let scannedTo = 0;

/**
 * scanTokens' loop: the tokens go to the arrays from index `at` on; returns the index after the
 * last, and leaves the offset after it (and after the white space skipped) in scannedTo.
 * A function of its own, reading nothing but its arguments before the loop: V8 optimises the loop
 * while its first call runs (on-stack replacement), when what ran before the loop in that call
 * had recorded no type feedback; the optimised code then failed on it at the next call and was
 * thrown away and compiled again (twice in a 10,000-statement analysis, the largest function compiled).
 * Everything per character is inline (a class-table read, or a run matched by a regular
 * expression, no call of a function of ours): most of a first analysis runs in the interpreter,
 * where a call per character or per token was most of this loop's time.
 */
function scanInto(
  types: Uint8Array,
  starts: Int32Array,
  ends: Int32Array,
  upperAlready: Uint8Array,
  at: number,
  text: TextSource,
  i: number,
  end: number,
  max: number,
  skipWhitespace: boolean,
  runsByLoop: boolean,
): number {
  // The runs by regular expression: a string scanned to its end (a window's runs would cross it).
  const s = !runsByLoop && typeof text === 'string' && end === text.length ? text : undefined;
  let n = 0;
  let c: number;
  while (n < max) {
    if (skipWhitespace) {
      while (i < end) {
        c = text.charCodeAt(i);
        if (c < 128 ? classes[c] !== C_WS : c !== 0xa0 && c !== 0xfeff) break;
        i++;
      }
    }
    if (i >= end) break;
    const start = i;
    c = text.charCodeAt(start);
    i = start + 1;
    let type: number;
    const cls = c < 128 ? classes[c]! : c === 0xa0 || c === 0xfeff ? C_WS : C_OTHER;
    let upper = 0;
    if (cls === C_LETTER) {
      // a-z (97-122) are the only lower-case word characters; 123 and up end a word.
      let lower = c >= 97;
      if (s !== undefined) {
        const rest = lower ? WORD_REST : UPPER_WORD_REST;
        rest.lastIndex = i;
        rest.test(s);
        i = rest.lastIndex;
        if (!lower && i < end) {
          const d = s.charCodeAt(i);
          if (d >= 97 && d <= 122) {
            lower = true;
            WORD_REST.lastIndex = i;
            WORD_REST.test(s);
            i = WORD_REST.lastIndex;
          }
        }
      } else
        while (i < end) {
          const d = text.charCodeAt(i);
          if (d >= 97) {
            if (d > 122) break;
            lower = true;
          } else if (classes[d]! < C_LETTER) break;
          i++;
        }
      type = i - start === 4 && isWith(text, start) ? WITH : IDENTIFIER;
      if (!lower) upper = 1;
    } else if (cls === C_WS) {
      while (i < end) {
        const d = text.charCodeAt(i);
        if (d < 128 ? classes[d] !== C_WS : d !== 0xa0 && d !== 0xfeff) break;
        i++;
      }
      type = WS;
    } else if (cls === C_DIGIT) {
      // From the first digit again: the increment below then runs for every integer, so that the
      // optimised loop has seen it even when the file's first integers are single digits (else it
      // failed at the first longer one, and was compiled again).
      i = start;
      while (i < end) {
        const d = text.charCodeAt(i);
        if (d < 48 || d > 57) break;
        i++;
      }
      type = INTEGER;
    } else {
      switch (c) {
        case 61: // =
          type = EQ;
          break;
        case 44: // ,
          type = COMMA;
          break;
        case 46: // .
          type = DOT;
          break;
        case 40: // (
          type = LPAREN;
          break;
        case 41: // )
          type = RPAREN;
          break;
        case 59: // ;
          type = SEMI;
          break;
        case 39: // ' : '' inside is a quote; the first lone quote closes; a line end or the end leaves it open
          type = UNTERMINATED_STRING;
          if (s !== undefined) {
            STRING_BODY.lastIndex = i;
            STRING_BODY.test(s);
            i = STRING_BODY.lastIndex;
            if (i < end && s.charCodeAt(i) === 39) {
              i++;
              type = STRING;
            }
          } else
            while (i < end) {
              const d = text.charCodeAt(i);
              if (d === 10 || d === 13) break;
              i++;
              if (d === 39) {
                if (i < end && text.charCodeAt(i) === 39) i++;
                else {
                  type = STRING;
                  break;
                }
              }
            }
          break;
        case 96: // `
          type = UNTERMINATED_BACKTICK;
          if (s !== undefined) {
            BACKTICK_BODY.lastIndex = i;
            BACKTICK_BODY.test(s);
            i = BACKTICK_BODY.lastIndex;
            if (i < end && s.charCodeAt(i) === 96) {
              i++;
              type = BACKTICKED;
            }
          } else
            while (i < end) {
              const d = text.charCodeAt(i);
              if (d === 10 || d === 13) break;
              i++;
              if (d === 96) {
                type = BACKTICKED;
                break;
              }
            }
          break;
        case 45: // -- to the line end
          if (i < end && text.charCodeAt(i) === 45) {
            i++;
            if (s !== undefined) {
              LINE_REST.lastIndex = i;
              LINE_REST.test(s);
              i = LINE_REST.lastIndex;
            } else
              while (i < end) {
                const d = text.charCodeAt(i);
                if (d === 10 || d === 13) break;
                i++;
              }
            type = LINE_COMMENT;
          } else type = UNKNOWN_CHAR;
          break;
        case 47: // /* to the first */, or to the end when none
          if (i < end && text.charCodeAt(i) === 42) {
            i++;
            type = UNTERMINATED_COMMENT;
            if (s !== undefined) {
              const close = s.indexOf('*/', i);
              if (close >= 0) {
                i = close + 2;
                type = BLOCK_COMMENT;
              } else i = end;
            } else
              while (i < end) {
                const d = text.charCodeAt(i);
                i++;
                if (d === 42 && i < end && text.charCodeAt(i) === 47) {
                  i++;
                  type = BLOCK_COMMENT;
                  break;
                }
              }
          } else type = UNKNOWN_CHAR;
          break;
        default:
          type = UNKNOWN_CHAR;
      }
    }
    types[at] = type;
    starts[at] = start;
    ends[at] = i;
    upperAlready[at] = upper;
    at++;
    n++;
  }
  if (skipWhitespace) {
    while (i < end) {
      c = text.charCodeAt(i);
      if (c < 128 ? classes[c] !== C_WS : c !== 0xa0 && c !== 0xfeff) break;
      i++;
    }
  }
  scannedTo = i;
  return at;
}

/** White space and complete comments: the tokens of the hidden channel, which the parser does not see. */
export function isHiddenType(type: number): boolean {
  return type === WS || type === LINE_COMMENT || type === BLOCK_COMMENT;
}

/** The channel of a token type (see isHiddenType). */
export function channelOf(type: number): number {
  return isHiddenType(type) ? Token.HIDDEN_CHANNEL : Token.DEFAULT_CHANNEL;
}

/** Scanner.countTo's nextBreak before any line break was looked for. */
const UNKNOWN = -2;
/** Tokens per scanTokens call of Scanner.rest. */
const LEX_BATCH = 1024;
/** Scanner.rest's buffer (rest never runs inside another rest). */
const lexBuffer = new TokenBuffer(LEX_BATCH);

/**
 * Lexes text[start, end) as the generated lexer does (offsets absolute, line 1 at `start`),
 * one token per nextToken(); at the end, an EOF token.
 * `copyText`: token texts are flat copies, so that a word kept in an analysis does not keep the
 * whole text it was cut from alive (see flatCopy).
 * `skipWhitespace`: no WS tokens (see scanTokens).
 */
export class Scanner {
  private readonly pos: ScanPosition;
  /** nextToken's buffer of one token (made on its first call: lex reads through rest). */
  private one: TokenBuffer | undefined;
  /** The line and line start at offset `counted` (line breaks before it counted). */
  private line = 1;
  private lineStart: number;
  private counted: number;
  /** The first line break at or after `counted` (-1: none left; UNKNOWN: not looked for yet). */
  private nextBreak = UNKNOWN;
  private charStream: Utf16CharStream | undefined;

  constructor(
    private readonly text: TextSource,
    private readonly start = 0,
    private readonly end = text.length,
    private readonly copyText = false,
    private readonly skipWhitespace = false,
  ) {
    this.pos = { at: start };
    this.lineStart = start;
    this.counted = start;
  }

  textOf(start: number, end: number): string {
    const s = this.text.slice(start, end);
    return this.copyText ? flatCopy(s) : s;
  }

  stream(): CharStream {
    return (this.charStream ??= new Utf16CharStream(this.text, this.start, this.end));
  }

  /**
   * The token of `type` at text[start, end) with its line and column (line breaks counted from the
   * last token asked for, or from the start when `start` is before it): for tokens read from a
   * TokenBuffer this scanner's text was scanned into.
   */
  tokenAt(type: number, start: number, end: number): ScannedToken {
    if (start < this.counted) {
      this.line = 1;
      this.lineStart = this.start;
      this.counted = this.start;
      this.nextBreak = UNKNOWN;
    }
    this.countTo(start);
    const token = new ScannedToken(this, type, channelOf(type), start, end - 1, this.line, start - this.lineStart);
    return token;
  }

  /** Counts the line breaks (\n, as the generated lexer does) in text[counted, to). */
  private countTo(to: number): void {
    const text = this.text;
    if (typeof text === 'string') {
      // indexOf finds line breaks several times faster than a character loop (a statement far into a
      // large file); the break found past `to` is kept, so that the tokens of a line look for it once.
      let i =
        this.nextBreak === UNKNOWN || (this.nextBreak >= 0 && this.nextBreak < this.counted)
          ? text.indexOf('\n', this.counted)
          : this.nextBreak;
      for (; i >= 0 && i < to; i = text.indexOf('\n', i + 1)) {
        this.line++;
        this.lineStart = i + 1;
      }
      this.nextBreak = i;
      if (to > this.counted) this.counted = to;
      return;
    }
    for (let i = this.counted; i < to; i++) {
      if (text.charCodeAt(i) === 10) {
        this.line++;
        this.lineStart = i + 1;
      }
    }
    if (to > this.counted) this.counted = to;
  }

  /**
   * Every token left, in order, no EOF: scanned LEX_BATCH at a time into a buffer. A nextToken per
   * token entered the scanning loop once per token, whose set-up was then most of a statement's lex
   * (the formatter lexes each statement).
   */
  rest(): ScannedToken[] {
    const buf = lexBuffer;
    const out: ScannedToken[] = [];
    for (;;) {
      buf.length = 0;
      const n = scanTokens(buf, this.text, this.pos, this.end, LEX_BATCH, this.skipWhitespace);
      for (let i = 0; i < n; i++) out.push(this.tokenAt(buf.types[i]!, buf.starts[i]!, buf.ends[i]!));
      if (n < LEX_BATCH) return out;
    }
  }

  nextToken(): ScannedToken {
    const one = (this.one ??= new TokenBuffer(1));
    one.length = 0;
    if (scanTokens(one, this.text, this.pos, this.end, 1, this.skipWhitespace) === 0) {
      this.countTo(this.end);
      const at = this.pos.at;
      return new ScannedToken(this, Token.EOF, Token.DEFAULT_CHANNEL, at, at - 1, this.line, at - this.lineStart);
    }
    return this.tokenAt(one.types[0]!, one.starts[0]!, one.ends[0]!);
  }
}

/** 'WITH' in any case at text[at, at + 4). */
function isWith(text: TextSource, at: number): boolean {
  return (
    (text.charCodeAt(at) | 0x20) === 119 &&
    (text.charCodeAt(at + 1) | 0x20) === 105 &&
    (text.charCodeAt(at + 2) | 0x20) === 116 &&
    (text.charCodeAt(at + 3) | 0x20) === 104
  );
}
