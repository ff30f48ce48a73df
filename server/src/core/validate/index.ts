import type { ResolvedStatement } from '../model/resolved';
import type { StatementDiagnostic } from '../statementAnalysis';

/** Catalog checks of one resolved statement. Spans are relative to the statement's start. */
export function validateStatement(resolved: ResolvedStatement, text: string): StatementDiagnostic[] {
  void resolved;
  void text;
  return [];
}
