// `svcsql lint`: the diagnostics the editor shows, for files on disk or stdin (`-`).
import type { CoreDiagnostic, ObjectOccurrence } from '../../core/src/index';
import { analyzeSegments } from './analyzeFile';
import { EXIT } from './exitCodes';
import { collectFiles, displayPath } from './files';
import type { LintSink, LintSummary } from './lintSinks';
import type { FileReport, LintReport } from './lintReport';
import { readProblem, readSegments, segmentsOf, type Segment } from './segments';
import { readsStdin, STDIN_PATH, stdinTexts } from './stdinInput';

export type { FileReport, LintReport };

export interface LintOptions {
  /** Report references to names no linted file creates (svcsql.diagnostics.unresolvedReferences in the editor). */
  unresolvedReferences?: boolean;
}

function byPosition(a: CoreDiagnostic, b: CoreDiagnostic): number {
  return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}

function count(summary: Pick<LintSummary, 'errorCount' | 'warningCount' | 'otherCount'>, diagnostics: readonly CoreDiagnostic[]): void {
  for (const d of diagnostics) {
    if (d.severity === 'error') summary.errorCount++;
    else if (d.severity === 'warning') summary.warningCount++;
    else summary.otherCount++;
  }
}

/** What lint reads: a file, or stdin (`-`, alone), as pieces (segments.ts), under the path it prints. */
interface LintSource {
  path: string;
  pieces: () => AsyncIterable<Segment>;
}

async function sourcesOf(args: string[]): Promise<{ sources: LintSource[]; problems: string[]; notes: string[] }> {
  if (readsStdin(args)) return { sources: [{ path: STDIN_PATH, pieces: () => segmentsOf(stdinTexts()) }], problems: [], notes: [] };
  const set = await collectFiles(args);
  const sources = set.files.map((file) => ({ path: displayPath(file), pieces: () => readSegments(file) }));
  return { sources, problems: set.problems, notes: set.notes };
}

/**
 * Lints and hands each piece's diagnostics to `sink` as soon as it is analysed, so memory holds one
 * piece (analyzeFile.ts), not the run's diagnostics. The pieces of a file end where statements end,
 * so sorting each piece sorts the file. --unresolved-references needs every file before it can say
 * anything: that run is held whole (lintPaths) and then handed over.
 */
export async function lintStream(args: string[], options: LintOptions, sink: LintSink): Promise<LintSummary> {
  if (options.unresolvedReferences) {
    const report = await lintPaths(args, options);
    for (const f of report.files) {
      await sink.file(f.path);
      await sink.diagnostics(f.diagnostics);
    }
    const summary = { ...report, files: report.files.length };
    await sink.end(summary);
    return summary;
  }
  const set = await sourcesOf(args);
  const summary: LintSummary = { files: 0, problems: [...set.problems], notes: set.notes, errorCount: 0, warningCount: 0, otherCount: 0 };
  for (const { path, pieces } of set.sources) {
    let started = false;
    try {
      await analyzeSegments(pieces(), async (piece) => {
        if (!started) {
          started = true;
          summary.files++;
          await sink.file(path);
        }
        const diagnostics = [...piece.diagnostics].sort(byPosition);
        count(summary, diagnostics);
        await sink.diagnostics(diagnostics);
      });
    } catch (err) {
      // Before the first piece (unreadable, too large): the file is left out. Later (no statement
      // boundary for 16 MB): what was already written stays, and the run exits 2 all the same.
      summary.problems.push(`${path}: ${readProblem(err)}.`);
    }
  }
  await sink.end(summary);
  return summary;
}

/** The whole run in memory: the cross-file pass (--unresolved-references) and tests. */
export async function lintPaths(args: string[], options: LintOptions = {}): Promise<LintReport> {
  // The workspace index, evaluated only for this pass.
  const crossFile = options.unresolvedReferences ? new (await import('./crossFile')).CrossFilePass() : undefined;
  const set = await sourcesOf(args);
  const report: LintReport = { files: [], problems: [...set.problems], notes: set.notes, errorCount: 0, warningCount: 0, otherCount: 0 };
  for (const { path, pieces } of set.sources) {
    // Piece by piece: only the diagnostics are kept (they are what is printed).
    const found: CoreDiagnostic[] = [];
    const objects: ObjectOccurrence[] = [];
    try {
      await analyzeSegments(pieces(), (piece) => {
        for (const d of piece.diagnostics) found.push(d);
        crossFile?.collect(objects, piece.text, piece.line);
      });
    } catch (err) {
      report.problems.push(`${path}: ${readProblem(err)}.`);
      continue;
    }
    const diagnostics = found.sort(byPosition);
    count(report, diagnostics);
    report.files.push({ path, diagnostics });
    crossFile?.add(path, objects);
  }
  crossFile?.report(report);
  return report;
}

export function lintExitCode(
  report: Pick<LintSummary, 'problems' | 'errorCount' | 'warningCount'>,
  maxWarnings: number | undefined,
): number {
  if (report.problems.length) return EXIT.usage;
  if (report.errorCount > 0) return EXIT.failed;
  if (maxWarnings !== undefined && report.warningCount > maxWarnings) return EXIT.failed;
  return EXIT.ok;
}
