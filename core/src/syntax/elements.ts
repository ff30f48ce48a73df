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
  key: ScalarNode;
  value?: ValueNode;
}

/**
 * The one maker of WithPairNodes: a pair holds its start and end, as a Word (whose comment says
 * why); a span object for every pair was 40 of the ~330 bytes a pair of a WITH of 700,000 held.
 */
export class WithPair implements WithPairNode {
  // Declared fields set by the constructor: see Word.
  declare readonly start: number;
  declare readonly end: number;
  declare readonly key: ScalarNode;
  declare readonly value: ValueNode | undefined;

  constructor(start: number, end: number, key: ScalarNode, value: ValueNode | undefined) {
    this.start = start;
    this.end = end;
    this.key = key;
    this.value = value;
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
