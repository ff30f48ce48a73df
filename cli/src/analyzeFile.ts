// A file's analysis piece by piece (segments.ts): each piece is analysed alone and handed over with
// file positions, then dropped, so memory holds one piece's analysis plus what the caller keeps.
// A piece is analysed once and never edited: the core's one-shot analysis (analyze), which keeps no
// statement's analysis once its diagnostics are made, rather than an editor's document, which
// keeps them all (and copies of their texts) for the edits to come.
import { analyze, type StatementInfo } from '../../core/src/document/svcSqlDocument';
import type { CoreDiagnostic, Range } from '../../core/src/types';
import { readSegments, SEGMENT_LIMITS, type Segment, type SegmentLimits } from './segments';

function shifted(range: Range, lines: number): Range {
  if (lines === 0) return range;
  return {
    start: { line: range.start.line + lines, character: range.start.character },
    end: { line: range.end.line + lines, character: range.end.character },
  };
}

export interface PieceAnalysis {
  /**
   * Statements with file positions and file-wide indexes, made when first read. Their indexes
   * count the statements of the pieces before, known once those were read: read it in every piece
   * (run) or in none (lint).
   */
  statements: StatementInfo[];
  /** Diagnostics with file positions (their fix data, which the CLI does not print, stays piece-relative). */
  diagnostics: CoreDiagnostic[];
  /** The piece's text and the file line it starts on, for a caller that reads more of it (lint's cross-file pass). */
  text: string;
  line: number;
}

/** Calls `each` with the analysis of every piece of the file, in file order. */
export function analyzeFile(
  file: string,
  each: (piece: PieceAnalysis) => void | Promise<void>,
  limits: SegmentLimits = SEGMENT_LIMITS,
): Promise<void> {
  return analyzeSegments(readSegments(file, limits), each);
}

/** analyzeFile of any text read in pieces (segments.ts): stdin's, for `svcsql lint -`. */
export async function analyzeSegments(
  segments: AsyncIterable<Segment>,
  each: (piece: PieceAnalysis) => void | Promise<void>,
): Promise<void> {
  /** Statements in the pieces before; undefined once a piece's statements went unread. */
  let index: number | undefined = 0;
  for await (const segment of segments) {
    const analysis = analyze(segment.text);
    const first = index;
    let statements: StatementInfo[] | undefined;
    await each({
      get statements() {
        if (first === undefined) throw new Error('analyzeFile: the statements of an earlier piece were not read');
        return (statements ??= analysis.statements.map((s) => ({ ...s, index: first + s.index, range: shifted(s.range, segment.line) })));
      },
      diagnostics: segment.line ? analysis.diagnostics.map((d) => ({ ...d, range: shifted(d.range, segment.line) })) : analysis.diagnostics,
      text: segment.text,
      line: segment.line,
    });
    index = index !== undefined && statements ? index + statements.length : undefined;
  }
}
