import { T, countLineBreaksIn } from '../syntax/lex';
import { commentGroups, groupText, isCommentType } from './commentGroups';
import { formatTokens } from './formatTokens';
import type { OpenEnd } from './formatStatement';

/** Where a gap lies: between two statements, before the first, after the last, or alone in a file. */
export interface GapPlace {
  /** A statement precedes the gap. */
  after: boolean;
  /** A statement follows it. */
  before: boolean;
  /** The statement before ends in an unterminated token (see FormattedStatement.openEnd). */
  openEnd?: OpenEnd;
}

/**
 * The canonical text between two statements (or at either end of the file): the `;` that ends the
 * statement before (always between statements; after the last only when it had one), the comments
 * that trailed it on its line, then the comments on lines of their own, each group on its line,
 * with a blank line wherever there was at least one. Between two statements there is at least one
 * blank line: when the gap had none, it goes right after the statement before.
 */
export function formatGap(text: string, place: GapPlace, eol: string): string {
  // An unterminated comment runs to the end of the file: whatever came after it would be in it.
  if (place.openEnd === 'file') return text;
  if (BLANKS_AND_SEMICOLONS.test(text)) return plainGap(text, place, eol);
  const buf = formatTokens(text);
  const { types, ends, length } = buf;
  let hasSemicolon = false;
  for (let i = 0; i < length; i++) if (types[i] === T.SEMI) hasSemicolon = true;
  let out = place.after && !place.openEnd && (place.before || hasSemicolon) ? ';' : '';
  const groups = commentGroups(buf, text, 0, length, 0, place.after ? 0 : 1);
  let k = 0;
  if (place.after && groups[0] && groups[0].breaksBefore === 0) {
    out += ' ' + groupText(groups[0]);
    k = 1;
  }
  // Line breaks after the last comment group (or after the statement when there is none).
  // (What follows it is white space and semicolons.)
  const lastComment = lastIndexOfComment(types, length);
  const tail = countLineBreaksIn(text, lastComment >= 0 ? ends[lastComment]! : 0, text.length);

  const own = groups.slice(k);
  // Separators before each own-line group and before the next statement: blank where the source had one.
  const blank = [...own.map((g) => g.breaksBefore >= 2), tail >= 2];
  if (place.after && place.before && !blank.includes(true)) blank[0] = true;
  let first = !place.after;
  for (let g = 0; g < own.length; g++) {
    if (!first) out += blank[g] ? eol + eol : eol;
    out += groupText(own[g]!);
    first = false;
  }
  if (place.before) {
    if (!first) out += blank[own.length] ? eol + eol : eol;
  } else if (out.length > 0 || place.after) out += eol;
  return out;
}

/** What the lexer reads as white space, and `;`: most gaps hold nothing else. */
const BLANKS_AND_SEMICOLONS = /^[ \t\r\n\f\v\u00A0\uFEFF;]*$/;

/** formatGap for a gap without comments, without lexing it (the same result). */
function plainGap(text: string, place: GapPlace, eol: string): string {
  if (!place.after) return '';
  const semicolon = !place.openEnd && (place.before || text.includes(';'));
  return place.before ? (semicolon ? endAndBlank(eol) : eol + eol) : semicolon ? ';' + eol : eol;
}

/** ';' and a blank line (the gap between two statements, most gaps): one string, not one made per gap. */
const endAndBlank = (eol: string) => (eol === '\n' ? ';\n\n' : eol === '\r\n' ? ';\r\n\r\n' : ';' + eol + eol);

function lastIndexOfComment(types: Uint8Array, length: number): number {
  for (let i = length - 1; i >= 0; i--) if (isCommentType(types[i]!)) return i;
  return -1;
}
