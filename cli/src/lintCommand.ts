// `svcsql lint`'s action: lint the paths, print the report in the chosen format, set the exit code.
import { markPartUsed, PART } from './cacheParts';
import { lintExitCode, lintStream } from './lint';
import { lintSink } from './lintSinks';
import { colorsFor, writeErr, writeOutInTurn } from './output';
import { summaryText } from './reportFormats/text';
import { escapeControls } from '../../service/src/safeText';
import { INFORMATION_URI, VERSION } from './version';

export interface LintFlags {
  format: string;
  maxWarnings?: number;
  unresolvedReferences?: boolean;
}

/** `color`: false when --no-color was given (colorsFor also looks at NO_COLOR and the terminal). */
export async function lintCommand(paths: string[], opts: LintFlags, color: boolean): Promise<void> {
  markPartUsed(PART.lint);
  const colors = colorsFor(1, color);
  const sink = lintSink(opts.format, { colors, tool: { version: VERSION, informationUri: INFORMATION_URI }, write: writeOutInTurn });
  const report = await lintStream(paths, { unresolvedReferences: opts.unresolvedReferences }, sink);
  for (const p of report.problems) writeErr(`svcsql: ${escapeControls(p)}\n`);
  for (const n of report.notes) writeErr(`svcsql: ${escapeControls(n)}\n`);
  if (opts.format === 'text') writeErr(summaryText({ ...report, files: { length: report.files } }));
  const code = lintExitCode(report, opts.maxWarnings);
  if (opts.maxWarnings !== undefined && report.errorCount === 0 && report.warningCount > opts.maxWarnings) {
    writeErr(`svcsql: ${report.warningCount} warnings exceed --max-warnings ${opts.maxWarnings}.\n`);
  }
  process.exitCode = code;
}
