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

/**
 * At most this many words of a run are quoted in its message, then how many there are: a generated
 * statement of 200,000 stray words had one message of 600 KB.
 */
export const MAX_SHOWN_WORDS = 8;

function shownWords(run: readonly WordNode[]): string {
  if (run.length <= MAX_SHOWN_WORDS) return run.map((w) => w.text).join(' ');
  const first = run.slice(0, MAX_SHOWN_WORDS).map((w) => w.text);
  return `${first.join(' ')} … (${run.length.toLocaleString('en-US')} words)`;
}

export function checkStray(ctx: KnownContext): void {
  const { spec, resolved, text } = ctx;
  if (resolved.stray.length === 0) return;
  for (const run of runs(resolved.parsed.elements, resolved.stray)) {
    const span = cover(run[0]!.span, run[run.length - 1]!.span);
    if (nearSyntaxIssue(ctx, span)) continue;
    const shown = shownWords(run);
    const startsLine = lineIndent(text, span.start) !== undefined;
    // suggestHead reads no further than the longest head (fewer words than are shown).
    const head = startsLine ? suggestHead(run.slice(0, MAX_SHOWN_WORDS).map((w) => w.text)) : undefined;
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
