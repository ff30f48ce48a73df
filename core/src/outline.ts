// Document symbols (one per statement) and folding ranges (multi-line statements, block comments).
import { statementById } from './catalog/index';
import type { SvcSqlDocument } from './document';
import { T, lex, tokenEnd } from './syntax/lex';
import type { CoreFoldingRange, CoreSymbol } from './types';

export function documentSymbols(doc: SvcSqlDocument): CoreSymbol[] {
  return doc.statements().map((s) => {
    const a = s.analysis;
    const spec = statementById(a.kind);
    return {
      name: a.name ? `${a.title} ${a.name}` : a.title,
      detail: spec ? spec.summary : 'Statement not in the catalog; the service decides whether it is valid.',
      range: doc.range(s),
      selectionRange: doc.range({ start: s.start + a.symbolStart, end: s.start + a.symbolEnd }),
    };
  });
}

export function foldingRanges(doc: SvcSqlDocument): CoreFoldingRange[] {
  const lines = doc.lines;
  const out: CoreFoldingRange[] = [];
  const comment = (start: number, end: number) => {
    const startLine = lines.positionAt(start).line;
    const endLine = lines.positionAt(end).line;
    if (endLine > startLine) out.push({ startLine, endLine, kind: 'comment' });
  };
  const statements = doc.statements();
  let gapStart = 0;
  for (const s of statements) {
    // Comments between statements belong to no statement: lex only those gaps.
    gapComments(doc.text, gapStart, s.start, comment);
    for (const c of s.analysis.comments) comment(s.start + c.start, s.start + c.end);
    const startLine = lines.positionAt(s.start).line;
    const endLine = lines.positionAt(s.end).line;
    if (endLine > startLine) out.push({ startLine, endLine });
    gapStart = s.end;
  }
  gapComments(doc.text, gapStart, doc.text.length, comment);
  return out.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}

function gapComments(text: string, start: number, end: number, add: (start: number, end: number) => void): void {
  if (end <= start || text.indexOf('/*', start) === -1 || text.indexOf('/*', start) >= end) return;
  for (const t of lex(text, start, end)) {
    if (t.type === T.BLOCK_COMMENT || t.type === T.UNTERMINATED_COMMENT) add(t.start, tokenEnd(t));
  }
}
