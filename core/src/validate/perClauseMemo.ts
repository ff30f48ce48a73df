// A value that depends only on a statement's spec, the head it was written with and one of its
// clauses: the catalog does not change, so each is made once per such triple and shared.
import type { ClauseSpec, StatementSpec } from '../catalog/types';

/** What the value depends on besides the clause (severity.ts's HeadContext has this shape). */
interface SpecAndHead {
  spec: StatementSpec;
  head: string;
}

/** `get(ctx, clause)` makes the value with `make` the first time and returns the same one after. */
export function perClauseMemo<C extends ClauseSpec | undefined, V>(
  make: (ctx: SpecAndHead, clause: C) => V,
): (ctx: SpecAndHead, clause: C) => V {
  const made = new WeakMap<StatementSpec, Map<string, Map<C, V>>>();
  // The statement's values, kept from its first call: a rule asks once per clause.
  let lastSpec: StatementSpec | undefined;
  let lastHead = '';
  let last: Map<C, V> | undefined;
  return (ctx, clause) => {
    let byClause = ctx.spec === lastSpec && ctx.head === lastHead ? last : undefined;
    if (!byClause) {
      let byHead = made.get(ctx.spec);
      if (!byHead) {
        byHead = new Map();
        made.set(ctx.spec, byHead);
      }
      byClause = byHead.get(ctx.head);
      if (!byClause) {
        byClause = new Map();
        byHead.set(ctx.head, byClause);
      }
      lastSpec = ctx.spec;
      lastHead = ctx.head;
      last = byClause;
    }
    let value = byClause.get(clause);
    if (value === undefined && !byClause.has(clause)) {
      value = make(ctx, clause);
      byClause.set(clause, value);
    }
    return value as V;
  };
}
