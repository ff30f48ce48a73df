// The tools that need only the language core and the workspace's text: lint, format, find_definitions.
import { analyze, formatText, objectListOfText, type CoreDiagnostic } from '../../core/src/index';
import { objectNameKey } from '../../core/src/catalog/index';

/** The most diagnostics listed; the counts still cover all of them. */
const MAX_DIAGNOSTICS = 200;

function diagnosticOut(d: CoreDiagnostic) {
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    range: d.range,
  };
}

/** The editor's diagnostics for the text (same core, same codes, ranges and messages). */
export function lintText(text: string, file?: string): string {
  const { diagnostics } = analyze(text);
  const count = (s: CoreDiagnostic['severity']) => diagnostics.filter((d) => d.severity === s).length;
  const errors = count('error');
  const warnings = count('warning');
  const listed = diagnostics.slice(0, MAX_DIAGNOSTICS).map(diagnosticOut);
  return JSON.stringify(
    {
      ...(file ? { file } : {}),
      summary:
        diagnostics.length === 0
          ? 'No problems.'
          : `${errors} error(s), ${warnings} warning(s), ${diagnostics.length - errors - warnings} other(s).${errors ? ' Statements with errors are not run.' : ''}`,
      errors,
      warnings,
      diagnostics: listed,
      ...(diagnostics.length > listed.length
        ? { note: `Only the first ${listed.length} of ${diagnostics.length} diagnostics are listed: lint a smaller part to see the rest.` }
        : {}),
    },
    null,
    2,
  );
}

export function formatSource(text: string): string {
  return formatText(text);
}

export interface WorkspaceText {
  /** Workspace-relative path, forward slashes. */
  label: string;
  text: string;
}

/** The most occurrences listed. */
const MAX_OCCURRENCES = 500;

/** Where objects named `name` are created and referred to, over the workspace's files. */
export async function findDefinitions(files: AsyncIterable<WorkspaceText>, name: string, kind?: string): Promise<string> {
  const key = objectNameKey(name);
  const definitions: unknown[] = [];
  const references: unknown[] = [];
  let filesRead = 0;
  for await (const file of files) {
    filesRead++;
    let lines: string[] | undefined;
    for (const o of objectListOfText(file.text)) {
      if (o.key !== key || (kind && o.kind !== kind)) continue;
      lines ??= file.text.split(/\r?\n/);
      const line = lines[o.line] ?? '';
      const entry = {
        file: file.label,
        line: o.line + 1,
        column: o.character + 1,
        kind: o.kind,
        name: o.name,
        text: line.length > 200 ? `${line.slice(0, 200)}…` : line.trim(),
      };
      const list = o.role === 'definition' ? definitions : references;
      if (definitions.length + references.length < MAX_OCCURRENCES) list.push(entry);
    }
  }
  return JSON.stringify(
    {
      name,
      ...(kind ? { kind } : {}),
      filesSearched: filesRead,
      summary: `${definitions.length} definition(s), ${references.length} reference(s) in ${filesRead} .svcsql file(s).`,
      definitions,
      references,
    },
    null,
    2,
  );
}
