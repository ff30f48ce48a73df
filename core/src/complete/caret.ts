// Where the caret stands: in a comment or string (nothing to complete), on a partial word or
// string (replaced by the completion), and in which statement. Only the text around the caret's
// statement is lexed again, so the cost does not grow with the file.
import type { Token } from 'antlr4ng';
import type { SvcSqlDocument } from '../document';
import { heads } from '../statementAnalysis';
import { T, countLineBreaks, lex, tokenEnd } from '../syntax/lex';
import { splitStatements, type Chunk } from '../syntax/splitStatements';
import type { TextSource } from '../text/blockText';
import type { Span } from '../types';

export interface CaretSite {
  offset: number;
  /** What the completion replaces: the partial word or string around the caret, or an empty span. */
  replace: Span;
  /** True when the replaced text is a partial quoted string ('IMM). */
  partialIsString: boolean;
  /** True when the caret is inside a complete string ('|' after an auto-closed quote): only closed choices fit. */
  insideString: boolean;
  /** A comment, or inside a complete string or name: nothing to complete. */
  blocked: boolean;
  /** The statement the caret continues; absent when the caret begins a new one. */
  statement?: Chunk;
  /** True when the caret is after the statement's last token (not inside it). */
  afterStatement: boolean;
  /** True when the replaced text starts its line (column 0; an indented line continues a statement). */
  atLineStart: boolean;
}

function isIdent(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

const isLineBreak = (c: number) => c === 10 || c === 13;

function runAfter(text: TextSource, at: number): number {
  let i = at;
  while (i < text.length && isIdent(text.charCodeAt(i))) i++;
  return i;
}

function runBefore(text: TextSource, at: number): number {
  let i = at;
  while (i > 0 && isIdent(text.charCodeAt(i - 1))) i--;
  return i;
}

function lineEndAfter(text: TextSource, at: number): number {
  let i = at;
  while (i < text.length && !isLineBreak(text.charCodeAt(i))) i++;
  return i;
}

export function locateCaret(doc: SvcSqlDocument, offset: number): CaretSite {
  // The document's own text source: after an edit, doc.text would join the whole file first.
  const text = doc.source;
  // Re-lex from the statement before the caret's word: the document's split may have been made
  // with the half-typed word in place (ALTER FL on a new line is not yet a head). Binary searches:
  // doc.statements() would build every statement's object after each keystroke.
  const k = doc.lastStatementStartingBefore(runBefore(text, offset), false);
  const m = doc.lastStatementStartingBefore(offset, true);
  const regionStart = k ? k.start : 0;
  const regionEnd = Math.max(lineEndAfter(text, offset), m ? m.end : 0);
  const tokens = lex(text, regionStart, regionEnd);

  const site: CaretSite = {
    offset,
    replace: { start: offset, end: offset },
    partialIsString: false,
    insideString: false,
    blocked: false,
    afterStatement: false,
    atLineStart: false,
  };
  let removed: Token | undefined;
  const at = tokens.find((t) => t.start < offset && offset <= tokenEnd(t));
  if (at) {
    const inside = offset < tokenEnd(at);
    switch (at.type) {
      case T.LINE_COMMENT:
      case T.UNTERMINATED_COMMENT:
      case T.UNTERMINATED_BACKTICK:
        site.blocked = true;
        break;
      case T.BLOCK_COMMENT:
      case T.BACKTICKED:
        site.blocked = inside;
        break;
      case T.STRING: {
        if (!inside) break;
        // An auto-closed quote gives '|' as a value is typed; a quote typed before text gives
        // '|MUT LAKE = ' (the string runs to the next quote). The word after the caret is
        // replaced, and the closing quote with it when it follows that word.
        removed = at;
        site.partialIsString = true;
        site.insideString = true;
        const wordEnd = runAfter(text, offset);
        site.replace = { start: at.start, end: wordEnd === tokenEnd(at) - 1 ? tokenEnd(at) : wordEnd };
        break;
      }
      case T.UNTERMINATED_STRING:
        removed = at;
        site.partialIsString = true;
        site.replace = { start: at.start, end: runAfter(text, offset) };
        break;
      case T.IDENTIFIER:
      case T.INTEGER:
        removed = at;
        site.replace = { start: at.start, end: tokenEnd(at) };
        break;
    }
  }
  if (site.blocked) return site;

  const wordStart = site.replace.start;
  site.atLineStart = wordStart === 0 || isLineBreak(text.charCodeAt(wordStart - 1));
  const rest = removed ? tokens.filter((t) => t !== removed) : tokens;
  const chunks = splitStatements(rest, heads, text);

  const holding = chunks.find((c) => c.start <= wordStart && wordStart <= c.end);
  if (holding) {
    site.statement = holding;
    return site;
  }
  let previous: Chunk | undefined;
  for (const c of chunks) if (c.end <= wordStart) previous = c;
  if (!previous || previous.terminated) return site;
  // A blank line (or a ';') between the statement and the caret begins a new statement.
  for (const t of rest) {
    if (t.start < previous.end || t.start >= wordStart) continue;
    if (t.type === T.SEMI) return site;
    if (t.type === T.WS && countLineBreaks(text.slice(t.start, Math.min(tokenEnd(t), wordStart))) >= 2) return site;
  }
  site.statement = previous;
  site.afterStatement = true;
  return site;
}
