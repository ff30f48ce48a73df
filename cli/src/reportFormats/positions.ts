// 1-based positions for people and CI tools. The core's positions are 0-based, in UTF-16 units,
// with an exclusive end (as LSP); SARIF's default column unit is also UTF-16 code units.
import type { Range } from '../../../core/src/index';

export interface OneBased {
  line: number;
  column: number;
  /** Exclusive end, 1-based (SARIF endColumn semantics). */
  endLine: number;
  endColumn: number;
}

export function oneBased(range: Range): OneBased {
  return {
    line: range.start.line + 1,
    column: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
  };
}
