// Clauses out of order, with the rewrite that puts them back. One rule for every statement: its WITH
// pairs come last (every syntax the vendor documents ends with WITH), and where the reference fixes
// the clause order (CREATE FLOW) the clauses follow it too. A clause whose place is not documented
// (anyPosition: TABLE_TYPE) may stand anywhere and stays put.
import type { ClauseSpec, StatementSpec } from '../catalog/types';
import type { Span } from '../types';
import { report, type KnownContext } from './context';
import { clauseExtent } from './layout';
import { guessNote, headOf, severityFor } from './severity';

interface Item {
  span: Span;
  /** Position in the catalog's order; WITH pairs come after every clause. */
  order: number;
  key: string;
  spec?: ClauseSpec;
}

/** A clause's place: its index in the catalog where the order is fixed, else 0 (any order, before WITH). */
function orderOf(spec: StatementSpec, clause: ClauseSpec): number {
  return spec.fixedOrder ? spec.clauses.indexOf(clause) : 0;
}

export function checkClauseOrder(ctx: KnownContext): void {
  const { spec, resolved, text } = ctx;
  if (!spec.fixedOrder && !(spec.with && resolved.with.length > 0)) return;
  if (inOrder(ctx)) return;
  const items: Item[] = [
    ...resolved.clauses
      .filter((c) => c.spec && !c.spec.anyPosition)
      .map((c) => ({ span: clauseExtent(c), order: orderOf(spec, c.spec!), key: c.spec!.key, spec: c.spec })),
    ...resolved.with.map((w) => ({ span: w.span, order: spec.clauses.length, key: 'WITH' })),
  ].sort((a, b) => a.span.start - b.span.start);

  const found: { item: Item; after: Item }[] = [];
  let latest: Item | undefined;
  for (const item of items) {
    if (latest && item.order < latest.order) found.push({ item, after: latest });
    if (!latest || item.order > latest.order) latest = item;
  }
  if (found.length === 0) return;

  const edits = [reorderEdit(items, text)];
  const order = spec.clauses
    .filter((c) => !c.anyPosition)
    .map((c) => c.key)
    .join(', ');
  for (const { item, after } of found) {
    const guessed = item.spec?.certainty === 'name' ? item.spec : after.spec?.certainty === 'name' ? after.spec : undefined;
    // A statement known by its name only: its layout is a guess, so its order is information at most.
    const severity = spec.openEnded ? 'information' : guessed ? 'warning' : severityFor(spec.certainty);
    const where = after.key === 'WITH' ? 'before WITH (WITH comes last)' : `before ${after.key}`;
    const note = guessed ? ` (the position of ${guessed.key} is a guess; the service may accept it)` : guessNote(ctx);
    const why = spec.fixedOrder
      ? `${headOf(ctx)} takes its clauses in the reference's order (${order})`
      : `the WITH pairs of ${headOf(ctx)} come after its clauses`;
    report(
      ctx,
      resolved.clauses.find((c) => clauseExtent(c).start === item.span.start)?.keySpan ?? item.span,
      severity,
      'clause-order',
      `${item.key} should come ${where}: ${why}${note}.`,
      {
        edits,
        fixTitle: spec.fixedOrder ? 'Put the clauses in the reference\u2019s order' : 'Move WITH to the end',
      },
    );
  }
}

/**
 * True when the known clauses and the WITHs, taken by where they start, follow the catalog's order
 * (most statements): the same test as the one below, without building and sorting the items.
 * Both lists are in source order already, so a merge walk visits them sorted.
 */
function inOrder(ctx: KnownContext): boolean {
  const { spec, resolved } = ctx;
  const clauses = resolved.clauses;
  const withs = resolved.with;
  let latest = -1;
  let c = 0;
  let w = 0;
  for (;;) {
    while (c < clauses.length && (!clauses[c]!.spec || clauses[c]!.spec!.anyPosition)) c++;
    const clause = c < clauses.length ? clauses[c]! : undefined;
    const withNode = w < withs.length ? withs[w]! : undefined;
    if (!clause && !withNode) return true;
    let order: number;
    if (clause && (!withNode || clause.span.start < withNode.span.start)) {
      order = orderOf(spec, clause.spec!);
      c++;
    } else {
      order = spec.clauses.length;
      w++;
    }
    if (order < latest) return false;
    latest = order;
  }
}

/** One edit over the clause region: each clause's text moved to the slot its order gives it; what lies between stays. */
function reorderEdit(items: readonly Item[], text: string): { span: Span; text: string } {
  const sorted = [...items].sort((a, b) => a.order - b.order || a.span.start - b.span.start);
  const region: Span = { start: items[0]!.span.start, end: items[items.length - 1]!.span.end };
  let out = '';
  let at = region.start;
  items.forEach((slot, i) => {
    out += text.slice(at, slot.span.start) + text.slice(sorted[i]!.span.start, sorted[i]!.span.end);
    at = slot.span.end;
  });
  return { span: region, text: out };
}
