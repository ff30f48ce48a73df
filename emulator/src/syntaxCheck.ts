// The emulator's only link to the language core: the service is the authority on syntax, and
// the emulator stands in for it with the project's own grammar (no second parser here).
import { analyze, syntaxErrorsForService } from '../../core/src/index';
import { serviceColumnOf } from '../../service/src/parseErrorPosition';

export interface EmulatedSyntaxError {
  line: number; // 1-based
  column: number; // 0-based, in code points as the service counts (docs/service-positions.md)
  message: string;
  expected: string[];
}

/** Errors as the service would report them, syntax errors first (the core orders them so). */
export function syntaxErrors(statement: string): EmulatedSyntaxError[] {
  // The core counts UTF-16 units, as editors do; the service counts code points.
  return syntaxErrorsForService(statement).map((e) => ({
    ...e,
    ...serviceColumnOf(statement, { line: e.line - 1, character: e.column }),
  }));
}

/** The statement's leading words as the core names them ('SHOW FLOWS', 'RUN JOB'), upper case. */
export function statementTitle(statement: string): { title: string; name?: string } {
  const s = analyze(statement).statements[0];
  if (!s) return { title: '' };
  return s.name === undefined ? { title: s.title.toUpperCase() } : { title: s.title.toUpperCase(), name: s.name };
}
