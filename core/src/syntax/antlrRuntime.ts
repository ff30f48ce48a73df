// What the ANTLR path needs of antlr4ng and the generated parser; loaded only through
// ./antlrParser.ts, the first time a statement is handed to ANTLR (or completion asks c3).
export { CommonToken, CommonTokenStream, ListTokenSource, NoViableAltException, PredictionMode } from 'antlr4ng';
export { SvcSqlParser } from '../generated/SvcSqlParser';
