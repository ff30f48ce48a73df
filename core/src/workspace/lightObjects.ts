// The index pass's light path: the definitions and references of one statement read straight from
// its tokens (a range of the file's TokenBuffer, no token objects) and the catalog, without building
// its syntax elements (fastParse.ts), its resolved model (model/resolve.ts) or a list of occurrences
// (statementObjects.ts): most of the index pass's time was those objects, built for every statement
// of every file and read once.
//
// It takes only statements valid as written (no lexical issue, the grammar's `statement` rule
// matched with no error recovery): for them the parse has exactly one result, the elements
// fastParse.ts builds, and this reads the same things from the tokens that resolve.ts and
// statementObjects.ts read from those elements. The catalog says which statement a head opens,
// which clause refers to which kind of object and which keyword clauses a statement has
// (resolve.ts's assignClausesOf / keywordClausesOf, shared): nothing here knows a statement or a
// clause by name. Any other statement returns false and takes the full path.
// test/core/lightObjects.test.ts holds the two paths equal on every corpus, example and fixture
// file, the generated workspace and mutated (broken) statements.
import { objectNameKey, unquotedNameKey } from '../catalog/index';
import type { ObjectKind, StatementSpec } from '../catalog/types';
import { assignClausesOf, keywordClausesOf, type KeywordClause } from '../model/resolve';
import type { HeadEntry } from '../model/headMatcher';
import { heads } from '../statementAnalysis';
import { T, unquote, upperCase } from '../syntax/lex';
import { isHiddenType } from '../syntax/scanner';
import { TokenBuffer } from '../syntax/tokenBuffer';
import type { TextSource } from '../text/blockText';
import type { NameForm, ObjectOccurrence } from './objectOccurrence';

/** Where the light path puts what it finds: absolute offsets of the name as written. */
export type OccurrenceSink = (
  role: ObjectOccurrence['role'],
  kind: ObjectKind,
  key: string,
  name: string,
  form: NameForm,
  start: number,
  end: number,
) => void;

/** Statements the light path took and those it left to the full path (the tests read them). */
export const lightWork = { light: 0, full: 0 };

const WORD = 0;
const PROPERTY = 1;
const WITH = 2;

/** Thrown (no stack) where the tokens leave the grammar or need error recovery: the full path takes the statement. */
const REJECT = { rejected: true };

/** The longest statement head, in words: no more of the leading words are read. */
const LONGEST_HEAD = heads.entries.reduce((n, e) => Math.max(n, e.words.length), 0);

const isName = (type: number) => type === T.IDENTIFIER || type === T.BACKTICKED;

/**
 * One statement's elements as token ranges (reused from statement to statement: no object per
 * element). Element e is a word (`name`), a property (`name = value`) or a WITH clause; its name
 * is tokens [first[e], last[e]] in `parts[e]` parts, a property's value starts at `value[e]`.
 * Token i of the statement's significant tokens is token `base + i` of `buf`.
 */
class Reader {
  buf = EMPTY;
  base = 0;
  source: TextSource = '';
  n = 0;
  kind: number[] = [];
  first: number[] = [];
  last: number[] = [];
  parts: number[] = [];
  value: number[] = [];
  count = 0;
  /** upperIs for heads.findAfter (one function for every statement). */
  readonly wordIs = (e: number, word: string): boolean => this.upperIs(e, word);

  type(i: number): number {
    return i < this.n ? this.buf.types[this.base + i]! : -1;
  }

  /** Token i's text. */
  tokenText(i: number): string {
    const at = this.base + i;
    return this.source.slice(this.buf.starts[at]!, this.buf.ends[at]!);
  }

  expect(i: number, type: number): number {
    if (this.type(i) !== type) throw REJECT;
    return i + 1;
  }

  /** name : identifier (DOT identifier)* ; the index past it. Records it as element `e`'s name. */
  name(i: number, e: number): number {
    if (!isName(this.type(i))) throw REJECT;
    this.first[e] = i;
    let parts = 1;
    let j = i + 1;
    while (this.type(j) === T.DOT) {
      if (!isName(this.type(j + 1))) throw REJECT;
      j += 2;
      parts++;
    }
    this.last[e] = j - 1;
    this.parts[e] = parts;
    return j;
  }

  /** A name not recorded (in a group or a WITH pair). */
  skipName(i: number): number {
    if (!isName(this.type(i))) throw REJECT;
    let j = i + 1;
    while (this.type(j) === T.DOT) {
      if (!isName(this.type(j + 1))) throw REJECT;
      j += 2;
    }
    return j;
  }

  /** value / withValue : STRING | INTEGER | list | name */
  skipValue(i: number): number {
    const type = this.type(i);
    if (type === T.STRING || type === T.INTEGER) return i + 1;
    if (type === T.LPAREN) return this.skipList(i);
    return this.skipName(i);
  }

  /** list : LPAREN (listItem (COMMA listItem)*)? RPAREN ; listItem : STRING | INTEGER | group ; group : (name EQ (STRING | INTEGER))+ */
  skipList(i: number): number {
    let j = this.expect(i, T.LPAREN);
    if (this.type(j) !== T.RPAREN) {
      for (;;) {
        const type = this.type(j);
        if (type === T.STRING || type === T.INTEGER) j++;
        else {
          do {
            j = this.expect(this.skipName(j), T.EQ);
            const v = this.type(j);
            if (v !== T.STRING && v !== T.INTEGER) throw REJECT;
            j++;
          } while (isName(this.type(j)));
        }
        if (this.type(j) !== T.COMMA) break;
        j++;
      }
    }
    return this.expect(j, T.RPAREN);
  }

  /** withClause : WITH withPair (COMMA withPair)* ; withPair : (STRING | name) EQ withValue */
  skipWith(i: number): number {
    let j = i + 1;
    for (;;) {
      if (j >= this.n) throw REJECT;
      j = this.type(j) === T.STRING ? j + 1 : this.skipName(j);
      j = this.skipValue(this.expect(j, T.EQ));
      if (this.type(j) !== T.COMMA) return j;
      j++;
    }
  }

  /** statement : element+ ; element : withClause | name (EQ value)? — false when the tokens hold anything else. */
  read(): boolean {
    let i = 0;
    let e = 0;
    while (i < this.n) {
      if (this.type(i) === T.WITH) {
        this.kind[e] = WITH;
        i = this.skipWith(i);
      } else {
        i = this.name(i, e);
        if (this.type(i) === T.EQ) {
          this.kind[e] = PROPERTY;
          this.value[e] = i + 1;
          i = this.skipValue(i + 1);
        } else this.kind[e] = WORD;
      }
      e++;
    }
    this.count = e;
    return true;
  }

  /** A word neither backticked nor dotted (resolve.ts's plainWord). */
  plain(e: number): boolean {
    return e < this.count && this.kind[e] === WORD && this.parts[e] === 1 && this.type(this.first[e]!) === T.IDENTIFIER;
  }

  /** The name's text as the parse writes it: its parts joined by '.'. */
  text(e: number): string {
    let text = this.tokenText(this.first[e]!);
    for (let j = this.first[e]! + 2; j <= this.last[e]!; j += 2) text += '.' + this.tokenText(j);
    return text;
  }

  backticked(e: number): boolean {
    return this.parts[e] === 1 && this.type(this.first[e]!) === T.BACKTICKED;
  }

  upper(e: number): string {
    const text = this.text(e);
    return this.backticked(e) ? text : upperCase(text);
  }

  /**
   * upper(e) === word for a word without '.': a one-part IDENTIFIER (ASCII letters, digits, '_') is
   * compared in place, without cutting its text and its upper case out of the file.
   */
  upperIs(e: number, word: string): boolean {
    if (this.parts[e] !== 1) return false;
    const at = this.base + this.first[e]!;
    if (this.buf.types[at] !== T.IDENTIFIER) return this.upper(e) === word;
    const start = this.buf.starts[at]!;
    if (this.buf.ends[at]! - start !== word.length) return false;
    return sameUpper(this.source, start, word);
  }

  /**
   * Element e is the word SET (not backticked). A method, not a closure made per statement: the
   * bundles keep function names (esbuild's keepNames), which set a made function's name by
   * Object.defineProperty, a call into the runtime, each time: ~5% of the index worker's time.
   */
  isSetWord(e: number): boolean {
    return this.kind[e] === WORD && !this.backticked(e) && this.upperIs(e, 'SET');
  }

  /** resolve.ts's matchKeywordClause over the elements: the index of the clause in candidates, -1 for none. */
  keywordAt(e: number, candidates: readonly KeywordClause[]): number {
    for (let c = 0; c < candidates.length; c++) {
      const keyWords = candidates[c]!.keyWords;
      let k = 0;
      while (k < keyWords.length && this.plain(e + k) && this.upperIs(e + k, keyWords[k]!)) k++;
      if (k === keyWords.length) return c;
    }
    return -1;
  }

  start(i: number): number {
    return this.buf.starts[this.base + i]!;
  }

  end(i: number): number {
    return this.buf.ends[this.base + i]!;
  }
}

/** text[start, start + word.length) in upper case (ASCII letters only: an IDENTIFIER's) is word. */
function sameUpper(text: TextSource, start: number, word: string): boolean {
  for (let j = 0; j < word.length; j++) {
    let c = text.charCodeAt(start + j);
    if (c >= 97 && c <= 122) c -= 32;
    if (c !== word.charCodeAt(j)) return false;
  }
  return true;
}

/**
 * What the light path reads of one catalog statement, made once from the catalog (resolve.ts's
 * assignClausesOf and keywordClausesOf) into one shape: the catalog's spec objects are literals of
 * many shapes, whose property loads were a good part of the pass, as were two WeakMap lookups
 * per statement. Only clauses that refer to an object kind are kept for KEY = value: another key
 * names nothing.
 */
class LightSpec {
  /** The kind the statement's name creates or refers to; undefined for none. */
  readonly nameKind: ObjectKind | undefined;
  readonly nameRole: ObjectOccurrence['role'];
  readonly hasName: boolean;
  /** The statement takes SET words (a SET word is then not a name or a clause). */
  readonly setUsed: boolean;
  readonly keywords: readonly KeywordClause[];
  /** Per keyword clause: its refersTo when it is a keyword-form clause (KEY name), else undefined. */
  readonly keywordRefersTo: (ObjectKind | undefined)[];
  readonly keywordTakesValue: boolean[];
  /** Referring KEY = value clauses by the upper-case key (a key dotted or backticked). */
  readonly assignByKey = new Map<string, ObjectKind>();
  /** The same keys by slot(length, first character): the keys and, at the same index, their kinds. */
  readonly assignKeys: string[][] = [];
  readonly assignKinds: ObjectKind[][] = [];

  constructor(spec: StatementSpec) {
    const name = spec.name;
    this.hasName = name !== undefined;
    this.nameKind = name ? (name.creates ?? name.refersTo) : undefined;
    this.nameRole = name?.creates ? 'definition' : 'reference';
    this.setUsed = !!spec.set && spec.set !== 'none';
    this.keywords = keywordClausesOf(spec);
    this.keywordRefersTo = this.keywords.map((k) => (k.spec.form === 'keyword' ? k.spec.refersTo : undefined));
    this.keywordTakesValue = this.keywords.map((k) => k.spec.form === 'keyword');
    for (const [key, clause] of assignClausesOf(spec)) {
      if (!clause.refersTo) continue;
      this.assignByKey.set(key, clause.refersTo);
      const at = slot(key.length, key.charCodeAt(0));
      (this.assignKeys[at] ??= []).push(key);
      (this.assignKinds[at] ??= []).push(clause.refersTo);
    }
  }
}

/** A key's slot: its length and its first character, letters without case (c & 31 is the same for 'a' and 'A'). */
const slot = (length: number, firstChar: number) => length * 32 + (firstChar & 31);

/** The records by HeadEntry.index, made at a head's first statement (a statement's heads share one). */
const lightByHead: LightSpec[] = [];
const lightBySpec = new Map<StatementSpec, LightSpec>();

function lightSpecOf(entry: HeadEntry): LightSpec {
  const light = lightByHead[entry.index];
  if (light !== undefined) return light;
  let made = lightBySpec.get(entry.spec);
  if (!made) lightBySpec.set(entry.spec, (made = new LightSpec(entry.spec)));
  return (lightByHead[entry.index] = made);
}

/**
 * The kind property e's key refers to (assignClausesOf(spec).get(r.upper(e))?.refersTo): a one-part
 * IDENTIFIER, about every key, compared in place with the keys of its slot.
 */
function assignKindAt(r: Reader, e: number, light: LightSpec): ObjectKind | undefined {
  const at = r.base + r.first[e]!;
  if (r.parts[e] !== 1 || r.buf.types[at] !== T.IDENTIFIER) return light.assignByKey.get(r.upper(e));
  const start = r.buf.starts[at]!;
  const s = slot(r.buf.ends[at]! - start, r.source.charCodeAt(start));
  const keys = light.assignKeys[s];
  if (keys === undefined) return undefined;
  for (let c = 0; c < keys.length; c++) if (sameUpper(r.source, start, keys[c]!)) return light.assignKinds[s]![c];
  return undefined;
}

const EMPTY = new TokenBuffer(0);
const reader = new Reader();
/** A statement's significant tokens, copied when comments stand between them (few statements). */
const view = new TokenBuffer();

/** One occurrence (the builder keeps flat copies of the strings: FileObjectsBuilder.intern). */
function put(
  out: OccurrenceSink,
  role: ObjectOccurrence['role'],
  kind: ObjectKind,
  name: string,
  key: string,
  form: NameForm,
  start: number,
  end: number,
): void {
  out(role, kind, key, name, form, start, end);
}

/** A name standing as a value (statementObjects.ts's fromScalar of a 'name' scalar): `value` as the parse unquotes it. */
function putName(out: OccurrenceSink, kind: ObjectKind, text: string, value: string, start: number, end: number): void {
  if (!value) return;
  put(out, 'reference', kind, value, objectNameKey(value), text.startsWith('`') ? 'backticked' : 'bare', start, end);
}

/** String token i (closed: a STRING) as a value: the text between its quotes, '' made one quote. */
function putString(r: Reader, i: number, kind: ObjectKind, out: OccurrenceSink): void {
  const start = r.start(i);
  const end = r.end(i);
  let value = r.source.slice(start + 1, end - 1);
  if (value.includes("''")) value = value.replace(/''/g, "'");
  if (!value) return;
  // Keyed as statementObjects.ts keys a string value.
  put(out, 'reference', kind, value, unquotedNameKey(value), 'string', start, end);
}

/** The value at token i of a clause that refers to `kind` (statementObjects.ts's fromValue). */
function putValue(r: Reader, i: number, kind: ObjectKind, out: OccurrenceSink): void {
  const type = r.type(i);
  if (type === T.STRING) return putString(r, i, kind, out);
  if (type === T.INTEGER) return;
  if (type === T.LPAREN) {
    // The list's strings; integers and groups name nothing.
    let j = i + 1;
    while (r.type(j) !== T.RPAREN) {
      const item = r.type(j);
      if (item === T.STRING) putString(r, j, kind, out);
      // To the item's end: a group holds no parentheses.
      while (r.type(j) !== T.COMMA && r.type(j) !== T.RPAREN) j++;
      if (r.type(j) === T.COMMA) j++;
    }
    return;
  }
  // A name: the word's text, unquoted when it is one backticked part.
  let j = i + 1;
  let text = r.tokenText(i);
  while (r.type(j) === T.DOT) {
    text += '.' + r.tokenText(j + 1);
    j += 2;
  }
  const backticked = j === i + 1 && type === T.BACKTICKED;
  putName(out, kind, text, backticked ? unquote(text, '`') : text, r.start(i), r.end(j - 1));
}

/** What resolve.ts and statementObjects.ts read from the elements of a statement that `r` has read. */
function putObjects(r: Reader, out: OccurrenceSink): void {
  // The plain words the statement opens with, and the head they start with.
  let leading = 0;
  while (leading < LONGEST_HEAD && r.plain(leading)) leading++;
  const entry = leading > 0 ? heads.findAfter(r.upper(0), leading, r.wordIs) : undefined;
  // A statement the catalog does not know names nothing.
  if (!entry) return;
  const light = lightSpecOf(entry);
  let e = entry.words.length;
  const keywords = light.keywords;
  const setUsed = light.setUsed;

  // The object name, unless the next thing is plainly not a name.
  if (light.hasName && e < r.count && r.kind[e] === WORD && !(setUsed && r.isSetWord(e)) && r.keywordAt(e, keywords) < 0) {
    const kind = light.nameKind;
    if (kind && r.parts[e] === 1) {
      const text = r.text(e);
      const backticked = r.backticked(e);
      const name = backticked ? text.slice(1, text.endsWith('`') && text.length > 1 ? -1 : undefined) : text;
      if (name)
        put(
          out,
          light.nameRole,
          kind,
          name,
          objectNameKey(name),
          backticked ? 'backticked' : 'bare',
          r.start(r.first[e]!),
          r.end(r.last[e]!),
        );
    }
    e++;
  }

  for (; e < r.count; e++) {
    const kind = r.kind[e];
    if (kind === WORD && setUsed && r.isSetWord(e)) continue;
    if (kind === PROPERTY) {
      const refersTo = assignKindAt(r, e, light);
      if (refersTo) putValue(r, r.value[e]!, refersTo, out);
      continue;
    }
    if (kind === WITH) continue;
    const k = r.keywordAt(e, keywords);
    if (k < 0) continue; // a stray element
    e += keywords[k]!.keyWords.length - 1;
    if (light.keywordTakesValue[k] && e + 1 < r.count && r.kind[e + 1] === WORD) {
      e++;
      const refersTo = light.keywordRefersTo[k];
      if (refersTo) {
        const text = r.text(e);
        putName(out, refersTo, text, r.backticked(e) ? text.slice(1, -1) : text, r.start(r.first[e]!), r.end(r.last[e]!));
      }
    }
  }
}

/** Reads the statement's tokens into `r`; false where they leave the grammar. */
function readStatement(r: Reader): boolean {
  try {
    return r.read();
  } catch (e) {
    if (e === REJECT) return false;
    throw e;
  }
}

/**
 * The definitions and references of the statement made of tokens first..last of `buf` (a statement
 * splitBuffer found in `text`: white space left out, comments kept), in written order, into `out`.
 * False, with nothing put, when the statement is not one the light path takes.
 */
export function lightStatementObjects(buf: TokenBuffer, first: number, last: number, text: TextSource, out: OccurrenceSink): boolean {
  const r = reader;
  r.buf = buf;
  r.base = first;
  r.n = last - first + 1;
  r.source = text;
  try {
    // The tokens as they are, without a pass of their own to look for comments first (few statements
    // hold one): the reader accepts no token the grammar does not read, so a comment, and a lexical
    // issue (an unknown character, an unterminated string, name or comment: the parse sees other
    // tokens than these), leaves it. Then the statement is read again without its comments.
    if (!readStatement(r)) {
      const types = buf.types;
      let comments = false;
      for (let i = first; i <= last; i++) if (isHiddenType(types[i]!)) comments = true;
      if (!comments) return false;
      view.length = 0;
      for (let i = first; i <= last; i++) if (!isHiddenType(types[i]!)) view.push(types[i]!, buf.starts[i]!, buf.ends[i]!);
      r.buf = view;
      r.base = 0;
      r.n = view.length;
      // Nothing but comments: no elements.
      if (r.n === 0) return true;
      if (!readStatement(r)) return false;
    }
    putObjects(r, out);
    return true;
  } finally {
    // Nothing of the file kept past the statement.
    r.buf = EMPTY;
    r.source = '';
    r.n = 0;
  }
}
