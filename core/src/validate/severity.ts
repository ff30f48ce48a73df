// Severity follows certainty (docs/statements.md, "How sure we are"): what the reference or
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

const heads = new WeakMap<StatementSpec, string>();

/** The canonical head: 'CREATE FLOW'. */
export function headOf(spec: StatementSpec): string {
  let head = heads.get(spec);
  if (head === undefined) {
    head = spec.heads[0]!.join(' ');
    heads.set(spec, head);
  }
  return head;
}

// Every rule asks for the note of its statement and clauses; the catalog does not change, so each is worded once.
const notes = new WeakMap<StatementSpec, Map<ClauseSpec | undefined, string>>();

/** What to append to a message when the rule rests on a guess ('' when it is stated). */
export function guessNote(spec: StatementSpec, clause?: ClauseSpec): string {
  let bySpec = notes.get(spec);
  if (!bySpec) {
    bySpec = new Map();
    notes.set(spec, bySpec);
  }
  let note = bySpec.get(clause);
  if (note === undefined) {
    note = wordGuessNote(spec, clause);
    bySpec.set(clause, note);
  }
  return note;
}

function wordGuessNote(spec: StatementSpec, clause?: ClauseSpec): string {
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
