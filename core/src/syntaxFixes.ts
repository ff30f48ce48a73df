// The obvious repair of a syntax issue, where there is one: the '=' forgotten between a clause
// and its value, the closing quote or backtick of a string or name left open.
import type { SyntaxCode } from './syntax/elements';
import type { DiagnosticData } from './types';

const FIXES: Partial<Record<SyntaxCode, DiagnosticData>> = {
  // The range is the value: '=' goes before it.
  'missing-equals': { before: '= ', fixTitle: "Insert '='" },
  // The range is the open string up to the end of its line, trailing blanks left out.
  'unterminated-string': { after: "'", fixTitle: "Close the string with '" },
  'unterminated-name': { after: '`', fixTitle: 'Close the name with `' },
};

export function syntaxFix(code: SyntaxCode): DiagnosticData | undefined {
  return FIXES[code];
}
