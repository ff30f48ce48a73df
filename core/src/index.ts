// The language core: plain TypeScript, no `vscode` and no LSP imports, so that the language
// server, the CLI, the emulator and the tests all run the same code.
export * from './types';
export {
  SvcSqlDocument,
  analyze,
  currentDiagnostic,
  leadingDiagnostics,
  statementSpans,
  type Analysis,
  type LocatedStatement,
  type StatementInfo,
} from './document';
export type { StatementAnalysis } from './statementAnalysis';
export { syntaxErrorsForService, type ServiceSyntaxError } from './serviceSyntax';
export { antlrLoads } from './syntax/antlrParser';
export { validateStatement, validations } from './validate/index';
export { MAX_LISTED } from './validate/unlisted';
export { codeActions } from './codeActions';
export {
  catalog,
  listableKinds,
  objectKinds,
  statementDescribing,
  statementListing,
  statementsCreating,
  statementsNaming,
} from './catalog/index';
export type * from './catalog/types';
export { complete, completeList, type CompletionResult } from './complete/index';
export { completionWarmup } from './complete/warmup';
export { bestMatches, NAME_LIMIT } from './complete/nameChoice';
export { statementSnippet } from './complete/snippets';
export { hover } from './hover';
export { documentSymbols, foldingRanges } from './outline';
export * from './workspace/index';
export { asciiBytesOf, AsciiBytes } from './text/asciiBytes';
export { maskSecretValues, secretValues, SECRET_MASK, type SecretValue } from './secretValues';
export {
  formatText,
  formatDocumentEdits,
  formatRangeEdits,
  formatSegments,
  FormatStream,
  DEFAULT_FORMAT_OPTIONS,
  formatOptions,
  lineBreakOf,
  type FormatEdit,
  type FormatOptions,
} from './formatter/index';
export { diagnosticCodes, diagnosticCodeSpec, diagnosticHelpUri, DIAGNOSTICS_DOC } from './diagnostics/codes';
export type { DiagnosticCode, DiagnosticCodeSpec } from './diagnostics/codes';
