import type { Span } from '../types';

// The parsed shape of one statement. Spans are relative to the statement's first character,
// so that a statement's analysis can be cached by its text and reused wherever it moves.

export interface WordNode {
  kind: 'word';
  /** Where the word starts and ends (the span's): read these rather than span, which is made on each read. */
  readonly start: number;
  readonly end: number;
  /** A new {start, end} on each read (see Word). */
  readonly span: Span;
  /** Source text: FLOW, my_flow, `run-1`, lake.db.table. */
  text: string;
  /** Upper-case text, for keyword matching (backticked names keep their case). */
  upper: string;
  /** True for a backticked name. */
  backticked: boolean;
  /** True when made of dotted parts. */
  dotted: boolean;
}

/**
 * The one maker of WordNodes (both parse paths). A statement has four words on average, and a
 * span object per word, which most words never have read (the head's words, the names), was
 * about a tenth of a full analysis' allocation: a word holds its start and end, and `span` makes
 * a plain Span when asked (a diagnostic's span is a copy, never the word).
 */
export class Word implements WordNode {
  // Declared, and set by the constructor in this order (the order the fields had): a class field
  // or parameter property is defined on each new object first (as undefined, a define operation
  // per field) and then set, and most of a first analysis runs in the interpreter, where each of
  // those is a call into V8's property code. The same for Scalar and resolve.ts's Clause.
  declare readonly start: number;
  declare readonly end: number;
  declare readonly text: string;
  declare readonly upper: string;
  declare readonly backticked: boolean;
  declare readonly dotted: boolean;
  declare readonly kind: 'word';

  constructor(start: number, end: number, text: string, upper: string, backticked: boolean, dotted: boolean) {
    this.start = start;
    this.end = end;
    this.text = text;
    this.upper = upper;
    this.backticked = backticked;
    this.dotted = dotted;
    this.kind = 'word';
  }

  get span(): Span {
    return { start: this.start, end: this.end };
  }
}

export type ScalarKind = 'string' | 'integer' | 'name';

export interface ScalarNode {
  kind: ScalarKind;
  /** Where the value starts and ends (the span's): read these rather than span, which is made on each read. */
  readonly start: number;
  readonly end: number;
  /** A new {start, end} on each read (see Scalar). */
  readonly span: Span;
  /** Source text, quotes included. */
  text: string;
  /** Unquoted string ('' unescaped), the digits, or the name. */
  value: string;
}

/** The one maker of ScalarNodes: a value holds its start and end, as a Word (whose comment says why). */
export class Scalar implements ScalarNode {
  // Declared fields set by the constructor: see Word.
  declare readonly kind: ScalarKind;
  declare readonly start: number;
  declare readonly end: number;
  declare readonly text: string;
  declare readonly value: string;

  constructor(kind: ScalarKind, start: number, end: number, text: string, value: string) {
    this.kind = kind;
    this.start = start;
    this.end = end;
    this.text = text;
    this.value = value;
  }

  get span(): Span {
    return { start: this.start, end: this.end };
  }
}

export interface GroupPairNode {
  key: WordNode;
  value?: ScalarNode;
  span: Span;
}

export interface GroupNode {
  kind: 'group';
  span: Span;
  pairs: GroupPairNode[];
}

export type ListItemNode = ScalarNode | GroupNode;

export interface ListNode {
  kind: 'list';
  span: Span;
  items: ListItemNode[];
  /** False when the closing parenthesis is missing. */
  closed: boolean;
}

export type ValueNode = ScalarNode | ListNode;

export interface PropertyNode {
  kind: 'property';
  span: Span;
  key: WordNode;
  /** Span of '='. */
  eq: Span;
  /** Absent when the value is missing. */
  value?: ValueNode;
}

export interface WithPairNode {
  /** Where the pair starts and ends (the span's): read these rather than span, which is made on each read. */
  readonly start: number;
  readonly end: number;
  /** A new {start, end} on each read (see WithPair). */
  readonly span: Span;
  /** A new node on each read (see WithPair): a rule that reads every pair reads keyKind and keyValue. */
  readonly key: ScalarNode;
  /** The key's kind and value, as key.kind and key.value, without a node. */
  readonly keyKind: ScalarKind;
  readonly keyValue: string;
  /** A new node on each read for a scalar (see WithPair); the list itself for a list. */
  readonly value: ValueNode | undefined;
  /** value?.kind without a node. */
  readonly valueKind: ScalarKind | 'list' | undefined;
  /** A scalar value's value (value.value) without a node; undefined for a list or none. */
  readonly scalarValue: string | undefined;
  /** Where the key ends (it starts the pair), and where the value starts and ends (0 when there is none). */
  readonly keyEnd: number;
  readonly valueStart: number;
  readonly valueEnd: number;
}

/**
 * WithPair's codes of how a key or a value is written: the key's in bits 0–2, the value's (0: none)
 * in bits 3–5. A backticked name is a name of its own code, so that its text can be made again.
 */
export const KIND_STRING = 1;
export const KIND_INTEGER = 2;
export const KIND_NAME = 3;
export const KIND_BACKTICKED = 4;
export const KIND_LIST = 5;
/** Where a value's code starts in WithPair's codes. */
export const VALUE_CODE_SHIFT = 3;
const CODE_BITS = VALUE_CODE_SHIFT;
const CODE_MASK = 7;
const SCALAR_KINDS: readonly (ScalarKind | undefined)[] = [undefined, 'string', 'integer', 'name', 'name'];

/** The code of a scalar node: a name whose text is not its value is backticked. */
function codeOf(node: ScalarNode): number {
  if (node.kind === 'string') return KIND_STRING;
  if (node.kind === 'integer') return KIND_INTEGER;
  return node.text === node.value ? KIND_NAME : KIND_BACKTICKED;
}

/**
 * A scalar's text from its value: the grammar's STRING ('' for a quote inside) and BACKTICKED (no
 * backtick inside) are whole tokens, so the text is the value written again.
 */
function textOf(code: number, value: string): string {
  if (code === KIND_STRING) return `'${value.includes("'") ? value.replace(/'/g, "''") : value}'`;
  return code === KIND_BACKTICKED ? `\`${value}\`` : value;
}

/**
 * The one maker of WithPairNodes. A pair holds its key's and its value's values and offsets as
 * fields, and makes their nodes (their texts written again from the values) when read: a pair of
 * two Scalar nodes held 184 bytes and up to four strings for the few pairs a WITH has, and a WITH
 * of 700,000 pairs (hostile input, or a generated statement) 130 MB and more of them; as fields, 88
 * bytes and two strings. Rules that read every pair read keyKind, keyValue and valueKind, which make
 * nothing. A list value is held as its node.
 */
export class WithPair implements WithPairNode {
  // Declared fields set by the constructor: see Word.
  declare readonly start: number;
  declare readonly end: number;
  /** The key's code | the value's << 3 (see KIND_STRING). */
  declare private readonly codes: number;
  declare readonly keyEnd: number;
  declare readonly keyValue: string;
  declare readonly valueStart: number;
  declare readonly valueEnd: number;
  /** A scalar value's value, or the list. */
  declare private readonly valueData: string | ListNode | undefined;

  /** A pair whose key starts it (as the grammar's withPair does); its value a scalar's, a list or none (codes >> 3: 0). */
  constructor(
    start: number,
    end: number,
    codes: number,
    keyEnd: number,
    keyValue: string,
    valueStart: number,
    valueEnd: number,
    valueData: string | ListNode | undefined,
  ) {
    this.start = start;
    this.end = end;
    this.codes = codes;
    this.keyEnd = keyEnd;
    this.keyValue = keyValue;
    this.valueStart = valueStart;
    this.valueEnd = valueEnd;
    this.valueData = valueData;
  }

  /** The pair of these nodes (the ANTLR path, which has them). */
  static of(start: number, end: number, key: ScalarNode, value: ValueNode | undefined): WithPair {
    const keyCode = codeOf(key);
    if (!value) return new WithPair(start, end, keyCode, key.end, key.value, 0, 0, undefined);
    if (value.kind === 'list')
      return new WithPair(start, end, keyCode | (KIND_LIST << CODE_BITS), key.end, key.value, value.span.start, value.span.end, value);
    const codes = keyCode | (codeOf(value) << CODE_BITS);
    return new WithPair(start, end, codes, key.end, key.value, value.start, value.end, value.value);
  }

  get keyKind(): ScalarKind {
    return SCALAR_KINDS[this.codes & CODE_MASK]!;
  }

  get valueKind(): ScalarKind | 'list' | undefined {
    const code = this.codes >> CODE_BITS;
    return code === KIND_LIST ? 'list' : SCALAR_KINDS[code];
  }

  get scalarValue(): string | undefined {
    const code = this.codes >> CODE_BITS;
    return code === 0 || code === KIND_LIST ? undefined : (this.valueData as string);
  }

  get key(): ScalarNode {
    const code = this.codes & CODE_MASK;
    return new Scalar(SCALAR_KINDS[code]!, this.start, this.keyEnd, textOf(code, this.keyValue), this.keyValue);
  }

  get value(): ValueNode | undefined {
    const code = this.codes >> CODE_BITS;
    if (code === 0) return undefined;
    if (code === KIND_LIST) return this.valueData as ListNode;
    const value = this.valueData as string;
    return new Scalar(SCALAR_KINDS[code]!, this.valueStart, this.valueEnd, textOf(code, value), value);
  }

  get span(): Span {
    return { start: this.start, end: this.end };
  }
}

export interface WithNode {
  kind: 'with';
  span: Span;
  /** Span of the WITH keyword. */
  keyword: Span;
  pairs: WithPairNode[];
}

export type ElementNode = WordNode | PropertyNode | WithNode;

export type SyntaxCode =
  | 'unterminated-string'
  | 'unterminated-name'
  | 'unterminated-comment'
  | 'unexpected-character'
  | 'missing-equals'
  | 'missing-value'
  | 'unbalanced-parenthesis'
  | 'unexpected-token'
  | 'syntax'
  | 'statement-too-long';

export interface SyntaxIssue {
  code: SyntaxCode;
  span: Span;
  /** Plain words, for people. */
  message: string;
  /** ANTLR's own text (`mismatched input 'x' expecting '='`), as the service's parser would word it. */
  antlrMessage: string;
  /** Expected tokens, in words. */
  expected: string[];
}

export interface ParsedStatement {
  /** Length of the statement text. */
  length: number;
  elements: ElementNode[];
  issues: SyntaxIssue[];
  /** Spans of comments inside the statement (blanked in the text to send). */
  comments: Span[];
}
