import { T } from '../syntax/lex';
import type { TokenBuffer } from '../syntax/tokenBuffer';
import { commentGroups, groupText, isCommentType, type CommentGroup } from './commentGroups';
import type { FormatOptions } from './options';

/** One space between two tokens, except inside `(…)` edges, before `,` and around the dots of a name. */
export function spaceBetween(previous: number, current: number): boolean {
  if (current === T.COMMA || current === T.RPAREN || current === T.DOT) return false;
  return previous !== T.LPAREN && previous !== T.DOT;
}

/** Carried and flushed when there are no comments: one shared list, never written to. */
const NO_GROUPS: CommentGroup[] = [];

/**
 * Writes one statement's significant tokens, in their order, with the line breaks the layout asks
 * for; the comments between them are written on the way, byte for byte: a comment that trailed a
 * token on its line still trails it, a comment that stood on its own line still does. Nothing but
 * white space (and the case of the words the layout upper-cases) can differ from the input.
 */
/** Parts written before they are joined into one block (see StatementWriter.blocks). */
const PARTS_PER_BLOCK = 8192;

export class StatementWriter {
  private parts: string[] = [];
  /**
   * The parts written so far, joined PARTS_PER_BLOCK at a time: a statement of millions of tokens
   * held a string and a list slot for each token, space and line break until its end (a 14 MB
   * statement's format peaked at 690 MB). Most statements have a few dozen parts and no block.
   */
  private readonly blocks: string[] = [];
  /** Visual column of the end of the output (tabs count as indentSize). */
  col = 0;
  /** Indent level of the current output line. */
  lineIndent = 0;
  /** The last token written (none yet: the one before the statement's first). */
  private last: number;
  private lastType = -1;
  private carried: CommentGroup[] = NO_GROUPS;
  private mustBreak = false;
  private planned: number | undefined;
  private plannedCommentIndent: number | undefined;
  /** Set when a word that opens statements (CREATE, SHOW…) starts a line: the result is checked. */
  verbAtLineStart = false;

  private readonly types: Uint8Array;

  /**
   * `tokens`: the statement's tokens from `first` on (white space left out), scanned from `text`.
   * `comments`: whether any is a comment (most statements have none: no token between two
   * significant ones is then looked at).
   */
  constructor(
    private readonly tokens: TokenBuffer,
    private readonly first: number,
    private readonly text: string,
    private readonly comments: boolean,
    private readonly options: FormatOptions,
    private readonly eol: string,
    private readonly verbs: ReadonlySet<string>,
  ) {
    this.types = tokens.types;
    this.last = first - 1;
  }

  /** The next token starts a line at this indent level (own-line comments before it may use another). */
  breakBefore(indent: number, commentIndent?: number): void {
    this.planned = indent;
    this.plannedCommentIndent = commentIndent;
  }

  /** True when a comment lies between the significant tokens at `from` and `to` (all-token indices). */
  hasComments(from: number, to: number): boolean {
    if (!this.comments) return false;
    for (let i = from; i <= to; i++) if (isCommentType(this.types[i]!)) return true;
    return false;
  }

  /** Writes tokens[index] as `text` (its own text unless the layout changes its case). */
  emit(index: number, text: string): void {
    if (this.parts.length >= PARTS_PER_BLOCK) {
      this.blocks.push(this.parts.join(''));
      this.parts = [];
    }
    const type = this.types[index]!;
    let groups = this.carried;
    if (this.comments) {
      // The white space before the statement's first token is not the statement's.
      const spaceFrom = this.last < this.first ? this.tokens.starts[index]! : this.tokens.ends[this.last]!;
      const found = commentGroups(this.tokens, this.text, this.last + 1, index, spaceFrom);
      groups = groups.length ? [...groups, ...found] : found;
    }
    if (type === T.COMMA && this.planned === undefined) {
      // A comma stays glued to the item it ends; comments before it move after it.
      this.writeToken(text, type);
      this.carried = groups;
      this.advance(index, type);
      return;
    }
    this.carried = NO_GROUPS;
    // The statement's first token starts its first line, whatever it is.
    if (this.last < this.first) this.planned = undefined;
    if (groups.length > 0) this.flushComments(groups);
    if (this.mustBreak || this.planned !== undefined) {
      const continuation = this.planned === undefined;
      const indent = this.planned ?? this.lineIndent + 1;
      this.newLine(indent);
      if (!continuation) this.lineIndent = indent;
      if (this.last >= this.first && type === T.IDENTIFIER && this.verbs.has(text.toUpperCase())) this.verbAtLineStart = true;
      this.writeToken(text, type);
    } else {
      if (this.last >= this.first && spaceBetween(this.lastType, type)) {
        this.parts.push(' ');
        this.col++;
      }
      this.writeToken(text, type);
    }
    this.planned = undefined;
    this.plannedCommentIndent = undefined;
    this.advance(index, type);
  }

  /** The statement's text; comments carried past a last comma are written too. */
  finish(): string {
    this.flushComments(this.carried);
    this.carried = NO_GROUPS;
    const last = this.parts.join('');
    if (this.blocks.length === 0) return last;
    this.blocks.push(last);
    return this.blocks.join('');
  }

  /** Trailing comments go on the current line; comments that stood on their own line get lines of their own. */
  private flushComments(groups: readonly CommentGroup[]): void {
    let k = 0;
    if (groups[0] && groups[0].breaksBefore === 0) {
      this.write(' ' + groupText(groups[0]));
      this.mustBreak = groups[0].endsLine;
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

  private advance(index: number, type: number): void {
    this.last = index;
    this.lastType = type;
  }

  private newLine(indent: number): void {
    this.parts.push(this.eol);
    this.col = 0;
    this.mustBreak = false;
    if (indent > 0) this.write(this.options.useTabs ? '\t'.repeat(indent) : ' '.repeat(indent * this.options.indentSize));
  }

  /** write() of a significant token: only a string or a backticked name can hold a tab (none holds a line break). */
  private writeToken(s: string, type: number): void {
    if (type === T.STRING || type === T.BACKTICKED) this.write(s);
    else {
      this.parts.push(s);
      this.col += s.length;
    }
  }

  private write(s: string): void {
    this.parts.push(s);
    // The columns of what follows the last line break (a tab counts indentSize): indexOf finds
    // the tabs (few texts hold one) rather than a loop over every character of every token.
    const lineStart = s.lastIndexOf('\n') + 1;
    if (lineStart > 0) this.col = 0;
    if (s.indexOf('\t', lineStart) < 0) this.col += s.length - lineStart;
    else for (let i = lineStart; i < s.length; i++) this.col += s.charCodeAt(i) === 9 ? this.options.indentSize : 1;
  }
}
