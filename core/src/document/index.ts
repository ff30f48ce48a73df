// The document: text and edits (svcSqlDocument.ts), incremental re-analysis (reanalysis.ts),
// positions and diagnostics cached per statement (positionCache.ts).
export { SvcSqlDocument, analyze, type Analysis, type LocatedStatement, type StatementInfo } from './svcSqlDocument';
export { eachStatement, fullAnalysis, statementSpans, type StatementTokens } from './reanalysis';
export { leadingDiagnostics } from './leadingDiagnostics';
export { currentDiagnostic } from './currentDiagnostic';
