// --format sarif: SARIF 2.1.0 for code-scanning uploads. URIs are relative to the working
// directory (run the linter from the repository root), resolved through %SRCROOT%.
import { pathToFileURL } from 'node:url';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { diagnosticHelpUri, type CoreDiagnostic } from '../../../core/src/index';
import type { LintReport } from '../lint';
import { safeJson } from '../../../service/src/safeText';
import { oneBased } from './positions';

const LEVEL: Record<CoreDiagnostic['severity'], Result.level> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

export interface ToolInfo {
  version: string;
  informationUri: string;
}

/** A relative path as a URI reference: each segment percent-encoded, '/' kept. */
function relativeUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export function formatSarif(report: LintReport, tool: ToolInfo, cwd = process.cwd()): string {
  const rules: ReportingDescriptor[] = [];
  const ruleIndex = new Map<string, number>();
  const results: Result[] = [];
  for (const f of report.files) {
    for (const d of f.diagnostics) {
      let index = ruleIndex.get(d.code);
      if (index === undefined) {
        index = rules.length;
        ruleIndex.set(d.code, index);
        // Each rule links to its entry in docs/diagnostics.md (a code outside the registry to the home page).
        rules.push({ id: d.code, name: d.code, helpUri: diagnosticHelpUri(d.code, tool.informationUri) ?? tool.informationUri });
      }
      const p = oneBased(d.range);
      results.push({
        ruleId: d.code,
        ruleIndex: index,
        level: LEVEL[d.severity],
        message: { text: d.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: relativeUri(f.path), uriBaseId: '%SRCROOT%' },
              region: { startLine: p.line, startColumn: p.column, endLine: p.endLine, endColumn: p.endColumn },
            },
          },
        ],
      });
    }
  }
  const root = pathToFileURL(cwd).href.replace(/\/?$/, '/');
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: 'svcsql', version: tool.version, semanticVersion: tool.version, informationUri: tool.informationUri, rules },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: root } },
        columnKind: 'utf16CodeUnits',
        invocations: [
          {
            executionSuccessful: report.problems.length === 0,
            toolExecutionNotifications: report.problems.map((text) => ({ level: 'error' as const, message: { text } })),
          },
        ],
        results,
      },
    ],
  };
  return safeJson(JSON.stringify(log, null, 2)) + '\n';
}
