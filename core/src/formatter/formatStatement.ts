import type { Token } from 'antlr4ng';
import type { ResolvedClause, ResolvedStatement } from '../model/resolved';
import { resolveStatement } from '../model/resolve';
import { heads } from '../statementAnalysis';
import type { ElementNode, ListItemNode, ListNode, ValueNode, WithNode, WordNode } from '../syntax/elements';
import type { StatementTokens } from '../document';
import { T, lex, upperCase } from '../syntax/lex';
import { parseChunk } from '../syntax/parseStatement';
import { Scanner, isHiddenType } from '../syntax/scanner';
import { splitStatements } from '../syntax/splitStatements';
import type { TokenBuffer } from '../syntax/tokenBuffer';
import { formatTokens } from './formatTokens';
import { isKeywordValue, isPlain } from './keywordCase';
import type { FormatOptions } from './options';
import { StatementWriter, spaceBetween } from './writer';

/**
 * What an element is to the layout, marked at its first offset (see StatementLayout.marks): none
 * (0), or stays on the line, starts a clause's line, is a SET, a WITH of the statement's, or a WITH
 * of a clause's.
 */
const SAME = 1;
const CLAUSE = 2;
const SET = 3;
const WITH = 4;
const OWNED_WITH = 5;
const ROLE = 7;
/** Marks a word the layout writes in upper case. */
const UPPER = 8;

export type OpenEnd = 'line' | 'file';

export interface FormattedStatement {
  text: string;
  /** False when the statement stays as written. */
  formatted: boolean;
  /**
   * What an unterminated token at its end swallows: 'line' (a string or backticked name: a `;`
   * after it would be inside it), 'file' (a comment: anything after it would be).
   */
  openEnd?: OpenEnd;
}

/**
 * The canonical text of one statement (its first to last significant character); the text as
 * written when it has a syntax error, or when its layout would make the splitter read it differently.
 */
export function formatStatement(text: string, options: FormatOptions, eol: string): FormattedStatement {
  const buf = formatTokens(text);
  const count = buf.length;
  if (count === 0) return { text, formatted: false };
  const tokens: StatementTokens = {
    buf,
    texts: { source: text, copyText: false },
    tokensOf: (first, last) => tokenObjects(text, buf, first, last),
  };
  const got = formatStatementTokens(text, tokens, 0, count - 1, options, eol);
  if (got.formatted) return got;
  // As written, white space around it included; open at its end only when its last token ends it.
  return { text, formatted: false, openEnd: buf.ends[count - 1] === text.length ? got.openEnd : undefined };
}

/**
 * formatStatement of the statement made of tokens first..last of `tokens.buf` (white space left
 * out), offsets into `text`: a statement of a whole text's walk (eachStatement), not scanned again.
 */
export function formatStatementTokens(
  text: string,
  tokens: StatementTokens,
  first: number,
  last: number,
  options: FormatOptions,
  eol: string,
): FormattedStatement {
  const buf = tokens.buf;
  // The analysis's parse of a statement's tokens (token objects only for one it cannot take whole).
  const parsed = parseChunk(buf, first, last, tokens.texts, tokens.tokensOf);
  if (parsed.issues.length > 0 || parsed.elements.length === 0) {
    const type = buf.types[last];
    const openEnd =
      type === T.UNTERMINATED_COMMENT ? 'file' : type === T.UNTERMINATED_STRING || type === T.UNTERMINATED_BACKTICK ? 'line' : undefined;
    return { text: text.slice(buf.starts[first]!, buf.ends[last]!), formatted: false, openEnd };
  }
  const out = layout.reset(buf, first, last, text, resolveStatement(parsed, heads), options, eol).render();
  return out === undefined ? { text: text.slice(buf.starts[first]!, buf.ends[last]!), formatted: false } : { text: out, formatted: true };
}

/** Tokens first..last of `tokens` as objects, as lex(text) makes them. */
function tokenObjects(text: string, tokens: TokenBuffer, first: number, last: number): Token[] {
  const scanner = new Scanner(text);
  const out: Token[] = [];
  for (let i = first; i <= last; i++) out.push(scanner.tokenAt(tokens.types[i]!, tokens.starts[i]!, tokens.ends[i]!));
  return out;
}

/** Where an element, a value or a list item starts: a word's and a scalar's own field (their `span` is made on each read). */
function startOf(e: ElementNode | ValueNode | ListItemNode): number {
  return e.kind === 'word' || e.kind === 'string' || e.kind === 'integer' || e.kind === 'name' ? e.start : e.span.start;
}

/** Where it ends (see startOf). */
function endOf(e: ElementNode | ValueNode | ListItemNode): number {
  return e.kind === 'word' || e.kind === 'string' || e.kind === 'integer' || e.kind === 'name' ? e.end : e.span.end;
}

/** A statement longer than this (UTF-16 units) gets marks of its own (see StatementLayout.marks), not kept after it. */
const MOST_KEPT_MARKS = 1 << 16;

/**
 * The layout of one statement at a time: one object (and one writer, one array of marks) for
 * every statement a run formats, set up again by reset(). The formatter does not
 * re-enter itself. A layout, a writer, a Set, a Map and a list of parts made per statement were a
 * fifth of what formatting allocated, and their fields' definitions a call each into V8 in code not yet optimised,
 * where most of a `svcsql format` run is.
 */
class StatementLayout {
  private readonly writer = new StatementWriter();
  /**
   * Each element's role and the words written in upper case, by offset from the statement's start
   * (where the parse's nodes start): a read by offset, where a Map of roles and a Set of tokens
   * were made per statement (clearing one instead allocates its table again).
   */
  private marks = new Uint8Array(256);
  private known = false;

  private types: Uint8Array = new Uint8Array(0);
  private starts: Int32Array = new Int32Array(0);
  private ends: Int32Array = new Int32Array(0);
  private upperAlready: Uint8Array = new Uint8Array(0);
  /** The statement's first token, and one past its last. */
  private first = 0;
  private end = 0;
  /** The statement's first offset in `text`. */
  private base = 0;
  private text = '';
  private resolved: ResolvedStatement = undefined!;
  private options: FormatOptions = undefined!;

  /** Sets the layout up for a statement: tokens first..last of `tokens`, offsets into `text`. */
  reset(
    tokens: TokenBuffer,
    first: number,
    last: number,
    text: string,
    resolved: ResolvedStatement,
    options: FormatOptions,
    eol: string,
  ): this {
    const { types, starts, ends } = tokens;
    this.types = types;
    this.starts = starts;
    this.ends = ends;
    this.upperAlready = tokens.upperAlready;
    this.first = first;
    this.end = last + 1;
    this.base = starts[first]!;
    this.text = text;
    this.resolved = resolved;
    this.options = options;
    const length = ends[last]! - this.base;
    if (length > this.marks.length) this.marks = new Uint8Array(Math.max(length, 2 * this.marks.length));
    else this.marks.fill(0, 0, length);
    let comments = false;
    for (let i = first; i <= last && !comments; i++) comments = isHiddenType(types[i]!);
    this.writer.reset(tokens, first, text, comments, options, eol, heads.verbs);
    this.known = !!resolved.spec;
    this.classify();
    return this;
  }

  /** Lets go of what the statement held (its text, its marks when many). */
  private release(): void {
    this.text = '';
    this.resolved = undefined!;
    if (this.marks.length > MOST_KEPT_MARKS) this.marks = new Uint8Array(256);
    this.writer.release();
  }

  /**
   * Index into the buffer of the significant token starting at an offset from the statement's start
   * (the parse's spans), or undefined: a search of the tokens' starts, where a map of them made for
   * every statement held 3 million entries for a statement of 14 MB (half its format's time).
   */
  private at(offset: number): number | undefined {
    const target = offset + this.base;
    const starts = this.starts;
    let low = this.first;
    let high = this.end;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (starts[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return low < this.end && starts[low] === target && !isHiddenType(this.types[low]!) ? low : undefined;
  }

  render(): string | undefined {
    const elements = this.resolved.parsed.elements;
    let setPrefix = false;
    for (let i = 0; i < elements.length; i++) {
      const e = elements[i]!;
      const role = this.marks[startOf(e)]! & ROLE;
      if (role === SET) {
        // A SET for one clause starts that clause's line; a SET for several ends the line before them.
        setPrefix = this.clausesAfter(i) === 1;
        if (setPrefix) this.writer.breakBefore(1);
      } else if (role === CLAUSE) {
        if (!setPrefix) this.writer.breakBefore(1);
        setPrefix = false;
      } else if (role === WITH) this.writer.breakBefore(1);
      else if (role === OWNED_WITH) this.writer.breakBefore(2);
      else if (role === 0 && e.kind === 'word' && i > 0 && elements[i - 1]!.kind !== 'word') {
        // A word nothing accounts for, after a clause: it starts a line of its own rather than trail the clause.
        this.writer.breakBefore(1);
      }
      this.element(e);
    }
    const out = this.writer.finish();
    const verbAtLineStart = this.writer.verbAtLineStart;
    this.release();
    // A word that opens statements at the start of a line could end this statement there: check.
    if (verbAtLineStart && splitStatements(lex(out), heads, out).length !== 1) return undefined;
    return out;
  }

  /** Roles and upper-casing from the resolved statement (indexed loops: an array's iterator makes an object a step until V8 optimises the loop). */
  private classify(): void {
    const r = this.resolved;
    if (this.known) for (let k = 0; k < r.head.length; k++) this.upperWord(r.head[k]!);
    for (let k = 0; k < r.sets.length; k++) {
      const s = r.sets[k]!;
      this.setRole(s.start, SET);
      this.upperWord(s);
    }
    for (let k = 0; k < r.clauses.length; k++) this.classifyClause(r.clauses[k]!);
    for (let k = 0; k < r.with.length; k++) this.setRole(r.with[k]!.span.start, WITH);
  }

  private classifyClause(c: ResolvedClause): void {
    this.setRole(c.span.start, CLAUSE);
    if (c.with) this.setRole(c.with.span.start, OWNED_WITH);
    // KEY = value: one key word, the property's (keyWords would make a list of it).
    const property = c.property;
    if (property) {
      if (c.spec && isPlain(property.key)) this.upperWord(property.key);
    } else {
      const words = c.keyWords;
      // The rest of a keyword-form clause (ROLE and the name of TO ROLE name) stays on its line.
      for (let k = 1; k < words.length; k++) this.setRole(words[k]!.start, SAME);
      if (c.value) this.setRole(startOf(c.value), SAME);
      // Only keys the catalog knows for this statement: a misspelt key keeps its spelling.
      if (c.spec) for (let k = 0; k < words.length; k++) if (isPlain(words[k]!)) this.upperWord(words[k]!);
    }
    if (c.spec && c.value?.kind === 'name' && isKeywordValue(c.spec, c.value)) this.marks[c.value.start] |= UPPER;
  }

  /** The element at `offset` has `role` (a later one replaces an earlier). */
  private setRole(offset: number, role: number): void {
    this.marks[offset] = (this.marks[offset]! & UPPER) | role;
  }

  private upperWord(w: WordNode): void {
    if (isPlain(w)) this.marks[w.start] |= UPPER;
  }

  /** Clauses between the SET at elements[i] and the next SET. */
  private clausesAfter(i: number): number {
    const elements = this.resolved.parsed.elements;
    let n = 0;
    for (let k = i + 1; k < elements.length; k++) {
      const role = this.marks[startOf(elements[k]!)]! & ROLE;
      if (role === SET) break;
      if (role === CLAUSE) n++;
    }
    return n;
  }

  private element(e: ElementNode): void {
    switch (e.kind) {
      case 'word':
        this.tokensIn(e.start, e.end);
        return;
      case 'property':
        this.tokensIn(e.key.start, e.key.end);
        this.emit(this.at(e.eq.start)!);
        if (e.value) this.value(e.value, false);
        return;
      case 'with':
        this.withClause(e);
        return;
    }
  }

  private value(v: ValueNode, commaAfter: boolean): void {
    if (v.kind === 'list') this.list(v, commaAfter);
    else this.tokensIn(v.start, v.end);
  }

  /** Emits every significant token within [start, end), in order: the index of the last (of the first token when none). */
  private tokensIn(start: number, end: number): number {
    const limit = end + this.base;
    let i = this.at(start)!;
    let last = i;
    for (; i < this.end && this.starts[i]! < limit; i++) {
      if (isHiddenType(this.types[i]!)) continue;
      this.emit(i);
      last = i;
    }
    return last;
  }

  /**
   * Writes token i, in upper case where the layout says (upperCase makes no copy of a word written
   * in upper case already; the scanner marked those it saw: upperAlready).
   */
  private emit(i: number): void {
    const text = this.text.slice(this.starts[i]!, this.ends[i]!);
    const upper = (this.marks[this.starts[i]! - this.base]! & UPPER) !== 0 || this.types[i] === T.WITH;
    this.writer.emit(i, upper && this.upperAlready[i] !== 1 ? upperCase(text) : text);
  }

  /** Width of the tokens of [start, end) written on one line. */
  private flatWidth(start: number, end: number): number {
    let width = 0;
    let previous = -1;
    const limit = end + this.base;
    for (let i = this.at(start)!; i < this.end && this.starts[i]! < limit; i++) {
      const type = this.types[i]!;
      if (isHiddenType(type)) continue;
      if (previous >= 0 && spaceBetween(previous, type)) width++;
      width += this.ends[i]! - this.starts[i]!;
      previous = type;
    }
    return width;
  }

  /** The last significant token of [start, end), whose first is `first`. */
  private lastIn(first: number, end: number): number {
    let last = first;
    const limit = end + this.base;
    for (let i = first; i < this.end && this.starts[i]! < limit; i++) if (!isHiddenType(this.types[i]!)) last = i;
    return last;
  }

  /** On one line while it fits and holds no comment; else one item per line. */
  private list(list: ListNode, commaAfter: boolean): void {
    const { start, end } = list.span;
    const open = this.at(start)!;
    const close = this.lastIn(open, end);
    const fits = this.writer.col + 1 + this.flatWidth(start, end) + (commaAfter ? 1 : 0) <= this.options.lineWidth;
    const comments = this.writer.hasComments(open, close);
    if (!comments && (fits || list.items.length === 0)) {
      this.tokensIn(start, end);
      return;
    }
    this.emit(open);
    const base = this.writer.lineIndent;
    const items = list.items;
    for (let k = 0; k < items.length; k++) {
      const item = items[k]!;
      this.writer.breakBefore(base + 1);
      this.commaAfter(this.tokensIn(startOf(item), endOf(item)));
    }
    this.writer.breakBefore(base, base + 1);
    this.emit(close);
  }

  /** Emits the comma that follows token `last`, if any. */
  private commaAfter(last: number): boolean {
    for (let i = last + 1; i < this.end; i++) {
      const type = this.types[i]!;
      if (isHiddenType(type)) continue;
      if (type !== T.COMMA) return false;
      this.emit(i);
      return true;
    }
    return false;
  }

  /** One pair on the WITH line; several, or any comment, one pair per line below a lone WITH. */
  private withClause(w: WithNode): void {
    const keyword = this.at(w.keyword.start)!;
    const last = this.lastIn(keyword, w.span.end);
    this.emit(keyword);
    const pairs = w.pairs;
    const oneLine = pairs.length === 1 && !this.writer.hasComments(keyword, last);
    const base = this.writer.lineIndent;
    for (let p = 0; p < pairs.length; p++) {
      const pair = pairs[p]!;
      if (!oneLine) this.writer.breakBefore(base + 1);
      // The pair's offsets, not its nodes (see WithPair: a node is made when read).
      const eq = this.nextSignificant(this.tokensIn(pair.start, pair.keyEnd));
      if (eq !== undefined) this.emit(eq);
      const isLast = p === pairs.length - 1;
      const kind = pair.valueKind;
      if (kind === 'list') this.list(pair.value as ListNode, !isLast);
      else if (kind !== undefined) this.tokensIn(pair.valueStart, pair.valueEnd);
      if (!isLast) this.commaAfter(this.lastIn(this.at(pair.start)!, pair.end));
    }
  }

  private nextSignificant(i: number): number | undefined {
    for (let k = i + 1; k < this.end; k++) if (!isHiddenType(this.types[k]!)) return k;
    return undefined;
  }
}

/** The one layout (see StatementLayout). */
const layout = new StatementLayout();
