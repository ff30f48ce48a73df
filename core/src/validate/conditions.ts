// Clauses that depend on another clause's value (the flow's write mode): one that applies only to
// some values (PERFORMANCE_PROFILE for append-only flows), one that is needed for some values
// (RECORD_KEY_FIELDS for MUTABLE flows). Each rule names its source; where another vendor source
// breaks it in its own example, it is a warning that names the page, never an error.
import type { ClauseCondition, ClauseSpec } from '../catalog/types';
import type { ResolvedClause } from '../model/resolved';
import { headSpan, report, type KnownContext } from './context';
import { clauseExtent, clauseSeparator } from './layout';
import { insertionFor } from './clauses';
import { clauseCertainty, headOf, severityFor } from './severity';

/** The upper-case, unquoted value of the statement's clause `key`, when it is one scalar value. */
function valueOf(ctx: KnownContext, key: string): string | undefined {
  const clause = clauseWithKey(ctx.resolved.clauses, key);
  const value = clause?.value;
  return value && value.kind !== 'list' ? value.value.toUpperCase() : undefined;
}

/** The first clause whose catalog key is `key` (a loop: no closure per clause looked at). */
function clauseWithKey(clauses: readonly ResolvedClause[], key: string): ResolvedClause | undefined {
  for (let i = 0; i < clauses.length; i++) if (clauses[i]!.spec?.key === key) return clauses[i];
  return undefined;
}

/** True when a clause is written with the key `key` (its catalog key, or as written). */
function hasClause(clauses: readonly ResolvedClause[], key: string): boolean {
  for (let i = 0; i < clauses.length; i++) if ((clauses[i]!.spec?.key ?? clauses[i]!.key) === key) return true;
  return false;
}

/** Where the rule comes from, for the end of a message. */
function sourceNote(condition: ClauseCondition): string {
  const { source, disputedBy } = condition;
  const stated = `${source.page}: "${source.says}"`;
  return disputedBy ? `${stated}; an example on the ${disputedBy.page} does otherwise, so the service may accept it` : stated;
}

function severityOf(ctx: KnownContext, clause: ClauseSpec, condition: ClauseCondition) {
  return condition.disputedBy ? 'warning' : severityFor(clauseCertainty(ctx.spec, clause));
}

export function checkClauseConditions(ctx: KnownContext): void {
  const { spec, resolved } = ctx;
  const clauses = resolved.clauses;
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i]!;
    const condition = clause.spec?.onlyWhen;
    if (!condition) continue;
    const value = valueOf(ctx, condition.clause);
    // No value, or one the enum check reports: nothing to say about the dependency.
    if (value === undefined || condition.values.includes(value) || !knownValue(ctx, condition.clause, value)) continue;
    report(
      ctx,
      clause.keySpan,
      severityOf(ctx, clause.spec!, condition),
      'inapplicable-clause',
      `${clause.spec!.key} is only for ${condition.what}, and this one has ${condition.clause} '${value}' (${sourceNote(condition)}).`,
      { edits: [{ span: removalSpan(ctx, clause), text: '' }], fixTitle: `Remove ${clause.spec!.key}` },
    );
  }
  if (resolved.parsed.issues.length > 0) return; // the clauses are not reliably known
  const specs = spec.clauses;
  for (let i = 0; i < specs.length; i++) {
    const clauseSpec = specs[i]!;
    const condition = clauseSpec.requiredWhen;
    if (!condition) continue;
    const value = valueOf(ctx, condition.clause);
    if (value === undefined || !condition.values.includes(value)) continue;
    if (hasClause(clauses, clauseSpec.key)) continue;
    report(
      ctx,
      headSpan(ctx),
      severityOf(ctx, clauseSpec, condition),
      'missing-clause',
      `${headOf(ctx)} needs ${clauseSpec.key} for ${condition.what} (${sourceNote(condition)}).`,
      { insert: insertionFor(ctx, clauseSpec, clauseSeparator(resolved, ctx.text)), fixTitle: `Add ${clauseSpec.key}` },
    );
  }
}

/** True when the catalog lists the value for the clause (an unknown value is the enum check's to report). */
function knownValue(ctx: KnownContext, key: string, value: string): boolean {
  const shape = ctx.spec.clauses.find((c) => c.key === key)?.value;
  return shape?.kind !== 'enum' || shape.values.some((v) => v.value.toUpperCase() === value);
}

/** The clause with the blanks before it, so that removing it leaves the layout as it was. */
function removalSpan(ctx: KnownContext, clause: ResolvedClause) {
  const extent = clauseExtent(clause);
  let start = extent.start;
  while (start > 0 && /[ \t\r\n]/.test(ctx.text[start - 1]!)) start--;
  return { start, end: extent.end };
}
