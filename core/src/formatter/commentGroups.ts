import { T, countLineBreaksIn } from '../syntax/lex';
import type { TokenBuffer } from '../syntax/tokenBuffer';

/**
 * Comments that shared one source line, with the line breaks before the first of them (counted in
 * white space only: a block comment's own line breaks are its text). A group with no line break
 * before it trails what precedes it; any other group stands on its own line(s).
 */
export interface CommentGroup {
  /** The comments' texts, in order. */
  texts: string[];
  /** The last comment is a line comment: what follows must start a new line. */
  endsLine: boolean;
  breaksBefore: number;
}

/** A complete comment (line or block): what the formatter keeps byte for byte. */
export const isCommentType = (type: number): boolean => type === T.LINE_COMMENT || type === T.BLOCK_COMMENT;

/**
 * The comments of tokens [from, to) of `buf` (scanned from `text`, white space left out) grouped
 * by source line, the line breaks counted in the white space before each token and before `to`
 * (before `from`: from offset `spaceFrom`; before that, `breaks`).
 */
export function commentGroups(buf: TokenBuffer, text: string, from: number, to: number, spaceFrom: number, breaks = 0): CommentGroup[] {
  const { types, starts, ends } = buf;
  const groups: CommentGroup[] = [];
  let current: CommentGroup | undefined;
  for (let i = from; i <= to; i++) {
    const n = countLineBreaksIn(text, i === from ? spaceFrom : ends[i - 1]!, i < buf.length ? starts[i]! : text.length);
    if (n > 0) {
      breaks += n;
      current = undefined;
    }
    if (i === to) break;
    const type = types[i]!;
    if (!isCommentType(type)) continue;
    const comment = text.slice(starts[i]!, ends[i]!);
    if (current) {
      current.texts.push(comment);
      current.endsLine = type === T.LINE_COMMENT;
    } else {
      current = { texts: [comment], endsLine: type === T.LINE_COMMENT, breaksBefore: breaks };
      groups.push(current);
      breaks = 0;
    }
  }
  return groups;
}

/** The group's text: its comments, byte for byte, one space between two on a line. */
export function groupText(group: CommentGroup): string {
  return group.texts.join(' ');
}
