// Severity follows certainty (shared/dialect.md, "Design consequence"): what the reference or
// published code states is an error; what is only seen or guessed is a warning, and says so.
import type { Certainty, ClauseSpec, StatementSpec } from '../catalog/types';
import type { Severity } from '../types';

export function isStated(certainty: Certainty): boolean {
  return certainty === 'ref' || certainty === 'code';
}

export function severityFor(certainty: Certainty): Severity {
  return isStated(certainty) ? 'error' : 'warning';
}

export function clauseCertainty(spec: StatementSpec, clause: ClauseSpec | undefined): Certainty {
  return clause?.certainty ?? spec.certainty;
}

/** The canonical head: 'CREATE FLOW'. */
export function headOf(spec: StatementSpec): string {
  return spec.heads[0]!.join(' ');
}

/** What to append to a message when the rule rests on a guess ('' when it is stated). */
export function guessNote(spec: StatementSpec, clause?: ClauseSpec): string {
  if (clause?.certainty === 'name' && spec.certainty !== 'name') {
    return ` (${clause.key} is guessed from its name only; the service may accept it)`;
  }
  switch (clauseCertainty(spec, clause)) {
    case 'seen':
      return ` (${headOf(spec)} is only known from an example; the service may accept it)`;
    case 'name':
      return ` (the syntax of ${headOf(spec)} is guessed; the service may accept it)`;
    default:
      return '';
  }
}
