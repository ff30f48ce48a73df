import type { Token } from 'antlr4ng';
import type { ResolvedClause, ResolvedStatement } from '../model/resolved';
import { resolveStatement } from '../model/resolve';
import { heads } from '../statementAnalysis';
import type { ElementNode, ListNode, ScalarNode, ValueNode, WithNode, WordNode } from '../syntax/elements';
import type { StatementTokens } from '../document';
import { T, lex } from '../syntax/lex';
import { parseChunk } from '../syntax/parseStatement';
import { Scanner, isHiddenType } from '../syntax/scanner';
import { splitStatements } from '../syntax/splitStatements';
import type { TokenBuffer } from '../syntax/tokenBuffer';
import type { Span } from '../types';
import { formatTokens } from './formatTokens';
import { isKeywordValue, isPlain } from './keywordCase';
import type { FormatOptions } from './options';
import { StatementWriter, spaceBetween } from './writer';

/** What an element is to the layout. */
type Role = 'same' | 'clause' | 'set' | 'with' | 'ownedWith';

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
  const out = new StatementLayout(buf, first, last, text, resolveStatement(parsed, heads), options, eol).render();
  return out === undefined ? { text: text.slice(buf.starts[first]!, buf.ends[last]!), formatted: false } : { text: out, formatted: true };
}

/** Tokens first..last of `tokens` as objects, as lex(text) makes them. */
function tokenObjects(text: string, tokens: TokenBuffer, first: number, last: number): Token[] {
  const scanner = new Scanner(text);
  const out: Token[] = [];
  for (let i = first; i <= last; i++) out.push(scanner.tokenAt(tokens.types[i]!, tokens.starts[i]!, tokens.ends[i]!));
  return out;
}

class StatementLayout {
  private readonly writer: StatementWriter;
  private readonly upper = new Set<number>();
  private readonly roles = new Map<number, Role>();
  private readonly known: boolean;

  private readonly types: Uint8Array;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  /** The statement's first token, and one past its last. */
  private readonly first: number;
  private readonly end: number;
  /** The statement's first offset in `text`. */
  private readonly base: number;

  constructor(
    tokens: TokenBuffer,
    first: number,
    last: number,
    private readonly text: string,
    private readonly resolved: ResolvedStatement,
    private readonly options: FormatOptions,
    eol: string,
  ) {
    const { types, starts, ends } = tokens;
    this.types = types;
    this.starts = starts;
    this.ends = ends;
    this.first = first;
    this.end = last + 1;
    this.base = starts[first]!;
    let comments = false;
    for (let i = first; i <= last && !comments; i++) comments = isHiddenType(types[i]!);
    this.writer = new StatementWriter(tokens, first, text, comments, options, eol, heads.verbs);
    this.known = !!resolved.spec;
    this.classify();
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
      const role = this.roles.get(e.span.start) ?? 'same';
      if (role === 'set') {
        // A SET for one clause starts that clause's line; a SET for several ends the line before them.
        setPrefix = this.clausesAfter(i) === 1;
        if (setPrefix) this.writer.breakBefore(1);
      } else if (role === 'clause') {
        if (!setPrefix) this.writer.breakBefore(1);
        setPrefix = false;
      } else if (role === 'with') this.writer.breakBefore(1);
      else if (role === 'ownedWith') this.writer.breakBefore(2);
      else if (!this.roles.has(e.span.start) && e.kind === 'word' && i > 0 && elements[i - 1]!.kind !== 'word') {
        // A word nothing accounts for, after a clause: it starts a line of its own rather than trail the clause.
        this.writer.breakBefore(1);
      }
      this.element(e);
    }
    const out = this.writer.finish();
    // A word that opens statements at the start of a line could end this statement there: check.
    if (this.writer.verbAtLineStart && splitStatements(lex(out), heads, out).length !== 1) return undefined;
    return out;
  }

  /** Roles and upper-casing from the resolved statement. */
  private classify(): void {
    const r = this.resolved;
    if (this.known) for (const w of r.head) this.upperWord(w);
    for (const s of r.sets) {
      this.roles.set(s.span.start, 'set');
      this.upperWord(s);
    }
    for (const c of r.clauses) this.classifyClause(c);
    for (const w of r.with) this.roles.set(w.span.start, 'with');
  }

  private classifyClause(c: ResolvedClause): void {
    this.roles.set(c.span.start, 'clause');
    if (c.with) this.roles.set(c.with.span.start, 'ownedWith');
    // The rest of a keyword-form clause (ROLE and the name of TO ROLE name) stays on its line.
    for (const w of c.keyWords.slice(1)) this.roles.set(w.span.start, 'same');
    if (c.value && !c.property) this.roles.set(c.value.span.start, 'same');
    // Only keys the catalog knows for this statement: a misspelt key keeps its spelling.
    if (!c.spec) return;
    for (const w of c.keyWords) if (isPlain(w)) this.upperWord(w);
    if (c.value?.kind === 'name' && isKeywordValue(c.spec, c.value)) this.upper.add(this.at(c.value.span.start)!);
  }

  private upperWord(w: WordNode): void {
    if (!isPlain(w)) return;
    const i = this.at(w.span.start);
    if (i !== undefined) this.upper.add(i);
  }

  /** Clauses between the SET at elements[i] and the next SET. */
  private clausesAfter(i: number): number {
    const elements = this.resolved.parsed.elements;
    let n = 0;
    for (let k = i + 1; k < elements.length; k++) {
      const role = this.roles.get(elements[k]!.span.start);
      if (role === 'set') break;
      if (role === 'clause') n++;
    }
    return n;
  }

  private element(e: ElementNode): void {
    switch (e.kind) {
      case 'word':
        this.tokensOf(e.span);
        return;
      case 'property':
        this.tokensOf(e.key.span);
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
    else this.scalar(v);
  }

  private scalar(s: ScalarNode): void {
    this.tokensOf(s.span);
  }

  /** Emits every significant token within span, in order. */
  private tokensOf(span: Span): void {
    this.tokensIn(span.start, span.end);
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

  private emit(i: number): void {
    const text = this.text.slice(this.starts[i]!, this.ends[i]!);
    this.writer.emit(i, this.upper.has(i) || this.types[i] === T.WITH ? text.toUpperCase() : text);
  }

  /** Width of span's tokens written on one line. */
  private flatWidth(span: Span): number {
    let width = 0;
    let previous = -1;
    const limit = span.end + this.base;
    for (let i = this.at(span.start)!; i < this.end && this.starts[i]! < limit; i++) {
      const type = this.types[i]!;
      if (isHiddenType(type)) continue;
      if (previous >= 0 && spaceBetween(previous, type)) width++;
      width += this.ends[i]! - this.starts[i]!;
      previous = type;
    }
    return width;
  }

  private firstLast(span: Span): [number, number] {
    const first = this.at(span.start)!;
    let last = first;
    const limit = span.end + this.base;
    for (let i = first; i < this.end && this.starts[i]! < limit; i++) if (!isHiddenType(this.types[i]!)) last = i;
    return [first, last];
  }

  /** On one line while it fits and holds no comment; else one item per line. */
  private list(list: ListNode, commaAfter: boolean): void {
    const [open, close] = this.firstLast(list.span);
    const fits = this.writer.col + 1 + this.flatWidth(list.span) + (commaAfter ? 1 : 0) <= this.options.lineWidth;
    const comments = this.writer.hasComments(open, close);
    if (!comments && (fits || list.items.length === 0)) {
      this.tokensOf(list.span);
      return;
    }
    this.emit(open);
    const base = this.writer.lineIndent;
    for (const item of list.items) {
      this.writer.breakBefore(base + 1);
      this.tokensOf(item.span);
      this.commaAfter(item.span);
    }
    this.writer.breakBefore(base, base + 1);
    this.emit(close);
  }

  /** Emits the comma that follows span, if any. */
  private commaAfter(span: Span): boolean {
    const [, last] = this.firstLast(span);
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
    const [, last] = this.firstLast(w.span);
    this.emit(keyword);
    const oneLine = w.pairs.length === 1 && !this.writer.hasComments(keyword, last);
    const base = this.writer.lineIndent;
    for (let p = 0; p < w.pairs.length; p++) {
      const pair = w.pairs[p]!;
      if (!oneLine) this.writer.breakBefore(base + 1);
      // The pair's offsets, not its nodes (see WithPair: a node is made when read).
      const eq = this.nextSignificant(this.tokensIn(pair.start, pair.keyEnd));
      if (eq !== undefined) this.emit(eq);
      const isLast = p === w.pairs.length - 1;
      const kind = pair.valueKind;
      if (kind === 'list') this.list(pair.value as ListNode, !isLast);
      else if (kind !== undefined) this.tokensIn(pair.valueStart, pair.valueEnd);
      if (!isLast) this.commaAfter(pair.span);
    }
  }

  private nextSignificant(i: number): number | undefined {
    for (let k = i + 1; k < this.end; k++) if (!isHiddenType(this.types[k]!)) return k;
    return undefined;
  }
}
