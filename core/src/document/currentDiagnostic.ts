import type { CoreDiagnostic, Position, Range } from '../types';
import type { SvcSqlDocument } from './svcSqlDocument';

const samePosition = (a: Position, b: Position) => a.line === b.line && a.character === b.character;
const sameRange = (a: Range, b: Range) => samePosition(a.start, b.start) && samePosition(a.end, b.end);

/**
 * The document's diagnostic that a client sent back (in a code action request), with its fix data:
 * the one with the same range, code and message. The language server publishes diagnostics without
 * their data (docs/architecture.md), so a quick fix is computed again from the document as it is.
 * Undefined when the document no longer has it (an edit the diagnostics have not caught up with).
 */
export function currentDiagnostic(
  doc: SvcSqlDocument,
  like: Pick<CoreDiagnostic, 'range' | 'code' | 'message'>,
): CoreDiagnostic | undefined {
  const from = doc.lines.offsetAt(like.range.start);
  const to = doc.lines.offsetAt(like.range.end);
  // A diagnostic lies in its statement or just after it (a missing clause at its end): the statements
  // the range touches, and the one before its start.
  const candidates = doc.statementsBetween(from, to);
  const before = doc.lastStatementStartingBefore(from, false);
  if (before && !candidates.some((s) => s.index === before.index)) candidates.unshift(before);
  for (const statement of candidates) {
    for (const d of statement.analysis.diagnostics) {
      if (d.code !== like.code || d.message !== like.message) continue;
      const found = doc.diagnosticOf(statement, d);
      if (sameRange(found.range, like.range)) return found;
    }
  }
  return undefined;
}
