// How ALTER statements use SET: exactly one action (ALTER FLOW), one SET before all clauses
// (ALTER CLUSTER, ALTER OCU), or SET before every clause (ALTER JOB).
import type { WordNode } from '../syntax/elements';
import type { Span } from '../types';
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
  const used = resolved.sets.length > 0 ? new Set(clauses.map((c) => c.set).filter((s): s is WordNode => !!s)) : undefined;

  for (const set of resolved.sets) {
    if (used!.has(set) || clauses.length === 0) continue;
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

  const missingSet = (c: (typeof clauses)[number]) =>
    report(
      ctx,
      c.keySpan,
      severity,
      'missing-set',
      `Write SET before ${c.key}: ${head} ${use === 'each' ? 'puts SET before every clause' : 'takes SET before its clauses'}${note}.`,
      {
        insert: { offset: c.span.start, text: 'SET ' },
        fixTitle: `Insert SET before ${c.key}`,
      },
    );

  switch (use) {
    case 'oneAction':
      if (!clauses[0]!.set) missingSet(clauses[0]!);
      for (const extra of clauses.slice(1)) {
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
      if (!clauses[0]!.set) missingSet(clauses[0]!);
      for (const c of clauses.slice(1)) {
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
      for (const c of clauses) if (!c.set) missingSet(c);
      break;
  }
}
