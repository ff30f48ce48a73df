// At most MAX_LISTED diagnostics of one statement are kept; the rest are counted, and one more
// diagnostic says how many. A statement of 350,000 unquoted WITH values (4 MB) had 350,000
// diagnostics, their positions and their lines held at once: `svcsql lint` peaked at 600 MB, the
// language server at 400 MB, and a 12 MB one at 1.7 GB. The cap is the editor's own per file
// (VS Code lists 1,000 problems of a file), so every statement a person writes keeps all of its.
import { SEVERITIES, type Severity, type Span, type StatementDiagnostic } from '../types';

export const MAX_LISTED = 1000;

/** What was left out of one statement's diagnostics: how many, and the most severe of them. */
export interface Unlisted {
  count: number;
  severity: Severity | undefined;
}

export function noneUnlisted(unlisted: Unlisted): void {
  unlisted.count = 0;
  unlisted.severity = undefined;
}

export function countUnlisted(unlisted: Unlisted, severity: Severity): void {
  unlisted.count++;
  if (unlisted.severity === undefined || SEVERITIES.indexOf(severity) < SEVERITIES.indexOf(unlisted.severity)) {
    unlisted.severity = severity;
  }
}

/**
 * `sorted` (in document order) cut to its first MAX_LISTED, what was cut counted with `unlisted`,
 * and after them the note of how many were left out, at `at` (the statement's head): a new list.
 * The note has the severity of the most severe one left out, so that an error the list does not
 * show still counts as one (the CLI's exit code, Run's check for errors).
 */
export function listedOnly(sorted: readonly StatementDiagnostic[], unlisted: Unlisted, at: Span): StatementDiagnostic[] {
  const kept = sorted.slice(0, MAX_LISTED);
  for (let i = MAX_LISTED; i < sorted.length; i++) countUnlisted(unlisted, sorted[i]!.severity);
  if (unlisted.count === 0) return kept;
  kept.push({
    span: at,
    severity: unlisted.severity!,
    code: 'too-many-statement-problems',
    message: `This statement has ${unlisted.count.toLocaleString('en-US')} more problems than the ${MAX_LISTED.toLocaleString('en-US')} listed (the first found): fix those, or split the statement.`,
  });
  return kept.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}
