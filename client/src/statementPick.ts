// Which statements a Run Statement command sends: those a selection overlaps, or the one at the
// cursor. Boundaries come from the language server's `svcsql/statements` request.
import type { StatementEntry } from '../../protocol/src/lspExtensions';
import type { Span } from './history';
import { cmp, contains, overlaps } from './positions';

/** One statement as returned by `svcsql/statements`. */
export type ServerStatement = StatementEntry;

/**
 * A non-empty selection runs every statement it overlaps, in file order (a partial selection
 * runs the whole statement: a fragment is not a statement the service can take).
 * An empty selection runs the statement containing the cursor; a cursor after a statement's
 * end on the same line (e.g. after ';') runs that statement; elsewhere nothing.
 */
export function pickStatements<S extends { range: Span }>(statements: readonly S[], selection: Span): S[] {
  const sorted = [...statements].sort((a, b) => cmp(a.range.start, b.range.start));
  if (cmp(selection.start, selection.end) !== 0) {
    return sorted.filter((s) => overlaps(s.range, selection) || (isEmptySpan(s.range) && contains(selection, s.range.start)));
  }
  const at = selection.start;
  const inside = sorted.filter((s) => contains(s.range, at));
  // Two statements can share a boundary position ("a;b"): prefer the one starting there.
  if (inside.length) return [inside[inside.length - 1]!];
  const before = sorted.filter((s) => s.range.end.line === at.line && cmp(s.range.end, at) <= 0);
  return before.length ? [before[before.length - 1]!] : [];
}

function isEmptySpan(s: Span): boolean {
  return cmp(s.start, s.end) === 0;
}

/** First words of a statement for labels: whitespace collapsed, cut at `max` chars. */
export function firstWords(text: string, max = 48): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
