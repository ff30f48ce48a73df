// The emulator's only link to the language core: the service is the authority on syntax, and
// the emulator stands in for it with the project's own grammar (no second parser here).
import { analyze, syntaxErrorsForService } from '../../server/src/core/index';

export interface EmulatedSyntaxError {
  line: number; // 1-based
  column: number; // 0-based
  message: string;
  expected: string[];
}

/** ANTLR's own error texts; the core's catalog errors are plain sentences. */
const ANTLR_MESSAGE = /^(mismatched input|missing|extraneous input|no viable alternative|token recognition error)\b/;

/**
 * Errors as the service would report them, syntax errors first: a parser stops at the first
 * token it cannot take, before any check of which clauses a statement needs (the core lists
 * those at the statement start, so text order alone would put them first).
 */
export function syntaxErrors(statement: string): EmulatedSyntaxError[] {
  const all = syntaxErrorsForService(statement);
  return [...all.filter((e) => ANTLR_MESSAGE.test(e.message)), ...all.filter((e) => !ANTLR_MESSAGE.test(e.message))];
}

/** The statement's leading words as the core names them ('SHOW FLOWS', 'RUN JOB'), upper case. */
export function statementTitle(statement: string): { title: string; name?: string } {
  const s = analyze(statement).statements[0];
  if (!s) return { title: '' };
  return s.name === undefined ? { title: s.title.toUpperCase() } : { title: s.title.toUpperCase(), name: s.name };
}
