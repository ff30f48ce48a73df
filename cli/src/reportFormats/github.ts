// --format github: GitHub Actions workflow commands, which the runner turns into annotations.
// https://docs.github.com/actions/reference/workflow-commands-for-github-actions
import type { CoreDiagnostic } from '../../../core/src/index';
import type { LintReport } from '../lint';
import { escapeControls } from '../../../service/src/safeText';
import { recentStrings, repeatedStrings } from '../../../core/src/text/repeatedStrings';

const COMMAND: Record<CoreDiagnostic['severity'], string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/** Escaping of the message part; other control characters are shown as escapes (\x1b). */
export function escapeData(s: string): string {
  return escapeControls(s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

/** Escaping of property values (also , and :). */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

// Made once for a rule's code written on many lines, and for a message written again soon (the same warning on the next lines).
const codeTitle = repeatedStrings((code) => escapeProperty(`svcsql ${code}`));
const messageData = recentStrings(escapeData);

export function githubReport(report: LintReport): string {
  return report.files.map((f) => githubLines(f.path, f.diagnostics)).join('') + githubProblemLines(report.problems);
}

/** The annotations of these diagnostics of the file at `path`, each ending with a line break. */
export function githubLines(path: string, diagnostics: readonly CoreDiagnostic[]): string {
  let out = '';
  const file = escapeProperty(path);
  for (const d of diagnostics) {
    const { start, end } = d.range;
    // GitHub's end column is inclusive: the core's exclusive 0-based end is that number.
    const endColumn = Math.max(start.character + 1, end.character);
    const props = [
      `file=${file}`,
      `line=${start.line + 1}`,
      `col=${start.character + 1}`,
      `endLine=${end.line + 1}`,
      `endColumn=${endColumn}`,
      `title=${codeTitle(d.code)}`,
    ];
    out += `::${COMMAND[d.severity]} ${props.join(',')}::${messageData(d.message)}\n`;
  }
  return out;
}

/** Files that could not be read, as error annotations. */
export function githubProblemLines(problems: readonly string[]): string {
  return problems.map((p) => `::error title=svcsql::${escapeData(p)}\n`).join('');
}
