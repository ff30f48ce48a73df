// One statement of a document as the incremental re-analysis keeps it, with the position cache
// the document fills in lazily.
import type { StatementAnalysis } from '../statementAnalysis';
import type { CoreDiagnostic, Range } from '../types';

/** Something converted to line/character positions, valid while its statement keeps its analysis and start column. */
export interface Positioned<V> {
  analysis: StatementAnalysis;
  start: number;
  line: number;
  character: number;
  value: V;
}

/** One statement of the document (internal; offsets shift in place on edits). */
export interface Entry {
  start: number;
  end: number;
  analysis: StatementAnalysis;
  /**
   * True when the statement's own tokens bound the splitter's look-ahead from its first token
   * (a non-word token, or six words): then whether it opens a statement does not depend on
   * anything after it, and an incremental relex may start at it.
   */
  contained: boolean;
  /** `offsets`: some diagnostic's data holds absolute offsets (fix edits), so it changes when the statement moves at all. */
  diagnostics?: Positioned<CoreDiagnostic[]> & { shiftable: boolean; offsets: boolean };
  range?: Positioned<Range>;
}
