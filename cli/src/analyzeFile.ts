// A file's analysis piece by piece (segments.ts): each piece is analysed alone and handed over with
// file positions, then dropped, so memory holds one piece's analysis plus what the caller keeps.
import { SvcSqlDocument, type CoreDiagnostic, type Range, type StatementInfo } from '../../core/src/index';
import { readSegments, SEGMENT_LIMITS, type SegmentLimits } from './segments';

function shifted(range: Range, lines: number): Range {
  if (lines === 0) return range;
  return {
    start: { line: range.start.line + lines, character: range.start.character },
    end: { line: range.end.line + lines, character: range.end.character },
  };
}

export interface PieceAnalysis {
  /** Statements with file positions and file-wide indexes. */
  statements: StatementInfo[];
  /** Diagnostics with file positions (their fix data, which the CLI does not print, stays piece-relative). */
  diagnostics: CoreDiagnostic[];
  /** The piece's text and the file line it starts on, for a caller that reads more of it (lint's cross-file pass). */
  text: string;
  line: number;
}

/** Calls `each` with the analysis of every piece of the file, in file order. */
export async function analyzeFile(
  file: string,
  each: (piece: PieceAnalysis) => void | Promise<void>,
  limits: SegmentLimits = SEGMENT_LIMITS,
): Promise<void> {
  let index = 0;
  for await (const segment of readSegments(file, limits)) {
    const doc = new SvcSqlDocument(segment.text);
    const first = index;
    index += doc.statements().length;
    // Statements on demand: lint reads only the diagnostics, and a StatementInfo (with its range)
    // for every statement was a tenth of its analysis.
    let statements: StatementInfo[] | undefined;
    await each({
      get statements() {
        return (statements ??= doc
          .analysis()
          .statements.map((s) => ({ ...s, index: first + s.index, range: shifted(s.range, segment.line) })));
      },
      diagnostics: doc.diagnostics().map((d) => (segment.line ? { ...d, range: shifted(d.range, segment.line) } : d)),
      text: segment.text,
      line: segment.line,
    });
  }
}
