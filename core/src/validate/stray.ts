// Words nothing in the statement accounts for. Statements whose layout is partly unknown
// (openEnded) tolerate them, unless they look like the start of another statement.
import { verbs } from '../catalog/index';
import type { ElementNode, WordNode } from '../syntax/elements';
import { cover, nearSyntaxIssue, report, type KnownContext } from './context';
import { lineIndent } from './layout';
import { expectedInWords } from '../describe';
import { guessNote, headOf, severityFor } from './severity';
import { suggestHead } from './statementHead';

/** Runs of stray elements with nothing else between them. */
function runs(elements: readonly ElementNode[], stray: readonly ElementNode[]): WordNode[][] {
  const strays = new Set(stray);
  const out: WordNode[][] = [];
  let current: WordNode[] = [];
  for (const e of elements) {
    if (strays.has(e) && e.kind === 'word') current.push(e);
    else if (current.length) {
      out.push(current);
      current = [];
    }
  }
  if (current.length) out.push(current);
  return out;
}

export function checkStray(ctx: KnownContext): void {
  const { spec, resolved, text } = ctx;
  if (resolved.stray.length === 0) return;
  for (const run of runs(resolved.parsed.elements, resolved.stray)) {
    const span = cover(run[0]!.span, run[run.length - 1]!.span);
    if (nearSyntaxIssue(ctx, span)) continue;
    const words = run.map((w) => w.text);
    const shown = words.join(' ');
    const startsLine = lineIndent(text, span.start) !== undefined;
    const head = startsLine ? suggestHead(words) : undefined;
    if (startsLine && (head || verbs().has(run[0]!.upper))) {
      const meant = head ? ` (${head.head.join(' ')}?)` : '';
      report(
        ctx,
        span,
        'warning',
        'stray-words',
        `${shown} looks like the start of another statement${meant}; separate statements with ';' or a blank line.`,
      );
      continue;
    }
    if (spec.openEnded) continue;
    const clause = spec.clauses.find((c) => (c.form ?? 'assign') === 'assign' && c.key === run[0]!.upper);
    const message = clause
      ? `${clause.key} is a clause of ${headOf(ctx)}: write ${clause.key} = ${expectedInWords(clause.value)}`
      : `Unexpected ${run.length > 1 ? 'words' : 'word'} ${shown}: nothing in ${headOf(ctx)} accounts for ${run.length > 1 ? 'them' : 'it'}`;
    report(ctx, span, severityFor(spec.certainty), 'stray-words', `${message}${guessNote(ctx)}.`);
  }
}
