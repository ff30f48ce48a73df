import type { Token } from 'antlr4ng';
import {
  Scalar,
  Word,
  type ElementNode,
  type GroupNode,
  type GroupPairNode,
  type ListItemNode,
  type ListNode,
  type ScalarNode,
  type ValueNode,
  type WithNode,
  type WithPairNode,
  type WordNode,
} from './elements';
import { T, tokenEnd, unquote, upperCase } from './lex';
import type { RawSyntaxError } from './syntaxMessages';
import { TokenBuffer } from './tokenBuffer';
import type { TextSource } from '../text/blockText';
import { flatCopy } from '../text/flatCopy';

// A hand-written recogniser of grammar/SvcSql.g4 for statements WITHOUT syntax errors.
// Profiling showed the ANTLR parse (tree building: five contexts per word) at about 60% of a
// full analysis; most statements in a file are valid, so they take this path and ANTLR only
// sees statements this recogniser rejects, where its error recovery and messages are needed.
// For accepted input the grammar has exactly one parse (LL(2)), so the elements equal what
// parseStatement builds from the ANTLR tree; test/core/fastParse.test.ts compares the two.

/** Thrown (cheaply, no stack) when the input leaves the grammar: the caller falls back to ANTLR. */
const REJECT = { rejected: true };

/** Where the words' and strings' texts come from when the tokens are not objects: a source text. */
export interface TokenTexts {
  source: TextSource;
  /** Texts of 13 characters or more are flat copies (see flatCopy), as Scanner's copyText. */
  copyText: boolean;
}

const NO_TYPES = new Uint8Array(0);
const NO_OFFSETS = new Int32Array(0);

/**
 * The tokens being read. One reader for every statement (reset, and let go of its tokens and
 * texts after each): a reader per statement was a tenth of the fast parse's allocation.
 */
class Reader {
  i = 0;
  /** The last token of the name dottedRest read. */
  last = 0;
  /** The parser's tokens (see parserTokens): types as the parser sees them, at [from, length). */
  types: Uint8Array = NO_TYPES;
  starts: Int32Array = NO_OFFSETS;
  ends: Int32Array = NO_OFFSETS;
  /** See TokenBuffer.upperAlready. */
  upperAlready: Uint8Array = NO_TYPES;
  from = 0;
  length = 0;
  base = 0;
  /** Where errors recovered from go; undefined: none is recovered from. */
  errors: RawSyntaxError[] | undefined = undefined;
  /** The same tokens as objects (their texts, and the tokens errors name), or where to read the texts. */
  tokens: readonly Token[] | undefined = undefined;
  texts: TokenTexts | undefined = undefined;

  reset(
    view: TokenBuffer,
    from: number,
    to: number,
    base: number,
    errors: RawSyntaxError[] | undefined,
    tokens: readonly Token[] | undefined,
    texts: TokenTexts | undefined,
  ): this {
    this.i = from;
    this.types = view.types;
    this.starts = view.starts;
    this.ends = view.ends;
    this.upperAlready = view.upperAlready;
    this.from = from;
    this.length = to;
    this.base = base;
    this.errors = errors;
    this.tokens = tokens;
    this.texts = texts;
    return this;
  }

  /** Lets go of the tokens and texts read (a whole document's text, a statement's token objects). */
  release(): void {
    this.types = this.upperAlready = NO_TYPES;
    this.starts = this.ends = NO_OFFSETS;
    this.errors = undefined;
    this.tokens = undefined;
    this.texts = undefined;
  }

  peek(k = 0): number {
    const at = this.i + k;
    return at < this.length ? this.types[at]! : -1;
  }

  /** Takes a token of `type`: its index. */
  take(type: number): number {
    const at = this.i;
    if (at >= this.length || this.types[at] !== type) throw REJECT;
    this.i++;
    return at;
  }

  text(k: number): string {
    if (this.tokens !== undefined) return this.tokens[k]!.text ?? '';
    const s = this.texts!.source.slice(this.starts[k]!, this.ends[k]!);
    return this.texts!.copyText ? flatCopy(s) : s;
  }

  span(first: number, last: number) {
    return { start: this.starts[first]! - this.base, end: this.ends[last]! - this.base };
  }
}

/**
 * The lists being filled, one per level of the grammar's nesting (a list is never inside a list):
 * each node gets an exact-size copy. A list grown by push from empty has room for 17 (~150 bytes),
 * and most hold one to three. Each is written from index 0 with a count of its own and never
 * emptied: `length = 0` has V8 drop the list's storage, and the next push allocate room for 17
 * again. What a list holds past its count (a previous statement's nodes) is overwritten next time.
 */
const scratchElements: ElementNode[] = [];
const scratchWithPairs: WithPairNode[] = [];
const scratchItems: ListItemNode[] = [];
const scratchGroupPairs: GroupPairNode[] = [];

const isIdentifier = (type: number) => type === T.IDENTIFIER || type === T.BACKTICKED;

/** name : identifier (DOT identifier)* */
function name(r: Reader): WordNode {
  const types = r.types;
  const length = r.length;
  const first = r.i;
  const type = first < length ? types[first]! : -1;
  if (type !== T.IDENTIFIER && type !== T.BACKTICKED) throw REJECT;
  const i = first + 1;
  let text = r.text(first);
  if (i >= length || types[i] !== T.DOT) {
    // One part (most names): no concatenation.
    r.i = i;
    const backticked = type === T.BACKTICKED;
    return new Word(
      r.starts[first]! - r.base,
      r.ends[first]! - r.base,
      text,
      backticked || r.upperAlready[first] === 1 ? text : upperCase(text),
      backticked,
      false,
    );
  }
  r.i = i;
  text = dottedRest(r, text);
  return new Word(r.starts[first]! - r.base, r.ends[r.last]! - r.base, text, upperCase(text), false, true);
}

/**
 * The rest of a name, `(DOT identifier)*`, after its first part (`text`, the token before r.i): the
 * whole name's text; r.i is after it and r.last its last token.
 */
function dottedRest(r: Reader, text: string): string {
  const types = r.types;
  const length = r.length;
  let i = r.i;
  let last = i - 1;
  while (i < length && types[i] === T.DOT) {
    const t = i + 1;
    if (t >= length || !isIdentifier(types[t]!)) throw REJECT;
    text += '.' + r.text(t);
    last = t;
    i = t + 1;
  }
  r.i = i;
  r.last = last;
  return text;
}

function scalar(r: Reader, t: number, kind: 'string' | 'integer'): ScalarNode {
  const text = r.text(t);
  return new Scalar(kind, r.starts[t]! - r.base, r.ends[t]! - r.base, text, kind === 'string' ? unquote(text, "'") : text);
}

/**
 * name as a value: a ScalarNode of kind 'name', made without the WordNode (and its upper case)
 * that name() would make and nothing would read.
 */
function nameValue(r: Reader): ScalarNode {
  const types = r.types;
  const length = r.length;
  const first = r.i;
  const type = first < length ? types[first]! : -1;
  if (type !== T.IDENTIFIER && type !== T.BACKTICKED) throw REJECT;
  r.i = first + 1;
  const text = dottedRest(r, r.text(first));
  const last = r.last;
  // A backticked name is one part: a dotted name is never backticked (as name()'s WordNode).
  const backticked = last === first && type === T.BACKTICKED;
  return new Scalar('name', r.starts[first]! - r.base, r.ends[last]! - r.base, text, backticked ? unquote(text, '`') : text);
}

/** STRING | INTEGER (the token at the reader), or undefined. */
function stringOrInteger(r: Reader): ScalarNode | undefined {
  const at = r.i;
  if (at >= r.length) return undefined;
  const type = r.types[at];
  if (type === T.STRING) {
    r.i = at + 1;
    const text = r.text(at);
    return new Scalar('string', r.starts[at]! - r.base, r.ends[at]! - r.base, text, unquote(text, "'"));
  }
  if (type === T.INTEGER) {
    r.i = at + 1;
    const text = r.text(at);
    return new Scalar('integer', r.starts[at]! - r.base, r.ends[at]! - r.base, text, text);
  }
  return undefined;
}

/** value / withValue : STRING | INTEGER | list | name */
function value(r: Reader): ValueNode {
  const s = stringOrInteger(r);
  if (s) return s;
  if (r.peek() === T.LPAREN) return list(r);
  return nameValue(r);
}

/** list : LPAREN (listItem (COMMA listItem)*)? RPAREN */
function list(r: Reader): ListNode {
  const open = r.take(T.LPAREN);
  const items = scratchItems;
  let count = 0;
  if (r.peek() !== T.RPAREN) {
    for (;;) {
      items[count++] = listItem(r);
      if (r.peek() !== T.COMMA) break;
      r.i++;
    }
  }
  const close = r.take(T.RPAREN);
  return { kind: 'list', span: r.span(open, close), items: items.slice(0, count), closed: true };
}

/** listItem : STRING | INTEGER | group ; group : groupPair+ ; groupPair : name EQ (STRING | INTEGER) */
function listItem(r: Reader): ListItemNode {
  const s = stringOrInteger(r);
  if (s) return s;
  const first = r.i;
  const pairs = scratchGroupPairs;
  let count = 0;
  do {
    const pairFirst = r.i;
    const key = name(r);
    r.take(T.EQ);
    const v = stringOrInteger(r);
    if (!v) throw REJECT;
    pairs[count++] = { key, value: v, span: r.span(pairFirst, r.i - 1) };
  } while (isIdentifier(r.peek()));
  const group: GroupNode = { kind: 'group', span: r.span(first, r.i - 1), pairs: pairs.slice(0, count) };
  return group;
}

/** The tokens that can start a withValue: STRING, INTEGER, LPAREN, IDENTIFIER, BACKTICKED. */
const startsWithValue = (type: number) =>
  type === T.STRING || type === T.INTEGER || type === T.LPAREN || type === T.IDENTIFIER || type === T.BACKTICKED;

/**
 * The '=' of a WITH pair. Without it, ANTLR's Parser.match recovers inline
 * (DefaultErrorStrategy.recoverInline): one extra token before the '=' is skipped ("extraneous
 * input"), or a missing '=' before a value is assumed ("missing '='"); else the statement goes to ANTLR.
 */
function withEquals(r: Reader): void {
  const type = r.peek();
  if (type === T.EQ || type === -1 || r.errors === undefined || r.tokens === undefined) {
    r.take(T.EQ);
    return;
  }
  const t = r.tokens[r.i]!;
  if (r.peek(1) === T.EQ) {
    r.errors.push({ token: t, msg: `extraneous input ${tokenErrorDisplay(t)} expecting '='`, expected: [T.EQ] });
    r.i += 2;
  } else if (startsWithValue(type)) {
    r.errors.push({ token: t, msg: `missing '=' at ${tokenErrorDisplay(t)}`, expected: [T.EQ] });
  } else throw REJECT;
}

/** withClause : WITH withPair (COMMA withPair)* ; withPair : withKey EQ withValue */
function withClause(r: Reader): WithNode {
  const keyword = r.take(T.WITH);
  const pairs = scratchWithPairs;
  let count = 0;
  for (;;) {
    const pairFirst = r.i;
    const firstType = r.peek();
    if (firstType === -1) throw REJECT;
    const key = firstType === T.STRING ? scalar(r, r.i++, 'string') : nameValue(r);
    withEquals(r);
    const v = value(r);
    pairs[count++] = { span: r.span(pairFirst, r.i - 1), key, value: v };
    if (r.peek() !== T.COMMA) break;
    r.i++;
  }
  return { kind: 'with', span: r.span(keyword, r.i - 1), keyword: r.span(keyword, keyword), pairs: pairs.slice(0, count) };
}

/** What ANTLR expects where an element may start or the statement end: EOF, WITH, BACKTICKED, IDENTIFIER (ascending, as IntervalSet.toArray). */
const ELEMENT_OR_END = [-1, T.WITH, T.BACKTICKED, T.IDENTIFIER];
const ELEMENT_OR_END_WORDS = "{<EOF>, 'WITH', BACKTICKED, IDENTIFIER}";

const startsElement = (type: number) => type === T.IDENTIFIER || type === T.BACKTICKED || type === T.WITH;

/** DefaultErrorStrategy.getTokenErrorDisplay: the token's text, white space escaped, in quotes. */
function tokenErrorDisplay(t: Token): string {
  return `'${(t.text ?? '').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}'`;
}

/**
 * The elements of a statement whose parser tokens (see parserTokens) form a valid `statement`,
 * with spans relative to `base`; undefined when they do not, so that ANTLR parses them.
 * `significant` holds the tokens as objects; fastElementsOf reads them from a TokenBuffer.
 *
 * With `errors`, one kind of syntax error is also taken (the commonest: `LAKE 'x'`, a value whose
 * '=' is missing): tokens that cannot start an element where one may start. ANTLR's error
 * strategy (DefaultErrorStrategy.sync at the loop-back of `element+`) reports the first of them
 * as "extraneous input", skips up to the next token that can start an element, and parses on;
 * this does the same and pushes the error as ANTLR's error listener would see it
 * (test/core/fastParse.test.ts holds the two paths to equal on mutated statements).
 */
export function fastElements(significant: readonly Token[], base: number, errors?: RawSyntaxError[]): ElementNode[] | undefined {
  if (significant.length === 0) return undefined;
  const view = new TokenBuffer(significant.length);
  for (let i = 0; i < significant.length; i++) view.push(significant[i]!.type, significant[i]!.start, tokenEnd(significant[i]!));
  return elementsOfReader(reader.reset(view, 0, view.length, base, errors, significant, undefined));
}

/**
 * fastElements of the parser tokens [from, to) of `view` (no error is recovered from: a statement
 * with one goes to parseStatement with its tokens as objects), their texts read from `texts`.
 */
export function fastElementsOf(view: TokenBuffer, from: number, to: number, base: number, texts: TokenTexts): ElementNode[] | undefined {
  if (to <= from) return undefined;
  return elementsOfReader(reader.reset(view, from, to, base, undefined, undefined, texts));
}

const reader = new Reader();

function elementsOfReader(r: Reader): ElementNode[] | undefined {
  const out = scratchElements;
  let count = 0;
  const errors = r.errors;
  try {
    while (r.i < r.length) {
      const type = r.peek();
      if (type === T.WITH) {
        out[count++] = withClause(r);
        continue;
      }
      // Not before the first element: there ANTLR recovers otherwise (single-token deletion).
      if (errors !== undefined && r.i > r.from && !startsElement(type)) {
        if (r.tokens === undefined) throw REJECT;
        const t = r.tokens[r.i]!;
        errors.push({
          token: t,
          msg: `extraneous input ${tokenErrorDisplay(t)} expecting ${ELEMENT_OR_END_WORDS}`,
          expected: ELEMENT_OR_END,
        });
        while (r.i < r.length && !startsElement(r.peek())) r.i++;
        continue;
      }
      const first = r.i;
      const key = name(r);
      if (r.peek() === T.EQ) {
        const eq = r.take(T.EQ);
        const v = value(r);
        out[count++] = { kind: 'property', span: r.span(first, r.i - 1), key, eq: r.span(eq, eq), value: v };
      } else {
        out[count++] = key;
      }
    }
  } catch (e) {
    if (e === REJECT) return undefined;
    throw e;
  } finally {
    r.release();
  }
  return out.slice(0, count);
}
