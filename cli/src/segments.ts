// Reads a .svcsql file in pieces that can be analysed one at a time, so that lint and run need
// memory for one piece (and what they print), not for the whole file's analysis.
//
// A piece ends only where the file's statement splitting certainly ends a statement too, so the
// pieces' analyses are exactly the file's: after a blank line, or after a line whose last token is
// ';' (test/cli/segments.test.ts compares both). Only block comments span lines in this dialect
// (strings, backticked names and -- comments end at their line), so a small line scanner knows
// when it stands outside every token (pieceEnds.ts). Pieces start at a line start: columns are the
// file's, lines shift by the piece's first line.
import { readFileSync, statSync } from 'node:fs';
import { decodedUtf8, fileBytes } from './fileChunks';
import { countLineBreaksIn } from '../../core/src/syntax/lex';
import { boundaryEnds, PieceEnds } from './pieceEnds';
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

// Pieces of 128 KiB or so: a piece's analysis is the peak of lint's memory (pieces of 256 KiB of a
// file of one diagnostic per line peaked near 300 MB, of 128 at half that, and ran faster). Pieces of
// 64 KiB took 1.035x the time of a lint of 100,000 statements (alternated pairs), for 3 MB less.
// (Until pieces were cut at the first boundary after the target, a 64 KiB target gave pieces of 128
// or so: the last boundary in what had been read when the target was passed.)
// Up to one target piece a file is one piece, read at once: a first run's cold code neither cuts
// lines nor reads chunks (a few ms of the 1,000-statement `svcsql lint`).
export const SEGMENT_LIMITS: SegmentLimits = {
  targetChars: 128 * 1024,
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

/** Characters of text handed to the search for a piece's end, in all: for the tests (segmentsOf keeps it linear). */
export const segmentWork = { searched: 0 };

/**
 * The text of `chunks` (read in order: a file's, stdin's) in pieces, each ending at
 * a statement boundary, the last one at the end of the text. A byte-order mark at the start is left out.
 */
export async function* segmentsOf(
  chunks: AsyncIterable<string> | Iterable<string>,
  limits: SegmentLimits = SEGMENT_LIMITS,
): AsyncGenerator<Segment> {
  const ends = new PieceEnds(limits.targetChars);
  let pending = '';
  let line = 0;
  let first = true;
  /** A byte-order mark left out, not yet said (on the first piece). */
  let bom = false;
  /**
   * The length the text not yet cut must reach before its end is searched again. A search reads
   * the text, and a text grown by `+=` is copied flat when read: with no piece end for a long
   * stretch (a statement of megabytes) a search after every chunk copied the stretch once a chunk,
   * 1.1 s of the lint of a 14 MB statement. Past twice the target (a piece is cut a line after it
   * where it can be), searched again once it has grown by half, it is copied a few times in all.
   * The pieces are the same: a search finds the first end after the target in whatever has been
   * read, and the end of the input is searched too.
   */
  let searchAt = 0;
  function* cut(): Generator<Segment> {
    for (;;) {
      segmentWork.searched += pending.length;
      let end = ends.next(pending);
      // No boundary after the target for too long: cut at the last one before it, if any.
      if (end === 0 && pending.length >= limits.maxChars) end = boundaryEnds(pending).at(-1) ?? 0;
      if (end === 0) break;
      const text = (' ' + pending.slice(0, end)).slice(1);
      yield bom ? { text, line, bom } : { text, line };
      bom = false;
      // A slice: the next chunk's concatenation is flattened into a new text (the search for the
      // next piece's end reads it), which lets the previous one go.
      pending = pending.slice(end);
      ends.shift(end);
      line += countLineBreaksIn(text, 0, text.length);
    }
    searchAt = pending.length > 2 * limits.targetChars ? pending.length + (pending.length >> 1) : 0;
  }
  for await (const chunk of chunks) {
    let piece = chunk as string;
    if (first && piece.charCodeAt(0) === 0xfeff) {
      piece = piece.slice(1); // a BOM is not a column
      bom = true;
    }
    first = false;
    pending += piece;
    if (pending.length < searchAt && pending.length < limits.maxChars) continue;
    yield* cut();
    if (pending.length > limits.maxChars) {
      throw new FileTooLargeError(
        `no statement boundary (';' at a line end, or a blank line) in ${Math.round(limits.maxChars / 1048576)} MB from line ${line + 1}: too large to analyse; end statements with ';'`,
      );
    }
  }
  yield* cut();
  if (pending.length || line === 0) yield bom ? { text: pending, line, bom } : { text: pending, line };
}
