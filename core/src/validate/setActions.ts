// How ALTER statements use SET: exactly one action (ALTER FLOW), one SET before all clauses
// (ALTER CLUSTER, ALTER OCU), or SET before every clause (ALTER JOB).
import type { SetUse } from '../catalog/types';
import type { WordNode } from '../syntax/elements';
import type { ResolvedClause } from '../model/resolved';
import type { Severity, Span } from '../types';
import { headSpan, report, type KnownContext } from './context';
import { placeholderClause } from './placeholders';
import { guessNote, headOf, severityFor } from './severity';

/** The SET word and the blanks after it, so that removing it leaves the text tidy. */
function removalOf(set: WordNode, text: string): Span {
  let end = set.span.end;
  while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  return { start: set.span.start, end };
}

export function checkSetActions(ctx: KnownContext): void {
  const { spec, resolved, text } = ctx;
  const use = spec.set ?? 'none';
  if (use === 'none') return;
  const severity = severityFor(spec.certainty);
  const head = headOf(ctx);
  const note = guessNote(ctx);
  const clauses = resolved.clauses;
  const sets = resolved.sets;
  for (let i = 0; i < sets.length; i++) {
    const set = sets[i]!;
    if (clauses.length === 0 || usedBy(clauses, set)) continue;
    report(ctx, set.span, severity, 'dangling-set', `This SET is not followed by a clause (KEY = value)${note}.`, {
      edits: [{ span: removalOf(set, text), text: '' }],
      fixTitle: 'Remove SET',
    });
  }

  if (clauses.length === 0) {
    if (spec.clauses.some((c) => c.required)) return; // the missing clause says it better
    const where = resolved.sets[0]?.span ?? headSpan(ctx);
    const example =
      use === 'oneAction'
        ? 'one SET action, such as SET STATE = PAUSE'
        : `at least one SET clause, such as SET ${spec.clauses[0] ? placeholderClause(spec.clauses[0]) : "KEY = 'value'"}`;
    report(ctx, where, severity, use === 'oneAction' ? 'missing-set-action' : 'empty-set', `${head} needs ${example}${note}.`);
    return;
  }

  switch (use) {
    case 'oneAction':
      if (!clauses[0]!.set) missingSet(ctx, clauses[0]!, use, severity, note);
      for (let i = 1; i < clauses.length; i++) {
        const extra = clauses[i]!;
        report(
          ctx,
          extra.keySpan,
          severity,
          'several-set-actions',
          `${head} takes exactly one SET action; send ${extra.key} in its own ${head} statement${note}.`,
        );
      }
      break;
    case 'once':
      if (!clauses[0]!.set) missingSet(ctx, clauses[0]!, use, severity, note);
      for (let i = 1; i < clauses.length; i++) {
        const c = clauses[i]!;
        if (!c.set) continue;
        report(
          ctx,
          c.set.span,
          'warning',
          'extra-set',
          `${head} takes one SET followed by all its clauses; this second SET may be rejected${note}.`,
          {
            edits: [{ span: removalOf(c.set, text), text: '' }],
            fixTitle: 'Remove SET',
          },
        );
      }
      break;
    case 'each':
      for (const c of clauses) if (!c.set) missingSet(ctx, c, use, severity, note);
      break;
  }
}

/** True when a clause follows this SET (a loop: a set of them was made for every statement with SET). */
function usedBy(clauses: readonly ResolvedClause[], set: WordNode): boolean {
  for (let i = 0; i < clauses.length; i++) if (clauses[i]!.set === set) return true;
  return false;
}

/** The clause lacks its SET (a plain function: it was a closure made for every statement with SET). */
function missingSet(ctx: KnownContext, c: ResolvedClause, use: SetUse, severity: Severity, note: string): void {
  report(
    ctx,
    c.keySpan,
    severity,
    'missing-set',
    `Write SET before ${c.key}: ${headOf(ctx)} ${use === 'each' ? 'puts SET before every clause' : 'takes SET before its clauses'}${note}.`,
    {
      insert: { offset: c.span.start, text: 'SET ' },
      fixTitle: `Insert SET before ${c.key}`,
    },
  );
}
