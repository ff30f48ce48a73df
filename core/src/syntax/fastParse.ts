import type { Token } from 'antlr4ng';
import {
  KIND_BACKTICKED,
  KIND_INTEGER,
  KIND_LIST,
  KIND_NAME,
  KIND_STRING,
  Scalar,
  VALUE_CODE_SHIFT,
  Word,
  WithPair,
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
  /** The token offset of source's first character: a statement's own copy holds its text alone (0: the whole text). */
  offset?: number;
}

const NO_TYPES = new Uint8Array(0);
const NO_OFFSETS = new Int32Array(0);

// The tokens being read, as variables of this module rather than fields of a reader object: one
// statement is read at a time (begin(), then end()), and most of a first analysis runs before V8
// optimises this code, where a field read is a property lookup each time and a variable's a slot.

/** The next token to read. */
let at = 0;
/** The last token of the name dottedRest read. */
let lastPart = 0;
/** The parser's tokens (see parserTokens): types as the parser sees them, at [from, length). */
let types: Uint8Array = NO_TYPES;
let starts: Int32Array = NO_OFFSETS;
let ends: Int32Array = NO_OFFSETS;
/** See TokenBuffer.upperAlready. */
let upperAlready: Uint8Array = NO_TYPES;
let from = 0;
let length = 0;
let base = 0;
/** Where errors recovered from go; undefined: none is recovered from. */
let errors: RawSyntaxError[] | undefined = undefined;
/** The same tokens as objects (their texts, and the tokens errors name), or where to read the texts. */
let tokens: readonly Token[] | undefined = undefined;
/** Where the texts are read when the tokens are not objects (TokenTexts' fields). */
let source: TextSource = '';
let copyText = false;
let sourceOffset = 0;

function begin(
  view: TokenBuffer,
  first: number,
  to: number,
  offset: number,
  errorList: RawSyntaxError[] | undefined,
  tokenList: readonly Token[] | undefined,
  textSource: TokenTexts | undefined,
): void {
  at = first;
  ended = false;
  types = view.types;
  starts = view.starts;
  ends = view.ends;
  upperAlready = view.upperAlready;
  from = first;
  length = to;
  base = offset;
  errors = errorList;
  tokens = tokenList;
  if (textSource !== undefined) {
    source = textSource.source;
    copyText = textSource.copyText;
    sourceOffset = textSource.offset ?? 0;
  }
}

/**
 * Lets go of the tokens and texts read (a whole document's text, a statement's token objects, the
 * last scalar read: a slice of that text when read without copies).
 */
function end(): void {
  types = upperAlready = NO_TYPES;
  starts = ends = NO_OFFSETS;
  errors = undefined;
  tokens = undefined;
  source = readText = readValue = '';
}

/** The type of the token at `at`, or -1 past the end. */
function peek(): number {
  return at < length ? types[at]! : -1;
}

/** Takes a token of `type`: its index. */
function take(type: number): number {
  const i = at;
  if (i >= length || types[i] !== type) throw REJECT;
  at = i + 1;
  return i;
}

function text(k: number): string {
  if (tokens !== undefined) return tokens[k]!.text ?? '';
  const s = source.slice(starts[k]! - sourceOffset, ends[k]! - sourceOffset);
  return copyText ? flatCopy(s) : s;
}

function span(first: number, last: number) {
  return { start: starts[first]! - base, end: ends[last]! - base };
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
/**
 * After a statement of more tokens than this the lists let go of their storage: they held its nodes
 * (a WITH of 350,000 pairs: 60 MB), at any level (a short list holds a node that holds a long one),
 * until other statements overwrote them, in a language server for as long as it ran.
 */
const MAX_KEPT_SCRATCH = 4096;

function releaseAfter(tokens: number): void {
  if (tokens > MAX_KEPT_SCRATCH) releaseScratch();
}

/**
 * Lets go of the nodes the lists hold: called once a walk of a whole text is done (see
 * document/reanalysis.ts walkStatements, the formatter's segments). A text read without copies of
 * its words (analyze(), the formatter) gives nodes whose words of 13 characters or more are slices
 * holding the whole text: the last statements' nodes kept that text until other statements were
 * parsed (the language server: a document's text per format).
 */
export function releaseScratch(): void {
  scratchElements.length = scratchWithPairs.length = scratchItems.length = scratchGroupPairs.length = 0;
}

const isIdentifier = (type: number) => type === T.IDENTIFIER || type === T.BACKTICKED;

/** name : identifier (DOT identifier)* */
function name(): WordNode {
  const first = at;
  const type = first < length ? types[first]! : -1;
  if (type !== T.IDENTIFIER && type !== T.BACKTICKED) throw REJECT;
  const i = first + 1;
  let word = text(first);
  if (i >= length || types[i] !== T.DOT) {
    // One part (most names): no concatenation.
    at = i;
    const backticked = type === T.BACKTICKED;
    return new Word(
      starts[first]! - base,
      ends[first]! - base,
      word,
      backticked || upperAlready[first] === 1 ? word : upperCase(word),
      backticked,
      false,
    );
  }
  at = i;
  word = dottedRest(word);
  return new Word(starts[first]! - base, ends[lastPart]! - base, word, upperCase(word), false, true);
}

/**
 * The rest of a name, `(DOT identifier)*`, after its first part (`first`, the token before `at`):
 * the whole name's text; `at` is after it and lastPart its last token.
 */
function dottedRest(first: string): string {
  let whole = first;
  let i = at;
  let last = i - 1;
  while (i < length && types[i] === T.DOT) {
    const t = i + 1;
    if (t >= length || !isIdentifier(types[t]!)) throw REJECT;
    whole += '.' + text(t);
    last = t;
    i = t + 1;
  }
  at = i;
  lastPart = last;
  return whole;
}

// The last scalar readString, readInteger or readName read, as variables: a WITH pair holds its
// key and value as fields (see WithPair), with no node made for them, and a value's node is made
// from them (stringOrInteger, nameValue).
let readKind = 0;
let readStart = 0;
let readEnd = 0;
let readText = '';
let readValue = '';

/** The STRING token t into the read variables. */
function readString(t: number): void {
  const s = text(t);
  readKind = KIND_STRING;
  readStart = starts[t]! - base;
  readEnd = ends[t]! - base;
  readText = s;
  readValue = unquote(s, "'");
}

/** The INTEGER token t into the read variables. */
function readInteger(t: number): void {
  const s = text(t);
  readKind = KIND_INTEGER;
  readStart = starts[t]! - base;
  readEnd = ends[t]! - base;
  readText = s;
  readValue = s;
}

/** name, as a value, at `at` into the read variables (no upper case: nothing reads it). */
function readName(): void {
  const first = at;
  const type = first < length ? types[first]! : -1;
  if (type !== T.IDENTIFIER && type !== T.BACKTICKED) throw REJECT;
  at = first + 1;
  const whole = dottedRest(text(first));
  const last = lastPart;
  // A backticked name is one part: a dotted name is never backticked (as name()'s WordNode).
  const backticked = last === first && type === T.BACKTICKED;
  readKind = backticked ? KIND_BACKTICKED : KIND_NAME;
  readStart = starts[first]! - base;
  readEnd = ends[last]! - base;
  readText = whole;
  readValue = backticked ? unquote(whole, '`') : whole;
}

/**
 * name as a value: a ScalarNode of kind 'name', made without the WordNode (and its upper case)
 * that name() would make and nothing would read.
 */
function nameValue(): ScalarNode {
  readName();
  return new Scalar('name', readStart, readEnd, readText, readValue);
}

/** STRING | INTEGER (the token at `at`), or undefined. */
function stringOrInteger(): ScalarNode | undefined {
  const i = at;
  if (i >= length) return undefined;
  const type = types[i];
  if (type === T.STRING) {
    at = i + 1;
    readString(i);
    return new Scalar('string', readStart, readEnd, readText, readValue);
  }
  if (type === T.INTEGER) {
    at = i + 1;
    readInteger(i);
    return new Scalar('integer', readStart, readEnd, readText, readValue);
  }
  return undefined;
}

/** value / withValue : STRING | INTEGER | list | name */
function value(): ValueNode {
  const s = stringOrInteger();
  if (s) return s;
  if (peek() === T.LPAREN) return list();
  return nameValue();
}

/** list : LPAREN (listItem (COMMA listItem)*)? RPAREN */
function list(): ListNode {
  const open = take(T.LPAREN);
  const items = scratchItems;
  let count = 0;
  if (peek() !== T.RPAREN) {
    if (endsHere(AT_END.listStart)) return openList(open, count);
    for (;;) {
      items[count++] = listItem();
      if (ended || endsHere(AT_END.listNext)) return openList(open, count);
      if (peek() !== T.COMMA) break;
      at++;
      if (endsHere(AT_END.listItem)) return openList(open, count);
    }
  }
  const close = take(T.RPAREN);
  return { kind: 'list', span: span(open, close), items: items.slice(0, count), closed: true };
}

/** A list the statement ends in (see AT_END): its first `count` items, up to the last token. */
function openList(open: number, count: number): ListNode {
  return { kind: 'list', span: span(open, at - 1), items: scratchItems.slice(0, count), closed: false };
}

/** listItem : STRING | INTEGER | group ; group : groupPair+ ; groupPair : name EQ (STRING | INTEGER) */
function listItem(): ListItemNode {
  const s = stringOrInteger();
  if (s) return s;
  const first = at;
  const pairs = scratchGroupPairs;
  let count = 0;
  do {
    const pairFirst = at;
    const key = name();
    if (endsHere(AT_END.equals)) {
      pairs[count++] = { key, value: undefined, span: span(pairFirst, at - 1) };
      break;
    }
    take(T.EQ);
    if (endsHere(AT_END.groupValue)) {
      pairs[count++] = { key, value: undefined, span: span(pairFirst, at - 1) };
      break;
    }
    const v = stringOrInteger();
    if (!v) throw REJECT;
    pairs[count++] = { key, value: v, span: span(pairFirst, at - 1) };
  } while (isIdentifier(peek()));
  const group: GroupNode = { kind: 'group', span: span(first, at - 1), pairs: pairs.slice(0, count) };
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
function withEquals(): void {
  const type = peek();
  if (type === T.EQ || type === -1 || errors === undefined || tokens === undefined) {
    take(T.EQ);
    return;
  }
  const t = tokens[at]!;
  if (at + 1 < length && types[at + 1] === T.EQ) {
    errors.push({ token: t, msg: `extraneous input ${tokenErrorDisplay(t)} expecting '='`, expected: [T.EQ] });
    at += 2;
  } else if (startsWithValue(type)) {
    errors.push({ token: t, msg: `missing '=' at ${tokenErrorDisplay(t)}`, expected: [T.EQ] });
  } else throw REJECT;
}

/**
 * What ANTLR reports where the statement ends after a clause's '=', inside a WITH or inside a list
 * (the commonest states while one is typed): a key, an '=', a value or a list's next item expected.
 * Its error strategy reports the mismatch at the end (describeSyntaxError takes a null token as the
 * end, as it takes ANTLR's EOF), and its parse keeps what came before, a property or pair whose key
 * was read with no value, and the list open. The errors that expect a ')' are never shown (the
 * statement's parenthesis issue says it), so their words are ANTLR's as far as this can tell.
 */
const AT_END = {
  listStart: {
    msg: "mismatched input 'EOF' expecting {')', STRING, BACKTICKED, INTEGER, IDENTIFIER}",
    expected: [T.RPAREN, T.STRING, T.BACKTICKED, T.INTEGER, T.IDENTIFIER],
  },
  listNext: { msg: "mismatched input 'EOF' expecting {',', ')'}", expected: [T.COMMA, T.RPAREN] },
  listItem: {
    msg: "mismatched input 'EOF' expecting {STRING, BACKTICKED, INTEGER, IDENTIFIER}",
    expected: [T.STRING, T.BACKTICKED, T.INTEGER, T.IDENTIFIER],
  },
  groupValue: { msg: "mismatched input 'EOF' expecting {STRING, INTEGER}", expected: [T.STRING, T.INTEGER] },
  key: { msg: "mismatched input 'EOF' expecting {STRING, BACKTICKED, IDENTIFIER}", expected: [T.STRING, T.BACKTICKED, T.IDENTIFIER] },
  equals: { msg: "mismatched input 'EOF' expecting '='", expected: [T.EQ] },
  value: {
    msg: "mismatched input 'EOF' expecting {'(', STRING, BACKTICKED, INTEGER, IDENTIFIER}",
    expected: [T.LPAREN, T.STRING, T.BACKTICKED, T.INTEGER, T.IDENTIFIER],
  },
};

/** Set once endsHere() has found the end: the rules above the one that found it end too. */
let ended = false;

/** True, with ANTLR's error pushed, when the statement ends here and errors are recovered from. */
function endsHere(expected: { msg: string; expected: number[] }): boolean {
  if (at < length || errors === undefined) return false;
  errors.push({ token: null, msg: expected.msg, expected: expected.expected });
  ended = true;
  return true;
}

/** withClause : WITH withPair (COMMA withPair)* ; withPair : withKey EQ withValue */
function withClause(): WithNode {
  const keyword = take(T.WITH);
  const pairs = scratchWithPairs;
  let count = 0;
  for (;;) {
    const pairFirst = at;
    const firstType = peek();
    if (endsHere(AT_END.key)) break;
    if (firstType === -1) throw REJECT;
    if (firstType === T.STRING) readString(at++);
    else readName();
    const pairStart = starts[pairFirst]! - base;
    const keyCode = readKind;
    const keyEnd = readEnd;
    const keyValue = readValue;
    if (endsHere(AT_END.equals)) {
      pairs[count++] = new WithPair(pairStart, ends[at - 1]! - base, keyCode, keyEnd, keyValue, 0, 0, undefined);
      break;
    }
    withEquals();
    if (endsHere(AT_END.value)) {
      pairs[count++] = new WithPair(pairStart, ends[at - 1]! - base, keyCode, keyEnd, keyValue, 0, 0, undefined);
      break;
    }
    // withValue : STRING | INTEGER | list | name (value(), without a node for a scalar)
    const valueType = peek();
    if (valueType === T.LPAREN) {
      const l = list();
      const codes = keyCode | (KIND_LIST << VALUE_CODE_SHIFT);
      pairs[count++] = new WithPair(pairStart, ends[at - 1]! - base, codes, keyEnd, keyValue, l.span.start, l.span.end, l);
    } else {
      if (valueType === T.STRING) readString(at++);
      else if (valueType === T.INTEGER) readInteger(at++);
      else readName();
      const codes = keyCode | (readKind << VALUE_CODE_SHIFT);
      pairs[count++] = new WithPair(pairStart, ends[at - 1]! - base, codes, keyEnd, keyValue, readStart, readEnd, readValue);
    }
    if (peek() !== T.COMMA) break;
    at++;
  }
  return { kind: 'with', span: span(keyword, at - 1), keyword: span(keyword, keyword), pairs: pairs.slice(0, count) };
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
 * fastElements' tokens: one buffer for every call (four typed arrays per statement were most of what
 * the formatter's parse of a statement allocated), not one grown past MAX_KEPT_VIEW tokens (memory).
 */
const MAX_KEPT_VIEW = 1 << 14;
const keptView = new TokenBuffer();

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
  // The module's buffer (the read ends before this returns), unless the statement is very long.
  const view = significant.length > MAX_KEPT_VIEW ? new TokenBuffer(significant.length) : keptView;
  view.length = 0;
  for (let i = 0; i < significant.length; i++) view.push(significant[i]!.type, significant[i]!.start, tokenEnd(significant[i]!));
  begin(view, 0, view.length, base, errors, significant, undefined);
  return elementsRead();
}

/**
 * fastElements of the parser tokens [from, to) of `view` (no error is recovered from: a statement
 * with one goes to parseStatement with its tokens as objects), their texts read from `texts`.
 */
export function fastElementsOf(view: TokenBuffer, from: number, to: number, base: number, texts: TokenTexts): ElementNode[] | undefined {
  if (to <= from) return undefined;
  begin(view, from, to, base, undefined, undefined, texts);
  return elementsRead();
}

/** The elements of the tokens begin() was given, or undefined; end()s the reading either way. */
function elementsRead(): ElementNode[] | undefined {
  const out = scratchElements;
  let count = 0;
  try {
    while (at < length) {
      const type = types[at]!;
      if (type === T.WITH) {
        out[count++] = withClause();
        continue;
      }
      // Not before the first element: there ANTLR recovers otherwise (single-token deletion).
      if (errors !== undefined && at > from && !startsElement(type)) {
        if (tokens === undefined) throw REJECT;
        const t = tokens[at]!;
        errors.push({
          token: t,
          msg: `extraneous input ${tokenErrorDisplay(t)} expecting ${ELEMENT_OR_END_WORDS}`,
          expected: ELEMENT_OR_END,
        });
        while (at < length && !startsElement(types[at]!)) at++;
        continue;
      }
      const first = at;
      const key = name();
      if (peek() === T.EQ) {
        const eq = take(T.EQ);
        if (endsHere(AT_END.value)) {
          out[count++] = { kind: 'property', span: span(first, at - 1), key, eq: span(eq, eq), value: undefined };
          continue;
        }
        const v = value();
        out[count++] = { kind: 'property', span: span(first, at - 1), key, eq: span(eq, eq), value: v };
      } else {
        out[count++] = key;
      }
    }
    return out.slice(0, count);
  } catch (e) {
    if (e === REJECT) return undefined;
    throw e;
  } finally {
    releaseAfter(length - from);
    end();
  }
}
