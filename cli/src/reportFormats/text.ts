// `file:line:col severity code message`, one per line (1-based line and column), then a summary on
// stderr so that stdout stays one diagnostic per line.
import type { CoreDiagnostic } from '../../../core/src/index';
import type { LintReport } from '../lint';
import type { Colors } from '../output';
import { escapeControls as esc } from '../../../service/src/safeText';
import { oneBased } from './positions';
import { recentStrings } from '../../../core/src/text/repeatedStrings';

export function textReport(report: LintReport, c: Colors): string {
  return report.files.map((f) => textLines(f.path, f.diagnostics, c)).join('');
}

/** The lines of these diagnostics of the file at `path`, each ending with a line break. */
export function textLines(path: string, diagnostics: readonly CoreDiagnostic[], c: Colors): string {
  let out = '';
  const file = esc(path);
  for (const d of diagnostics) {
    const p = oneBased(d.range);
    const sev = d.severity === 'error' ? c.red(d.severity) : d.severity === 'warning' ? c.yellow(d.severity) : c.blue(d.severity);
    // Messages quote the file's string literals; paths may hold any character: both escaped.
    out += `${file}:${p.line}:${p.column} ${sev} ${c.dim(d.code)} ${shownMessage(d.message)}\n`;
  }
  return out;
}

export function summaryText(
  report: Pick<LintReport, 'errorCount' | 'warningCount' | 'otherCount'> & { files: { length: number } },
): string {
  const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const parts = [n(report.errorCount, 'error'), n(report.warningCount, 'warning')];
  if (report.otherCount) parts.push(`${report.otherCount} other`);
  return `${parts.join(', ')} in ${n(report.files.length, 'file')}.\n`;
}

export function oneLine(text: string): string {
  // The pattern tries a match at every white space character: most messages have no line break.
  return text.indexOf('\n') < 0 ? text.trim() : text.replace(/\s*\r?\n\s*/g, ' ').trim();
}

/** A message as a line shows it: one line, escaped; made once for the same warning on the next lines (recentStrings). */
const shownMessage = recentStrings((message) => esc(oneLine(message)));
