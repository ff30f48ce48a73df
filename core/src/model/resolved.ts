import type { ClauseSpec, StatementSpec } from '../catalog/types';
import type { ElementNode, ParsedStatement, PropertyNode, ValueNode, WithNode, WordNode } from '../syntax/elements';
import type { Span } from '../types';

/** One clause as written, matched (or not) to the catalog. */
export interface ResolvedClause {
  /** The catalog's clause, when the key is known for this statement. */
  spec?: ClauseSpec;
  /** Upper-case key as written: 'SOURCE', 'TO ROLE'. */
  key: string;
  /** The key's words (one for KEY = value). */
  keyWords: WordNode[];
  /** Span of the key words. */
  keySpan: Span;
  /** Present for KEY = value. */
  property?: PropertyNode;
  /** The value; absent when missing or for flag clauses. */
  value?: ValueNode;
  /** The SET that introduced this clause, if any. */
  set?: WordNode;
  /** WITH pairs that belong to this clause. */
  with?: WithNode;
  /** Span of the whole clause (key to value). */
  span: Span;
}

/** A parsed statement read against the catalog. */
export interface ResolvedStatement {
  parsed: ParsedStatement;
  /** Absent for a statement the catalog does not know. */
  spec?: StatementSpec;
  /** The words that opened the statement (matched head, or the leading words of an unknown one). */
  head: WordNode[];
  /** The object name after the head, if the statement has one. */
  name?: WordNode;
  /** SET keywords, in order. */
  sets: WordNode[];
  clauses: ResolvedClause[];
  /** WITH clauses not owned by a clause. */
  with: WithNode[];
  /** Elements nothing accounted for (extra words). */
  stray: ElementNode[];
}
