// Severity follows certainty (docs/statements.md, "How sure we are"): what the reference or
// published code states is an error; what is only seen or guessed is a warning, and says so.
import type { Certainty, ClauseSpec, StatementSpec } from '../catalog/types';
import type { Severity } from '../types';
import { perClauseMemo } from './perClauseMemo';

export function isStated(certainty: Certainty): boolean {
  return certainty === 'ref' || certainty === 'code';
}

export function severityFor(certainty: Certainty): Severity {
  return isStated(certainty) ? 'error' : 'warning';
}

export function clauseCertainty(spec: StatementSpec, clause: ClauseSpec | undefined): Certainty {
  return clause?.certainty ?? spec.certainty;
}

/** What the rules need to word a note: the statement's spec and the head it was written with. */
export interface HeadContext {
  spec: StatementSpec;
  head: string;
}

/** The head to name in messages about this statement. */
export function headOf(ctx: HeadContext): string {
  return ctx.head;
}

/** What to append to a message when the rule rests on a guess ('' when it is stated). Every rule
 * asks for the note of its statement and clauses: each is worded once per head written. */
export const guessNote: (ctx: HeadContext, clause?: ClauseSpec) => string = perClauseMemo(
  (ctx: HeadContext, clause: ClauseSpec | undefined) => wordGuessNote(ctx, clause),
);

function wordGuessNote(ctx: HeadContext, clause?: ClauseSpec): string {
  const { spec, head } = ctx;
  if (clause?.certainty === 'name' && spec.certainty !== 'name') {
    return ` (${clause.key} is guessed from its name only; the service may accept it)`;
  }
  switch (clauseCertainty(spec, clause)) {
    case 'seen':
      return ` (${head} is only known from an example; the service may accept it)`;
    case 'name':
      return ` (the syntax of ${head} is guessed; the service may accept it)`;
    default:
      return '';
  }
}
