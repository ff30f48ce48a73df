// The cross-file pass of `svcsql lint`: the workspace index the editor builds (core/src/workspace/),
// over the files being linted, so that what lint says across files is what the editor says.
import { FileObjects, objectListOfText, unresolvedReferenceDiagnostics, WorkspaceIndex, type ObjectOccurrence } from '../../core/src/index';
import type { LintReport } from './lintReport';

export class CrossFilePass {
  private readonly index = new WorkspaceIndex();

  /** The objects of one piece of a file (analyzeFile.ts), in file lines: `line` is the piece's first. */
  collect(into: ObjectOccurrence[], text: string, line: number): void {
    for (const o of objectListOfText(text)) into.push(line ? { ...o, line: o.line + line, endLine: o.endLine + line } : o);
  }

  /** `path` as the report shows it: it is the file's key in the index, too. */
  add(path: string, objects: readonly ObjectOccurrence[]): void {
    this.index.setFile(path, path, FileObjects.from(objects));
  }

  /** Adds, as information, every reference to a name no linted file creates. */
  report(report: LintReport): void {
    for (const file of report.files) {
      const found = unresolvedReferenceDiagnostics(this.index, file.path);
      if (found.length === 0) continue;
      report.otherCount += found.length;
      file.diagnostics = [...file.diagnostics, ...found].sort(
        (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
      );
    }
  }
}
