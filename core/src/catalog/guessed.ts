// Statements known by their name only [name]: one head, no clause known for sure, other words
// tolerated (the service decides). Several families have such statements; they are written alike.
import type { StatementSpec } from './types';

export const GUESSED = 'Syntax guessed from the statement\u2019s name only.';

/** A [name] statement; `extra` adds what is guessed (its name, clauses, WITH) or overrides. */
export function guessedStatement(
  id: string,
  head: string[],
  summary: string,
  example: string,
  extra: Partial<StatementSpec> = {},
  guess: string = GUESSED,
): StatementSpec {
  return { id, heads: [head], summary, doc: `${summary} ${guess}`, certainty: 'name', clauses: [], openEnded: true, example, ...extra };
}

/**
 * The statements marked as known by their arguments only (StatementSpec.argumentsOnly): lakes,
 * databases, sources, catalogs and table services, whose settings the vendor documents outside SQL.
 */
export function argumentsOnly(specs: StatementSpec[]): StatementSpec[] {
  return specs.map((spec) => ({ ...spec, argumentsOnly: true }));
}
