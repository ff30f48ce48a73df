import type { Token } from 'antlr4ng';
import { T, isHidden } from '../syntax/lex';
import { commentGroups, endsLine, groupText, type CommentGroup } from './commentGroups';
import type { FormatOptions } from './options';

/** One space between two tokens, except inside `(…)` edges, before `,` and around the dots of a name. */
export function spaceBetween(previous: number, current: number): boolean {
  if (current === T.COMMA || current === T.RPAREN || current === T.DOT) return false;
  return previous !== T.LPAREN && previous !== T.DOT;
}

/**
 * Writes one statement's significant tokens, in their order, with the line breaks the layout asks
 * for; the comments between them are written on the way, byte for byte: a comment that trailed a
 * token on its line still trails it, a comment that stood on its own line still does. Nothing but
 * white space (and the case of the words the layout upper-cases) can differ from the input.
 */
export class StatementWriter {
  private readonly parts: string[] = [];
  /** Visual column of the end of the output (tabs count as indentSize). */
  col = 0;
  /** Indent level of the current output line. */
  lineIndent = 0;
  private last = -1;
  private lastType = -1;
  private carried: CommentGroup[] = [];
  private mustBreak = false;
  private planned: number | undefined;
  private plannedCommentIndent: number | undefined;
  /** Set when a word that opens statements (CREATE, SHOW…) starts a line: the result is checked. */
  verbAtLineStart = false;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly options: FormatOptions,
    private readonly eol: string,
    private readonly verbs: ReadonlySet<string>,
  ) {}

  /** The next token starts a line at this indent level (own-line comments before it may use another). */
  breakBefore(indent: number, commentIndent?: number): void {
    this.planned = indent;
    this.plannedCommentIndent = commentIndent;
  }

  /** True when a comment lies between the significant tokens at `from` and `to` (all-token indices). */
  hasComments(from: number, to: number): boolean {
    for (let i = from; i <= to; i++) if (isHidden(this.tokens[i]!) && this.tokens[i]!.type !== T.WS) return true;
    return false;
  }

  /** Writes tokens[index] as `text` (its own text unless the layout changes its case). */
  emit(index: number, text: string): void {
    const token = this.tokens[index]!;
    const groups = this.carried.length
      ? [...this.carried, ...commentGroups(this.tokens, this.last + 1, index)]
      : commentGroups(this.tokens, this.last + 1, index);
    if (token.type === T.COMMA && this.planned === undefined) {
      // A comma stays glued to the item it ends; comments before it move after it.
      this.write(text);
      this.carried = groups;
      this.advance(index, token);
      return;
    }
    this.carried = [];
    // The statement's first token starts its first line, whatever it is.
    if (this.last < 0) this.planned = undefined;
    this.flushComments(groups);
    if (this.mustBreak || this.planned !== undefined) {
      const continuation = this.planned === undefined;
      const indent = this.planned ?? this.lineIndent + 1;
      this.newLine(indent);
      if (!continuation) this.lineIndent = indent;
      if (this.last >= 0 && token.type === T.IDENTIFIER && this.verbs.has(text.toUpperCase())) this.verbAtLineStart = true;
      this.write(text);
    } else {
      if (this.last >= 0 && spaceBetween(this.lastType, token.type)) this.write(' ');
      this.write(text);
    }
    this.planned = undefined;
    this.plannedCommentIndent = undefined;
    this.advance(index, token);
  }

  /** The statement's text; comments carried past a last comma are written too. */
  finish(): string {
    this.flushComments(this.carried);
    this.carried = [];
    return this.parts.join('');
  }

  /** Trailing comments go on the current line; comments that stood on their own line get lines of their own. */
  private flushComments(groups: readonly CommentGroup[]): void {
    let k = 0;
    if (groups[0] && groups[0].breaksBefore === 0) {
      this.write(' ' + groupText(groups[0]));
      this.mustBreak = endsLine(groups[0]);
      k = 1;
    }
    if (k === groups.length) return;
    const indent = this.plannedCommentIndent ?? this.planned ?? this.lineIndent + 1;
    for (; k < groups.length; k++) {
      this.newLine(indent);
      this.write(groupText(groups[k]!));
    }
    this.mustBreak = true;
  }

  private advance(index: number, token: Token): void {
    this.last = index;
    this.lastType = token.type;
  }

  private newLine(indent: number): void {
    this.parts.push(this.eol);
    this.col = 0;
    this.mustBreak = false;
    if (indent > 0) this.write(this.options.useTabs ? '\t'.repeat(indent) : ' '.repeat(indent * this.options.indentSize));
  }

  private write(s: string): void {
    this.parts.push(s);
    const nl = s.lastIndexOf('\n');
    const line = nl >= 0 ? s.slice(nl + 1) : s;
    if (nl >= 0) this.col = 0;
    for (let i = 0; i < line.length; i++) this.col += line.charCodeAt(i) === 9 ? this.options.indentSize : 1;
  }
}
