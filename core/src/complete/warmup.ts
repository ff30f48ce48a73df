// Completion's first requests in a server are slow: antlr4-c3 computes the follow sets of each
// parser state the first time a caret reaches it (kept for the process), and the code on the way
// is not yet compiled. Asking at every word boundary of every catalog example reaches the states a
// caret meets in practice; the language server runs these asks while it is idle (a few hundred ms
// of work), and later requests find them ready (bench/lspBench.ts, the rows after a pause).
import { catalog } from '../catalog/index';
import { SvcSqlDocument } from '../document';
import { completeList } from './index';

/** True where a caret is put: before a space, '=', ',', '(' or ')', and at the end. */
function isBoundary(text: string, i: number): boolean {
  if (i === text.length) return true;
  const c = text[i]!;
  return c === ' ' || c === '\n' || c === '=' || c === ',' || c === '(' || c === ')';
}

/** One completion per step (`next()`), at every word boundary of every catalog example; the results are dropped. */
export function* completionWarmup(): Generator<void, void, void> {
  for (const spec of catalog.statements) {
    const text = spec.example;
    const doc = new SvcSqlDocument(text);
    for (let i = 1; i <= text.length; i++) {
      if (!isBoundary(text, i) || isBoundary(text, i - 1)) continue;
      completeList(doc, doc.lines.positionAt(i));
      yield;
    }
  }
}
