// `svcsql lint`: the diagnostics the editor shows, for files on disk.
import { readFile } from 'node:fs/promises';
import { analyze, type CoreDiagnostic } from '../../core/src/index';
import { CrossFilePass } from './crossFile';
import { EXIT } from './exitCodes';
import { collectFiles, displayPath } from './files';

export interface FileReport {
  /** Relative to the working directory, forward slashes. */
  path: string;
  diagnostics: CoreDiagnostic[];
}

export interface LintReport {
  files: FileReport[];
  /** Files or arguments that could not be read: each makes the exit code 2. */
  problems: string[];
  notes: string[];
  errorCount: number;
  warningCount: number;
  /** information + hint */
  otherCount: number;
}

export function readSource(text: string): string {
  // A byte-order mark is not a column of line 1 in any editor.
  return text.replace(/^\uFEFF/, '');
}

export interface LintOptions {
  /** Report references to names no linted file creates (svcsql.diagnostics.unresolvedReferences in the editor). */
  unresolvedReferences?: boolean;
}

export async function lintPaths(args: string[], options: LintOptions = {}): Promise<LintReport> {
  const crossFile = options.unresolvedReferences ? new CrossFilePass() : undefined;
  const set = await collectFiles(args);
  const report: LintReport = { files: [], problems: [...set.problems], notes: set.notes, errorCount: 0, warningCount: 0, otherCount: 0 };
  for (const file of set.files) {
    let text: string;
    try {
      text = readSource(await readFile(file, 'utf8'));
    } catch (err) {
      report.problems.push(`${displayPath(file)}: cannot read (${(err as NodeJS.ErrnoException).code ?? 'error'}).`);
      continue;
    }
    const diagnostics = [...analyze(text).diagnostics].sort(
      (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
    );
    for (const d of diagnostics) {
      if (d.severity === 'error') report.errorCount++;
      else if (d.severity === 'warning') report.warningCount++;
      else report.otherCount++;
    }
    report.files.push({ path: displayPath(file), diagnostics });
    crossFile?.add(displayPath(file), text);
  }
  crossFile?.report(report);
  return report;
}

export function lintExitCode(report: LintReport, maxWarnings: number | undefined): number {
  if (report.problems.length) return EXIT.usage;
  if (report.errorCount > 0) return EXIT.failed;
  if (maxWarnings !== undefined && report.warningCount > maxWarnings) return EXIT.failed;
  return EXIT.ok;
}
