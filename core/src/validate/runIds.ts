// A job run id written without its backticks (CANCEL JOB_RUN 8f2a-…): the lexer cuts it at every
// '-' and at its leading digits, so the syntax errors it gets ("Missing '='") and the name it
// suggests (a piece of the id) say nothing useful. This replaces them by one diagnostic that says
// run ids go in backticks, with the fix that wraps the whole id.
import type { ResolvedStatement } from '../model/resolved';
import type { Span, StatementDiagnostic } from '../types';
import { isSpaceCode } from './blank';

/** What a run id may be made of when written bare: letters, digits, '_' and '-' (UUIDs, run-0123). */
const RUN_ID = /^[A-Za-z0-9_-]+/;
/** A bare name: the parser reads it whole, and the name rule's warning covers it. */
const BARE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface BareRunId {
  span: Span;
  id: string;
}

/** The run id after the head of a statement whose name goes in backticks, when it is written bare and cannot be read whole. */
export function bareRunId(resolved: ResolvedStatement, text: string): BareRunId | undefined {
  if (!resolved.spec?.name?.backticked) return undefined;
  const last = resolved.head[resolved.head.length - 1];
  if (!last) return undefined;
  let start = last.span.end;
  while (start < text.length && isSpaceCode(text.charCodeAt(start))) start++;
  // Written in backticks (most such statements): no run id to read.
  if (text.charCodeAt(start) === 96) return undefined;
  const id = RUN_ID.exec(text.slice(start, start + 200))?.[0];
  if (!id || BARE_NAME.test(id)) return undefined;
  return { span: { start, end: start + id.length }, id };
}

/** The statement's diagnostics with those about the pieces of a bare run id replaced by one about the id. */
export function withBareRunId(resolved: ResolvedStatement, text: string, diagnostics: StatementDiagnostic[]): StatementDiagnostic[] {
  const runId = bareRunId(resolved, text);
  if (!runId) return diagnostics;
  const { span, id } = runId;
  const label = resolved.spec!.name!.label;
  const head = resolved.head.map((w) => w.upper).join(' ');
  const kept = diagnostics.filter((d) => d.span.start < span.start || d.span.start >= span.end);
  kept.push({
    span,
    severity: 'error',
    code: 'run-id-not-backticked',
    message: `The ${label} after ${head} goes in backticks: \`${id}\` (unquoted, the service reads it as several words and rejects the statement).`,
    data: { replacement: `\`${id}\``, fixTitle: `Write \`${id}\`` },
  });
  return kept.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}
