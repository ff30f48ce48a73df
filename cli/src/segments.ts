// Reads a .svcsql file in pieces that can be analysed one at a time, so that lint and run need
// memory for one piece (and what they print), not for the whole file's analysis.
//
// A piece ends only where the file's statement splitting certainly ends a statement too, so the
// pieces' analyses are exactly the file's: after a blank line, or after a line whose last token is
// ';' (test/cli/segments.test.ts compares both). Only block comments span lines in this dialect
// (strings, backticked names and -- comments end at their line), so a small line scanner knows
// when it stands outside every token. Pieces start at a line start: columns are the file's, lines
// shift by the piece's first line.
import { readFileSync, statSync } from 'node:fs';
import { decodedUtf8, fileBytes } from './fileChunks';
import { largeInput } from './launch/v8Flags';

export interface Segment {
  text: string;
  /** 0-based line of the file where the segment's text starts. */
  line: number;
  /** The whole file (a small file, read at once). */
  whole?: boolean;
  /** The text began with a byte-order mark, left out of `text` (a first piece only). */
  bom?: boolean;
}

export interface SegmentLimits {
  /** A piece is cut at the first boundary after this many characters. */
  targetChars: number;
  /** With no boundary for this many characters, the file is refused (exit 2). */
  maxChars: number;
  /** Files larger than this are refused before reading (exit 2). */
  maxFileBytes: number;
  /** Bytes read at a time (64 KiB; tests read a few so that pieces are cut at every boundary). */
  readBytes?: number;
  /**
   * Files up to this size are read at once and analysed as one piece, without scanning for
   * boundaries (absent or 0: always in pieces).
   */
  wholeFileBytes?: number;
}

// 64 KiB pieces: a piece's analysis is the peak of lint's memory (256 KiB pieces of a file of one
// diagnostic per line peaked near 300 MB, 64 KiB at half that, and ran faster).
// Up to two target pieces (128 KiB) a file is one piece: no more memory than a piece cut just after
// the target, and a first run's cold code neither scans every line nor drives a read stream
// (a few ms of the 1,000-statement `svcsql lint`).
export const SEGMENT_LIMITS: SegmentLimits = {
  targetChars: 64 * 1024,
  maxChars: 16 * 1024 * 1024,
  maxFileBytes: 2 * 1024 * 1024 * 1024,
  wholeFileBytes: 128 * 1024,
};

/** Why a file cannot be analysed piece by piece; the CLI exits 2 with the message. */
export class FileTooLargeError extends Error {}

/** What the CLI says of a file it could not read or cut into pieces (after its path; exit 2). */
export function readProblem(err: unknown): string {
  return err instanceof FileTooLargeError ? err.message : `cannot read (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
}

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
  private inComment = false;

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

/** The file's text in pieces, each ending at a statement boundary (the last one at the end of the file). */
export async function* readSegments(file: string, limits: SegmentLimits = SEGMENT_LIMITS): AsyncGenerator<Segment> {
  // Synchronous, as the small file's read below: a lint of small files starts no thread pool (files.ts).
  const info = statSync(file);
  if (info.size > limits.maxFileBytes) {
    throw new FileTooLargeError(
      `too large to read (${Math.round(info.size / 1048576)} MB; the limit is ${Math.round(limits.maxFileBytes / 1048576)} MB)`,
    );
  }
  largeInput.inputToRead(info.size);
  if (info.size <= (limits.wholeFileBytes ?? 0)) {
    // Blocking for 128 KiB is shorter than the stream's round trips.
    const text = readFileSync(file, 'utf8');
    yield text.charCodeAt(0) === 0xfeff ? { text: text.slice(1), line: 0, whole: true, bom: true } : { text, line: 0, whole: true };
    return;
  }
  yield* segmentsOf(decodedUtf8(fileBytes(file, limits.readBytes)), limits);
}

/**
 * The text of `chunks` (read in order: a file's, stdin's) in pieces, each ending at
 * a statement boundary, the last one at the end of the text. A byte-order mark at the start is left out.
 */
export async function* segmentsOf(
  chunks: AsyncIterable<string> | Iterable<string>,
  limits: SegmentLimits = SEGMENT_LIMITS,
): AsyncGenerator<Segment> {
  const scanner = new BoundaryScanner();
  let pending = '';
  /** pending[0..scanned) is made of complete lines already scanned; cut is the last boundary in it. */
  let scanned = 0;
  let cut = 0;
  let cutLines = 0;
  let lines = 0;
  let line = 0;
  let first = true;
  /** A byte-order mark left out, not yet said (on the first piece). */
  let bom = false;
  const breaks = /\r\n|\r(?!$)|\n/g;
  for await (const chunk of chunks) {
    let piece = chunk as string;
    if (first && piece.charCodeAt(0) === 0xfeff) {
      piece = piece.slice(1); // a BOM is not a column
      bom = true;
    }
    first = false;
    pending += piece;
    breaks.lastIndex = scanned;
    for (let m = breaks.exec(pending); m; m = breaks.exec(pending)) {
      const end = m.index + m[0].length;
      lines++;
      if (scanner.line(pending, scanned, m.index)) {
        cut = end;
        cutLines = lines;
      }
      scanned = end;
    }
    if (cut >= limits.targetChars || (cut > 0 && pending.length >= limits.maxChars)) {
      const text = (' ' + pending.slice(0, cut)).slice(1);
      yield bom ? { text, line, bom } : { text, line };
      bom = false;
      // A flat copy: a slice would keep the whole previous text alive.
      pending = (' ' + pending.slice(cut)).slice(1);
      line += cutLines;
      lines -= cutLines;
      scanned -= cut;
      cut = 0;
      cutLines = 0;
    } else if (pending.length > limits.maxChars) {
      throw new FileTooLargeError(
        `no statement boundary (';' at a line end, or a blank line) in ${Math.round(limits.maxChars / 1048576)} MB from line ${line + 1}: too large to analyse; end statements with ';'`,
      );
    }
  }
  if (pending.length || line === 0) yield bom ? { text: pending, line, bom } : { text: pending, line };
}
