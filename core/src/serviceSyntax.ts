import { SvcSqlDocument } from './document';
import { resolvedOf } from './statementAnalysis';

/** An error as the service's parser would report it: 1-based line, 0-based column. */
export interface ServiceSyntaxError {
  line: number;
  column: number;
  message: string;
  expected: string[];
  /** 'syntax': the parser's own error; 'catalog': a rule the dialect's reference states. */
  kind: 'syntax' | 'catalog';
}

/**
 * What the service would reject with HTTP 400, for the emulator: syntax errors (in ANTLR's
 * words) and catalog errors (what the reference states), positioned in the statement text.
 */
export function syntaxErrorsForService(statementText: string): ServiceSyntaxError[] {
  const doc = new SvcSqlDocument(statementText);
  const out: ServiceSyntaxError[] = [];
  for (const s of doc.statements()) {
    const issues = new Map(resolvedOf(s.analysis).parsed.issues.map((i) => [i.span.start + ':' + i.code, i]));
    for (const d of s.analysis.diagnostics) {
      if (d.severity !== 'error') continue;
      const at = doc.lines.positionAt(s.start + d.span.start);
      const issue = issues.get(d.span.start + ':' + d.code);
      out.push({
        line: at.line + 1,
        column: at.character,
        message: issue?.antlrMessage ?? d.message,
        expected: issue?.expected ?? [],
        kind: issue ? 'syntax' : 'catalog',
      });
    }
  }
  // A parser stops at the first token it cannot take, before any check of required clauses.
  return [...out.filter((e) => e.kind === 'syntax'), ...out.filter((e) => e.kind === 'catalog')];
}
