import { T, upperCase } from '../syntax/lex';
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
/** A statement's blocks until it has one: shared, never written to (emit replaces it first). */
const NO_BLOCKS: string[] = [];
const NO_TYPES = new Uint8Array(0);
const NO_VERBS: ReadonlySet<string> = new Set();

/**
 * Writes one statement's significant tokens, in their order, with the line breaks the layout asks
 * for; the comments between them are written on the way, byte for byte: a comment that trailed a
 * token on its line still trails it, a comment that stood on its own line still does. Nothing but
 * white space (and the case of the words the layout upper-cases) can differ from the input.
 */
/** Parts written before they are joined into one block (see StatementWriter.blocks). */
const PARTS_PER_BLOCK = 8192;

export class StatementWriter {
  /**
   * The statement's parts so far: parts[0, count). One list for every statement, cut to `count`
   * before it is joined (V8 keeps its room: see joined), so that a statement's parts grow no list of
   * their own (a list grown by push from empty for each statement was a tenth of formatting's
   * allocation). Join reads a list's whole length (and makes a buffer of it): one that kept every
   * statement's most parts, emptied with '', tripled what join allocated.
   */
  private readonly parts: string[] = [];
  private count = 0;
  /**
   * The parts written so far, joined PARTS_PER_BLOCK at a time: a statement of millions of tokens
   * held a string and a list slot for each token, space and line break until its end (a 14 MB
   * statement's format peaked at 690 MB). Most statements have a few dozen parts and no block.
   */
  private blocks: string[] = NO_BLOCKS;
  /** Visual column of the end of the output (tabs count as indentSize). */
  col = 0;
  /** Indent level of the current output line. */
  lineIndent = 0;
  /** The last token written (none yet: the one before the statement's first). */
  private last = -1;
  private lastType = -1;
  private carried: CommentGroup[] = NO_GROUPS;
  private mustBreak = false;
  private planned: number | undefined = undefined;
  private plannedCommentIndent: number | undefined = undefined;
  /** Set when a word that opens statements (CREATE, SHOW…) starts a line: the result is checked. */
  verbAtLineStart = false;

  private tokens: TokenBuffer = undefined!;
  private types: Uint8Array = NO_TYPES;
  private first = 0;
  private text = '';
  private comments = false;
  private options: FormatOptions = undefined!;
  private eol = '';
  private verbs: ReadonlySet<string> = NO_VERBS;
  /**
   * The line starts written for each indent level (indents[level]) with tabs or with `indentUnit`
   * spaces a level: kept while the options say the same (a run's options are a new object each
   * run; compared by identity, the cache was made again in each, a path V8's optimised code of
   * the run before had not seen).
   */
  private indents: string[] = [];
  private indentTabs = false;
  private indentUnit = -1;

  /**
   * Sets the writer up for a statement (one writer writes statement after statement: see
   * formatStatement.ts's StatementLayout). `tokens`: the statement's tokens from `first` on (white
   * space left out), scanned from `text`. `comments`: whether any is a comment (most statements
   * have none: no token between two significant ones is then looked at).
   */
  reset(
    tokens: TokenBuffer,
    first: number,
    text: string,
    comments: boolean,
    options: FormatOptions,
    eol: string,
    verbs: ReadonlySet<string>,
  ): void {
    this.tokens = tokens;
    this.types = tokens.types;
    this.first = first;
    this.text = text;
    this.comments = comments;
    this.options = options;
    this.eol = eol;
    this.verbs = verbs;
    if (this.indentTabs !== options.useTabs || this.indentUnit !== options.indentSize) {
      this.indents = [];
      this.indentTabs = options.useTabs;
      this.indentUnit = options.indentSize;
    }
    // Left by a statement whose layout stopped half way (a fault): emptied.
    if (this.count > 0) this.joined();
    this.blocks = NO_BLOCKS;
    this.col = 0;
    this.lineIndent = 0;
    this.last = first - 1;
    this.lastType = -1;
    this.carried = NO_GROUPS;
    this.mustBreak = false;
    this.planned = undefined;
    this.plannedCommentIndent = undefined;
    this.verbAtLineStart = false;
  }

  /**
   * Lets go of the statement's text, tokens and parts once its text is made: a part of 13
   * characters or more is a slice that holds the whole text it was cut from (a document's).
   */
  release(): void {
    this.parts.fill('');
    this.tokens = undefined!;
    this.types = NO_TYPES;
    this.text = '';
    this.blocks = NO_BLOCKS;
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
    if (this.count >= PARTS_PER_BLOCK) {
      if (this.blocks === NO_BLOCKS) this.blocks = [];
      this.blocks.push(this.joined());
    }
    const type = this.types[index]!;
    if (!this.comments && this.planned === undefined && this.last >= this.first) {
      // Most tokens: on the line of the one before, in a statement without comments (nothing is
      // carried, nothing must break), a space between them unless spaceBetween says none (a comma).
      if (spaceBetween(this.lastType, type)) {
        this.put(' ');
        this.col++;
      }
      this.writeToken(text, type);
      this.last = index;
      this.lastType = type;
      return;
    }
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
      if (
        this.last >= this.first &&
        type === T.IDENTIFIER &&
        this.verbs.has(this.tokens.upperAlready[index] === 1 ? text : upperCase(text))
      )
        this.verbAtLineStart = true;
      this.writeToken(text, type);
    } else {
      if (this.last >= this.first && spaceBetween(this.lastType, type)) {
        this.put(' ');
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
    const last = this.joined();
    if (this.blocks === NO_BLOCKS) return last;
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

  private put(s: string): void {
    this.parts[this.count++] = s;
  }

  /**
   * The parts joined; the next ones are written from the list's start. Cutting a list's length keeps
   * its room unless it leaves most of it unused (V8 trims a list's storage only then).
   */
  private joined(): string {
    this.parts.length = this.count;
    this.count = 0;
    return this.parts.join('');
  }

  private advance(index: number, type: number): void {
    this.last = index;
    this.lastType = type;
  }

  private newLine(indent: number): void {
    this.put(this.eol);
    this.col = 0;
    this.mustBreak = false;
    if (indent > 0)
      this.write((this.indents[indent] ??= this.options.useTabs ? '\t'.repeat(indent) : ' '.repeat(indent * this.options.indentSize)));
  }

  /** write() of a significant token: only a string or a backticked name can hold a tab (none holds a line break). */
  private writeToken(s: string, type: number): void {
    if (type === T.STRING || type === T.BACKTICKED) this.write(s);
    else {
      this.put(s);
      this.col += s.length;
    }
  }

  private write(s: string): void {
    this.put(s);
    // The columns of what follows the last line break (a tab counts indentSize): indexOf finds
    // the tabs (few texts hold one) rather than a loop over every character of every token.
    const lineStart = s.lastIndexOf('\n') + 1;
    if (lineStart > 0) this.col = 0;
    if (s.indexOf('\t', lineStart) < 0) this.col += s.length - lineStart;
    else for (let i = lineStart; i < s.length; i++) this.col += s.charCodeAt(i) === 9 ? this.options.indentSize : 1;
  }
}
