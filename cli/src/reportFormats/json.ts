// --format json: one document. line/column are 1-based (endColumn exclusive); `range` is the
// core's own 0-based LSP-shaped range, for tools that speak LSP.
import type { CoreDiagnostic } from '../../../core/src/index';
import type { LintReport } from '../lint';
import { safeJson } from '../../../service/src/safeText';
import { ItemList, breakAt, jsonMessage, jsonRepeated, jsonString, nested } from './jsonLayout';
import { oneBased } from './positions';

/**
 * The document { tool, errorCount, warningCount, otherCount, problems, files: [{ path, diagnostics }] }
 * as safeJson(JSON.stringify(document, null, 2)) + '\n' writes it (test/cli/streaming.test.ts
 * compares), its diagnostics written by jsonDiagnosticText.
 */
export function jsonReport(report: LintReport, version: string): string {
  let out = '';
  for (const part of jsonReportParts(report, version, Infinity)) out += part;
  return out;
}

/** jsonReport's text in parts, in order, each holding at most `perPart` diagnostics (lintSinks.ts writes each as it comes). */
export function* jsonReportParts(report: LintReport, version: string, perPart: number): Generator<string> {
  yield safeJson(
    `{\n  "tool": ${nested({ name: 'svcsql', version }, 1)},\n  "errorCount": ${report.errorCount},\n  "warningCount": ${report.warningCount},` +
      `\n  "otherCount": ${report.otherCount},\n  "problems": ${nested(report.problems, 1)},\n  "files": [`,
  );
  const files = new ItemList(2);
  for (const f of report.files) {
    const diagnostics = new ItemList(4);
    let part = files.item(`{\n      "path": ${jsonString(f.path)},\n      "diagnostics": [`);
    let count = 0;
    for (const d of f.diagnostics) {
      part += diagnostics.item(jsonDiagnosticText(d));
      if (++count === perPart) {
        yield part;
        part = '';
        count = 0;
      }
    }
    yield `${part}${diagnostics.close()}\n    }`;
  }
  yield `${files.close()}\n}\n`;
}

/** One diagnostic as the JSON output holds it, as an object: what jsonDiagnosticText writes (the tests hold the two equal). */
export function jsonDiagnostic(d: CoreDiagnostic) {
  return { ...oneBased(d.range), severity: d.severity, code: d.code, message: d.message, range: d.range };
}

/** Line breaks and indentation of a diagnostic's fields (depth 5), its range's (6) and their positions' (7). */
const FIELD = breakAt(5);
const RANGE = breakAt(6);
const POSITION = breakAt(7);
const END = breakAt(4);

/**
 * A diagnostic of the document: safeJson(nested(jsonDiagnostic(d), 4)), written field by field
 * instead of built as an object, laid out by JSON.stringify and indented again by a pattern over
 * the whole text (with the garbage of each, a third of a run of 100,000 diagnostics). The same
 * text: test/cli/streaming.test.ts compares the two.
 */
export function jsonDiagnosticText(d: CoreDiagnostic): string {
  const { start, end } = d.range;
  return (
    `{${FIELD}"line": ${start.line + 1},${FIELD}"column": ${start.character + 1},${FIELD}"endLine": ${end.line + 1},` +
    `${FIELD}"endColumn": ${end.character + 1},${FIELD}"severity": ${jsonRepeated(d.severity)},${FIELD}"code": ${jsonRepeated(d.code)},` +
    `${FIELD}"message": ${jsonMessage(d.message)},${FIELD}"range": {${RANGE}"start": {${POSITION}"line": ${start.line},` +
    `${POSITION}"character": ${start.character}${RANGE}},${RANGE}"end": {${POSITION}"line": ${end.line},` +
    `${POSITION}"character": ${end.character}${RANGE}}${FIELD}}${END}}`
  );
}
