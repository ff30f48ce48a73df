// The objects of a whole file: from text read from disk, or from an open document (whose statements
// are analysed already: only the statements an edit changed are read again).
import { catalog } from '../catalog/index';
import type { SvcSqlDocument } from '../document';
import { CatalogHeads } from '../model/headMatcher';
import { resolveStatement } from '../model/resolve';
import type { StatementAnalysis } from '../statementAnalysis';
import { lex } from '../syntax/lex';
import { parseStatement } from '../syntax/parseStatement';
import { splitStatements } from '../syntax/splitStatements';
import type { TextSource } from '../text/blockText';
import { LineIndex } from '../text/lineIndex';
import { FileObjects, type ObjectOccurrence, type RelativeOccurrence } from './objectOccurrence';
import { statementObjects } from './statementObjects';

const heads = new CatalogHeads(catalog);
const NONE: readonly RelativeOccurrence[] = [];

function place(rel: readonly RelativeOccurrence[], base: number, lines: LineIndex, out: ObjectOccurrence[]): void {
  for (const o of rel) {
    const start = lines.positionAt(base + o.start);
    const end = lines.positionAt(base + o.end);
    out.push({
      role: o.role,
      kind: o.kind,
      key: o.key,
      name: o.name,
      form: o.form,
      line: start.line,
      character: start.character,
      endLine: end.line,
      endCharacter: end.character,
    });
  }
}

/** The objects of a file's text, split into statements exactly as a document splits it. */
export function objectsOfText(text: TextSource): FileObjects {
  return FileObjects.from(objectListOfText(text));
}

/** The same as a plain list, for a caller that gathers a file from pieces (the CLI reads large files so). */
export function objectListOfText(text: TextSource): ObjectOccurrence[] {
  const tokens = lex(text);
  const lines = new LineIndex(text);
  const out: ObjectOccurrence[] = [];
  for (const chunk of splitStatements(tokens, heads, text)) {
    place(statementObjects(resolveStatement(parseStatement(chunk.tokens, chunk.start), heads)), chunk.start, lines, out);
  }
  return out;
}

// Per statement analysis (shared by every statement of the same text, kept while it lives): the
// names relative to the statement. Not the syntax model, which for every statement of a large
// file would be most of its heap.
const cache = new WeakMap<StatementAnalysis, readonly RelativeOccurrence[]>();

function relativeObjects(analysis: StatementAnalysis): readonly RelativeOccurrence[] {
  let rel = cache.get(analysis);
  if (!rel) {
    const found = statementObjects(resolveStatement(parseStatement(lex(analysis.text), 0), heads));
    rel = found.length ? found : NONE;
    cache.set(analysis, rel);
  }
  return rel;
}

/** The objects of an open document, from its current analysis. */
export function objectsOfDocument(doc: SvcSqlDocument): FileObjects {
  const out: ObjectOccurrence[] = [];
  const lines = doc.lines;
  for (const s of doc.statements()) {
    // A statement without a head the catalog knows names nothing: skip the parse.
    if (s.analysis.kind === 'unknown') continue;
    place(relativeObjects(s.analysis), s.start, lines, out);
  }
  return FileObjects.from(out);
}
