// Where a piece of a large text may end (segments.ts): at the end of a line that certainly ends a
// statement in the file's own splitting too, a blank line or one whose last token is ';', outside
// every comment. Only block comments span lines in this dialect (strings, backticked names and --
// comments end at their line), so whether a line is such a boundary depends on the line and on
// whether a comment is open where it starts.
//
// PieceEnds reads only the lines that decide something: before the target size, the lines that
// open a comment (found by indexOf, the lines between them unread) and the one that closes it;
// from the target on, line by line to the first boundary. Reading every line of a 7 MB file (a
// regular expression per line for its break, then the line scanner) was 80 ms of a 0.8 s lint.
// In a comment, where the close is looked for is kept: a long comment's lines each searched to
// its end (a 7 MB comment of ' * ' lines: 6.5 s).

/** The lexer's whitespace, line breaks aside. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 12 || code === 11 || code === 0xa0 || code === 0xfeff;
}

function isBlankLine(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isBlank(text.charCodeAt(i))) return false;
  return true;
}

/**
 * A run of characters that start no string, name or comment, within a line: matched natively, where
 * a loop over every character of a large file ran in code V8 had not optimised yet.
 */
const PLAIN_RUN = /[^'`/\r\n-]*/y;

/** Scans complete lines, remembering whether a block comment is open, and where pieces may end. */
class BoundaryScanner {
  /** A block comment is open at the end of the last line read. */
  inComment = false;

  /** True when a statement certainly ends with the line text[start, end) (a blank line, or a last token ';'). */
  line(text: string, start: number, end: number): boolean {
    const startsInComment = this.inComment;
    /** The last character outside comments that is not blank (-1: none yet). */
    let last = -1;
    let i = start;
    while (i < end) {
      if (this.inComment) {
        const close = text.indexOf('*/', i);
        if (close < 0 || close + 2 > end) break;
        this.inComment = false;
        i = close + 2;
        continue;
      }
      PLAIN_RUN.lastIndex = i;
      PLAIN_RUN.test(text);
      const runEnd = PLAIN_RUN.lastIndex;
      if (runEnd > i) {
        let j = runEnd - 1;
        while (j >= i && isBlank(text.charCodeAt(j))) j--;
        if (j >= i) last = text.charCodeAt(j);
        i = runEnd;
        if (i >= end) break;
      }
      const c = text.charCodeAt(i);
      if (c === 39 || c === 96) {
        // ' or `: to its closing quote on this line
        const close = text.indexOf(c === 39 ? "'" : '`', i + 1);
        if (close < 0 || close >= end) return false; // unterminated: ends at the line end; not a cut (its own error)
        i = close + 1;
        last = c;
      } else if (c === 45 && text.charCodeAt(i + 1) === 45) {
        break; // -- to the line end
      } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
        this.inComment = true; // /*
        i += 2;
      } else {
        last = c; // a lone - or /
        i++;
      }
    }
    if (this.inComment) return false;
    return last === 59 || (!startsInComment && isBlankLine(text, start, end));
  }
}

/**
 * The end of the last complete line of text[floor, length) (after its break), or -1: a '\r' at the
 * very end may be half of a CRLF. Backward over the last line only, where lastIndexOf('\r') in a
 * text without one searched all of it (28 ms of a 7 MB file's cutting).
 */
function lastLineEnd(text: string, floor: number): number {
  let i = text.length - 1;
  if (i >= 0 && text.charCodeAt(i) === 13) i--;
  for (; i >= floor; i--) {
    const c = text.charCodeAt(i);
    // A CR read here is not before an LF: that LF, later, would have been found first.
    if (c === 10 || c === 13) return i + 1;
  }
  return -1;
}

/** The start of the line that holds position `p` (its line break included), not before `floor`. */
function lineStartAt(text: string, p: number, floor: number): number {
  let i = p;
  if (i > floor && text.charCodeAt(i) === 10 && text.charCodeAt(i - 1) === 13) i--; // the LF of a CRLF: its CR's line
  // Back over one line: a loop over its few characters, where lastIndexOf('\r') in a file without
  // one would search to the file's start each time.
  while (i > floor) {
    const c = text.charCodeAt(i - 1);
    if (c === 10 || c === 13) break;
    i--;
  }
  return i;
}

const LINE_BREAK = /[\r\n]/g;

/** The first line break at or after `from` (there is one: `from` is before the complete lines' end). */
function breakAt(text: string, from: number): number {
  LINE_BREAK.lastIndex = from;
  LINE_BREAK.test(text);
  return LINE_BREAK.lastIndex - 1;
}

/** Where the next line starts after the line break at `br` (a CRLF is one). */
function afterBreak(text: string, br: number): number {
  return text.charCodeAt(br) === 13 && text.charCodeAt(br + 1) === 10 ? br + 2 : br + 1;
}

/**
 * The ends of the pieces of a text that grows at its end (a file read in chunks): `next` is asked
 * after each chunk, `shift` told when a piece is taken from the text's start.
 */
export class PieceEnds {
  private readonly scanner = new BoundaryScanner();
  /** Where the lines not read yet start; the scanner's state is the state there. */
  private at = 0;
  /** The end of the text's complete lines found so far, and where the text has been looked at for one. */
  private complete = 0;
  private breaksSearched = 0;
  /** In a comment: where the search for its close goes on (no close starts before it). */
  private closeSearchedTo = 0;
  /** Work done, for the tests: lines read by the scanner, characters searched for a comment's close. */
  readonly work = { lines: 0, closeSearched: 0 };

  constructor(private readonly targetChars: number) {}

  /** The end of the text's first boundary line that ends at or after the target; 0 when its complete lines have none. */
  next(text: string): number {
    const complete = this.completeLinesEnd(text);
    const target = this.targetChars;
    // The lines that end before the target decide nothing but whether a comment is open after them.
    const decideFrom = target - 1 < complete ? lineStartAt(text, target - 1, this.at) : complete;
    let s = this.at;
    while (s < complete) {
      if (this.scanner.inComment) {
        // No line inside a comment is a boundary: on to the line where it closes.
        const from = Math.max(s, this.closeSearchedTo);
        const close = text.indexOf('*/', from);
        this.work.closeSearched += (close < 0 ? text.length : close) - from;
        if (close < 0 || close >= complete) {
          // Found on the line not read to its end yet: found there again next time. Not found: a '*'
          // at the end may meet the next chunk's '/'.
          this.closeSearchedTo = close >= 0 ? close : Math.max(from, text.length - 1);
          s = complete;
          break;
        }
        s = lineStartAt(text, close, s);
      } else if (s < decideFrom) {
        // A line that opens no comment leaves the state as it was: on to the first that may.
        const open = text.indexOf('/*', s);
        if (open < 0 || open >= decideFrom) {
          s = decideFrom;
          continue;
        }
        s = lineStartAt(text, open, s);
      }
      const br = breakAt(text, s);
      const end = afterBreak(text, br);
      const boundary = this.scanner.line(text, s, br);
      this.work.lines++;
      s = end;
      if (boundary && end >= target) {
        this.at = s;
        return end;
      }
    }
    this.at = s;
    return 0;
  }

  /** The end of the text's last complete line: the text grows at its end, each part of it looked at once. */
  private completeLinesEnd(text: string): number {
    const end = lastLineEnd(text, this.breaksSearched);
    if (end >= 0) this.complete = end;
    this.breaksSearched = text.length > 0 && text.charCodeAt(text.length - 1) === 13 ? text.length - 1 : text.length;
    return this.complete;
  }

  /** The text's first `n` characters (up to a boundary) were taken away. */
  shift(n: number): void {
    this.at -= n;
    this.complete -= n;
    this.breaksSearched = Math.max(0, this.breaksSearched - n);
    this.closeSearchedTo = Math.max(0, this.closeSearchedTo - n);
  }
}

/**
 * The ends of every boundary among text's complete lines, each line read (text starts outside any
 * comment): for a text with no boundary after its target for too long (segments.ts), and the tests.
 */
export function boundaryEnds(text: string): number[] {
  const scanner = new BoundaryScanner();
  const complete = Math.max(0, lastLineEnd(text, 0));
  const ends: number[] = [];
  for (let s = 0; s < complete;) {
    const br = breakAt(text, s);
    const end = afterBreak(text, br);
    if (scanner.line(text, s, br)) ends.push(end);
    s = end;
  }
  return ends;
}
