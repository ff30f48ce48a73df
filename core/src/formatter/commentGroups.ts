import type { Token } from 'antlr4ng';
import { T, countLineBreaks } from '../syntax/lex';

/**
 * Comments that shared one source line, with the line breaks before the first of them (counted in
 * white space only: a block comment's own line breaks are its text). A group with no line break
 * before it trails what precedes it; any other group stands on its own line(s).
 */
export interface CommentGroup {
  comments: Token[];
  breaksBefore: number;
}

export const isComment = (t: Token): boolean => t.type === T.LINE_COMMENT || t.type === T.BLOCK_COMMENT;

/** The comments of tokens[from, to) grouped by source line; `breaks` counts line breaks before `from`. */
export function commentGroups(tokens: readonly Token[], from: number, to: number, breaks = 0): CommentGroup[] {
  const groups: CommentGroup[] = [];
  let current: CommentGroup | undefined;
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    if (t.type === T.WS) {
      const n = countLineBreaks(t.text ?? '');
      if (n > 0) {
        breaks += n;
        current = undefined;
      }
      continue;
    }
    if (!isComment(t)) continue;
    if (current) current.comments.push(t);
    else {
      current = { comments: [t], breaksBefore: breaks };
      groups.push(current);
      breaks = 0;
    }
  }
  return groups;
}

/** The group's text: its comments, byte for byte, one space between two on a line. */
export function groupText(group: CommentGroup): string {
  return group.comments.map((c) => c.text ?? '').join(' ');
}

/** True when what follows the group must start a new line (it ends with a line comment). */
export function endsLine(group: CommentGroup): boolean {
  return group.comments[group.comments.length - 1]!.type === T.LINE_COMMENT;
}
