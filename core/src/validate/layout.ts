// Where clause text goes and how it is separated, following the statement's own layout.
import type { ResolvedClause, ResolvedStatement } from '../model/resolved';
import type { Span } from '../types';

/** A clause from its key to the end of its value or of the WITH pairs it owns. */
export function clauseExtent(clause: ResolvedClause): Span {
  return { start: clause.span.start, end: Math.max(clause.span.end, clause.with?.span.end ?? 0) };
}

/** The line break and indentation before `offset` when it starts its own line, else undefined. */
export function lineIndent(text: string, offset: number): string | undefined {
  let i = offset;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  if (i === 0 || (text[i - 1] !== '\n' && text[i - 1] !== '\r')) return undefined;
  const eol = text[i - 1] === '\n' && text[i - 2] === '\r' ? '\r\n' : text[i - 1] === '\r' ? '\r' : '\n';
  return eol + text.slice(i, offset);
}

/**
 * What separates clauses in this statement: the line break and indentation of the first clause
 * (or WITH) that starts its own line, else one space.
 */
export function clauseSeparator(resolved: ResolvedStatement, text: string): string {
  const starts = [...resolved.clauses.map((c) => c.span.start), ...resolved.with.map((w) => w.span.start)].sort((a, b) => a - b);
  for (const s of starts) {
    const indent = lineIndent(text, s);
    if (indent !== undefined) return indent;
  }
  return ' ';
}
