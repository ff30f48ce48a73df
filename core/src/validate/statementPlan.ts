// Which of the rules can say anything about a statement of a given kind, worked out from its
// catalog spec once: most statements are clean, and a rule that cannot apply to the kind (no
// required clause, no clause that depends on another, no path) was still called and walked the
// statement's clauses for every statement.
import type { ClauseSpec, StatementSpec } from '../catalog/types';

export interface StatementPlan {
  /** The spec's required clauses (checkMissingClauses has nothing to say without one). */
  required: readonly ClauseSpec[];
  /** Some clause applies only with, or is needed for, another clause's value (checkClauseConditions). */
  conditions: boolean;
  /** Some clause's value is a path, or the kind checks bucket-like values (checkPaths). */
  paths: boolean;
  /** Some flag clause takes WITH pairs (checkWith reports one written without them). */
  flagWith: boolean;
}

const plans = new WeakMap<StatementSpec, StatementPlan>();

export function planOf(spec: StatementSpec): StatementPlan {
  let plan = plans.get(spec);
  if (!plan) {
    const clauses = spec.clauses;
    plan = {
      required: clauses.filter((c) => c.required),
      conditions: clauses.some((c) => c.onlyWhen || c.requiredWhen),
      paths: !!spec.bucketPaths || clauses.some((c) => c.value?.kind === 'string' && !!c.value.path),
      flagWith: clauses.some((c) => c.form === 'flag' && !!c.with),
    };
    plans.set(spec, plan);
  }
  return plan;
}
