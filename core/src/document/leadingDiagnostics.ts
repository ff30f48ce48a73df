// The diagnostics of a large text's first statements, for the editor to show while the whole text
// is analysed (the server publishes them first when a large file opens).
import { T, lex } from '../syntax/lex';
import type { CoreDiagnostic } from '../types';
import { SvcSqlDocument } from './svcSqlDocument';

/**
 * The diagnostics of the statements of text[0, about `chars`), up to the last ';' there, exactly
 * as the whole text's analysis has them; undefined when there is no ';' (then nothing before the
 * cut is certain). A ';' always ends a statement, and the splitter never looks past one (see
 * splitStatements), so every statement before it, its diagnostics and their positions, are the same
 * in the prefix as in the whole text.
 */
export function leadingDiagnostics(text: string, chars: number): CoreDiagnostic[] | undefined {
  const tokens = lex(text, 0, Math.min(chars, text.length));
  // The last token may be cut short by the end of the range: a ';' before it is whole.
  for (let i = tokens.length - 2; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.type === T.SEMI) return new SvcSqlDocument(text.slice(0, t.stop + 1)).diagnostics();
  }
  return undefined;
}
