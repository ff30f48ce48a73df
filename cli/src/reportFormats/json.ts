// --format json: one document. line/column are 1-based (endColumn exclusive); `range` is the
// core's own 0-based LSP-shaped range, for tools that speak LSP.
import type { CoreDiagnostic } from '../../../core/src/index';
import type { LintReport } from '../lint';
import { safeJson } from '../../../service/src/safeText';
import { oneBased } from './positions';

export function jsonReport(report: LintReport, version: string): string {
  const doc = {
    tool: { name: 'svcsql', version },
    errorCount: report.errorCount,
    warningCount: report.warningCount,
    otherCount: report.otherCount,
    problems: report.problems,
    files: report.files.map((f) => ({
      path: f.path,
      diagnostics: f.diagnostics.map(jsonDiagnostic),
    })),
  };
  return safeJson(JSON.stringify(doc, null, 2)) + '\n';
}

/** One diagnostic as the JSON output holds it. */
export function jsonDiagnostic(d: CoreDiagnostic) {
  return { ...oneBased(d.range), severity: d.severity, code: d.code, message: d.message, range: d.range };
}
