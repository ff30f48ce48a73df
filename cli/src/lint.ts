// `svcsql lint`: the diagnostics the editor shows, for files on disk.
import type { CoreDiagnostic, ObjectOccurrence } from '../../core/src/index';
import { analyzeFile } from './analyzeFile';
import { CrossFilePass } from './crossFile';
import { EXIT } from './exitCodes';
import { collectFiles, displayPath } from './files';
import type { FileReport, LintReport } from './lintReport';
import { FileTooLargeError } from './segments';

export type { FileReport, LintReport };

export interface LintOptions {
  /** Report references to names no linted file creates (svcsql.diagnostics.unresolvedReferences in the editor). */
  unresolvedReferences?: boolean;
}

export async function lintPaths(args: string[], options: LintOptions = {}): Promise<LintReport> {
  const crossFile = options.unresolvedReferences ? new CrossFilePass() : undefined;
  const set = await collectFiles(args);
  const report: LintReport = { files: [], problems: [...set.problems], notes: set.notes, errorCount: 0, warningCount: 0, otherCount: 0 };
  for (const file of set.files) {
    // Piece by piece: only the diagnostics are kept (they are what is printed).
    const found: CoreDiagnostic[] = [];
    const objects: ObjectOccurrence[] = [];
    try {
      await analyzeFile(file, (piece) => {
        for (const d of piece.diagnostics) found.push(d);
        crossFile?.collect(objects, piece.text, piece.line);
      });
    } catch (err) {
      const why = err instanceof FileTooLargeError ? err.message : `cannot read (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
      report.problems.push(`${displayPath(file)}: ${why}.`);
      continue;
    }
    const diagnostics = found.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    for (const d of diagnostics) {
      if (d.severity === 'error') report.errorCount++;
      else if (d.severity === 'warning') report.warningCount++;
      else report.otherCount++;
    }
    report.files.push({ path: displayPath(file), diagnostics });
    crossFile?.add(displayPath(file), objects);
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
