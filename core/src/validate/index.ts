// Catalog checks of one statement. Each rule lives in its own module; severity follows how sure
// the catalog is of what it checks (see severity.ts).
import type { ResolvedStatement } from '../model/resolved';
import type { StatementDiagnostic } from '../types';
import { checkClauseOrder } from './clauseOrder';
import { checkClauseConditions } from './conditions';
import { checkDuplicateClauses, checkMissingClauses, checkUnknownClauses } from './clauses';
import type { KnownContext } from './context';
import type { Unlisted } from './unlisted';
import { checkPaths } from './paths';
import { checkSetActions } from './setActions';
import { checkName, checkUnknownStatement } from './statementHead';
import { checkStray } from './stray';
import { checkClauseValues } from './values';
import { planOf } from './statementPlan';
import { checkWith } from './withPairs';
import { writtenHead } from '../describe';

/**
 * Every rule for a statement the catalog knows, in order. Direct calls rather than a loop over a
 * list of rules: one call site per rule stays monomorphic, so the optimising compiler inlines them.
 * A rule that cannot say anything about this statement (its kind has nothing the rule checks, or
 * the statement has nothing the rule looks at: the rule's own first test) is not called.
 */
function checkKnown(known: KnownContext): void {
  const { spec, resolved } = known;
  const plan = planOf(spec);
  const clauses = resolved.clauses;
  let unknown = false;
  let clauseWith = false;
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i]!;
    if (!clause.spec) unknown = true;
    if (clause.with) clauseWith = true;
  }
  if (spec.name) checkName(known);
  if (spec.set && spec.set !== 'none') checkSetActions(known);
  if (unknown) checkUnknownClauses(known);
  if (clauses.length > 1) checkDuplicateClauses(known);
  if (plan.required.length > 0) checkMissingClauses(known);
  checkClauseOrder(known);
  if (plan.conditions) checkClauseConditions(known);
  if (clauses.length > 0) checkClauseValues(known);
  if (clauseWith || plan.flagWith || resolved.with.length > 0) checkWith(known);
  if (plan.paths) checkPaths(known);
  if (resolved.stray.length > 0) checkStray(known);
}

/** One context and one list for every statement validateShared checks (it is not re-entered). */
const shared: KnownContext = {
  resolved: undefined!,
  text: '',
  out: [],
  unlisted: { count: 0, severity: undefined },
  argumentsOnly: false,
  spec: undefined!,
  head: '',
};

/**
 * Catalog checks of one resolved statement. Spans are relative to the statement's start.
 * `head`: writtenHead(resolved.spec, resolved.head), when the caller has it already.
 */
export function validateStatement(resolved: ResolvedStatement, text: string, head?: string): StatementDiagnostic[] {
  return validateShared(resolved, text, head, { count: 0, severity: undefined }).slice();
}

/**
 * Statements of a kind the catalog knows validated in this process: the CLI's code cache entry says
 * whether the run that wrote it compiled the validation (cli/src/cacheParts.ts).
 */
export const validations = { known: 0 };

/**
 * validateStatement into a list shared by every call: the caller reads (or copies) it before the
 * next call. analyzeParsed copies what it keeps anyway; a context and a list per statement were
 * garbage for every clean one. The list holds at most MAX_LISTED (unlisted.ts); `unlisted` counts
 * the rest.
 */
export function validateShared(
  resolved: ResolvedStatement,
  text: string,
  head: string | undefined,
  unlisted: Unlisted,
): StatementDiagnostic[] {
  const ctx = shared;
  ctx.resolved = resolved;
  ctx.text = text;
  ctx.out.length = 0;
  ctx.unlisted = unlisted;
  ctx.argumentsOnly = resolved.spec?.argumentsOnly === true;
  if (!resolved.spec) {
    checkUnknownStatement(ctx);
    return ctx.out;
  }
  ctx.spec = resolved.spec;
  ctx.head = head ?? writtenHead(resolved.spec, resolved.head);
  validations.known++;
  checkKnown(ctx);
  return ctx.out;
}
