// Catalog checks of one statement. Each rule lives in its own module; severity follows how sure
// the catalog is of what it checks (see severity.ts).
import type { ResolvedStatement } from '../model/resolved';
import type { Severity, StatementDiagnostic } from '../types';
import { checkClauseOrder } from './clauseOrder';
import { checkClauseConditions } from './conditions';
import { checkDuplicateClauses, checkMissingClauses, checkUnknownClauses } from './clauses';
import type { KnownContext, RuleContext } from './context';
import { checkPaths } from './paths';
import { checkSetActions } from './setActions';
import { checkName, checkUnknownStatement } from './statementHead';
import { checkStray } from './stray';
import { checkClauseValues } from './values';
import { checkWith } from './withPairs';
import { writtenHead } from '../describe';

/**
 * Every rule for a statement the catalog knows, in order. Direct calls rather than a loop over a
 * list of rules: one call site per rule stays monomorphic, so the optimising compiler inlines them.
 */
function checkKnown(known: KnownContext): void {
  checkName(known);
  checkSetActions(known);
  checkUnknownClauses(known);
  checkDuplicateClauses(known);
  checkMissingClauses(known);
  checkClauseOrder(known);
  checkClauseConditions(known);
  checkClauseValues(known);
  checkWith(known);
  checkPaths(known);
  checkStray(known);
}

/**
 * Catalog checks of one resolved statement. Spans are relative to the statement's start.
 * `head`: writtenHead(resolved.spec, resolved.head), when the caller has it already.
 */
export function validateStatement(resolved: ResolvedStatement, text: string, head?: string): StatementDiagnostic[] {
  if (!resolved.spec) {
    const ctx: RuleContext = { resolved, text, out: [] };
    checkUnknownStatement(ctx);
    return ctx.out;
  }
  const known: KnownContext = {
    resolved,
    text,
    out: [],
    spec: resolved.spec,
    head: head ?? writtenHead(resolved.spec, resolved.head),
  };
  checkKnown(known);
  if (resolved.spec.argumentsOnly) for (const d of known.out) if (!DIALECT_WIDE.has(d.code)) d.severity = atMostInformation(d.severity);
  return known.out;
}

/**
 * Rules that hold for every statement of the dialect, whatever its layout: statements separated
 * (stray-words says one starts inside another), WITH keys quoted (the reference's grammar).
 */
const DIALECT_WIDE: ReadonlySet<string> = new Set(['stray-words', 'unquoted-with-key']);

function atMostInformation(severity: Severity): Severity {
  return severity === 'error' || severity === 'warning' ? 'information' : severity;
}
