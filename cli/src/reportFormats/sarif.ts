// --format sarif: SARIF 2.1.0 for code-scanning uploads. URIs are relative to the working
// directory (run the linter from the repository root), resolved through %SRCROOT%.
import { pathToFileURL } from 'node:url';
import type { ReportingDescriptor, Result } from 'sarif';
import { diagnosticHelpUri } from '../../../core/src/diagnostics/codes';
import type { CoreDiagnostic } from '../../../core/src/index';
import type { LintReport } from '../lint';
import { safeJson } from '../../../service/src/safeText';
import { ItemList, breakAt, jsonMessage, jsonRepeated, nested } from './jsonLayout';
import { oneBased } from './positions';

const LEVEL: Record<CoreDiagnostic['severity'], Result.level> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

export interface ToolInfo {
  version: string;
  informationUri: string;
}

/**
 * A relative path as a URI reference: each segment percent-encoded, '/' kept. A lone surrogate (a
 * Windows file name may hold one; encodeURIComponent throws on it) is U+FFFD, as in the text output.
 */
export function relativeUri(path: string): string {
  return path.replace(LONE_SURROGATE, '\uFFFD').split('/').map(encodeURIComponent).join('/');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The rules met so far, each with its index in `rules` (results refer to them by index). */
export class SarifRules {
  readonly rules: ReportingDescriptor[] = [];
  private readonly index = new Map<string, number>();
  constructor(private readonly informationUri: string) {}

  indexOf(code: string): number {
    let index = this.index.get(code);
    if (index === undefined) {
      index = this.rules.length;
      this.index.set(code, index);
      // Each rule links to its entry in docs/diagnostics.md (a code outside the registry to the home page).
      this.rules.push({ id: code, name: code, helpUri: diagnosticHelpUri(code, this.informationUri) ?? this.informationUri });
    }
    return index;
  }
}

/** One diagnostic of the file at `path` as a SARIF result object (typed by the SARIF schema): what sarifResultText writes (the tests hold the two equal). */
export function sarifResult(path: string, d: CoreDiagnostic, rules: SarifRules): Result {
  const p = oneBased(d.range);
  return {
    ruleId: d.code,
    ruleIndex: rules.indexOf(d.code),
    level: LEVEL[d.severity],
    message: { text: d.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: relativeUri(path), uriBaseId: '%SRCROOT%' },
          region: { startLine: p.line, startColumn: p.column, endLine: p.endLine, endColumn: p.endColumn },
        },
      },
    ],
  };
}

/** Line breaks and indentation of a result's fields (depth 5) and of the levels below them. */
const [D4, D5, D6, D7, D8, D9] = [4, 5, 6, 7, 8, 9].map(breakAt) as [string, string, string, string, string, string];

/**
 * A result of the log: safeJson(nested(sarifResult(path, d, rules), 4)) with `uri`
 * relativeUri(path), written field by field (as json.ts's jsonDiagnosticText). The same text:
 * test/cli/streaming.test.ts compares the two.
 */
export function sarifResultText(uri: string, d: CoreDiagnostic, rules: SarifRules): string {
  const { start, end } = d.range;
  return (
    `{${D5}"ruleId": ${jsonRepeated(d.code)},${D5}"ruleIndex": ${rules.indexOf(d.code)},${D5}"level": "${LEVEL[d.severity]}",` +
    `${D5}"message": {${D6}"text": ${jsonMessage(d.message)}${D5}},${D5}"locations": [${D6}{${D7}"physicalLocation": {` +
    `${D8}"artifactLocation": {${D9}"uri": ${jsonRepeated(uri)},${D9}"uriBaseId": "%SRCROOT%"${D8}},${D8}"region": {` +
    `${D9}"startLine": ${start.line + 1},${D9}"startColumn": ${start.character + 1},${D9}"endLine": ${end.line + 1},` +
    `${D9}"endColumn": ${end.character + 1}${D8}}${D7}}${D6}}${D5}]${D4}}`
  );
}

/** The parts of the run that are not results: the tool with its rules, the base URI, the invocation. */
export function sarifRunParts(rules: SarifRules, problems: readonly string[], tool: ToolInfo, cwd: string) {
  return {
    tool: {
      driver: {
        name: 'svcsql',
        version: tool.version,
        semanticVersion: tool.version,
        informationUri: tool.informationUri,
        rules: rules.rules,
      },
    },
    originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(cwd).href.replace(/\/?$/, '/') } },
    columnKind: 'utf16CodeUnits' as const,
    invocations: [
      {
        executionSuccessful: problems.length === 0,
        toolExecutionNotifications: problems.map((text) => ({ level: 'error' as const, message: { text } })),
      },
    ],
  };
}

export const SARIF_HEAD = { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0' as const };

/** The whole log (rules first, as the tool's): JSON.stringify(log, null, 2)'s text (test/cli/streaming.test.ts compares). */
export function sarifReport(report: LintReport, tool: ToolInfo, cwd = process.cwd()): string {
  let out = '';
  for (const part of sarifReportParts(report, tool, Infinity, cwd)) out += part;
  return out;
}

/** sarifReport's text in parts, in order, each holding at most `perPart` results (lintSinks.ts writes each as it comes). */
export function* sarifReportParts(report: LintReport, tool: ToolInfo, perPart: number, cwd = process.cwd()): Generator<string> {
  // The rules precede the results: every code is met once first, in the results' order (their indices).
  const rules = new SarifRules(tool.informationUri);
  for (const f of report.files) for (const d of f.diagnostics) rules.indexOf(d.code);
  const parts = sarifRunParts(rules, report.problems, tool, cwd);
  yield safeJson(
    `{\n  "$schema": ${JSON.stringify(SARIF_HEAD.$schema)},\n  "version": "${SARIF_HEAD.version}",\n  "runs": [\n    {\n` +
      `      "tool": ${nested(parts.tool, 3)},\n      "originalUriBaseIds": ${nested(parts.originalUriBaseIds, 3)},\n` +
      `      "columnKind": "${parts.columnKind}",\n      "invocations": ${nested(parts.invocations, 3)},\n      "results": [`,
  );
  const results = new ItemList(4);
  let part = '';
  let count = 0;
  for (const f of report.files) {
    const uri = relativeUri(f.path);
    for (const d of f.diagnostics) {
      part += results.item(sarifResultText(uri, d, rules));
      if (++count === perPart) {
        yield part;
        part = '';
        count = 0;
      }
    }
  }
  yield `${part}${results.close()}\n    }\n  ]\n}\n`;
}
