import type { ClauseSpec, StatementSpec } from '../catalog/types';
import {
  Scalar,
  type ElementNode,
  type ParsedStatement,
  type PropertyNode,
  type ValueNode,
  type WithNode,
  type WordNode,
} from '../syntax/elements';
import type { Span } from '../types';
import type { CatalogHeads } from './headMatcher';
import type { ResolvedClause, ResolvedStatement } from './resolved';

const plainWord = (e: ElementNode | undefined): e is WordNode => !!e && e.kind === 'word' && !e.backticked && !e.dotted;

/**
 * The clauses being found, reused: the statement gets an exact-size copy. A list grown by push
 * from empty has room for 17 (~150 bytes), and most statements have two to five clauses. Written
 * from index 0 with a count, never emptied: `length = 0` has V8 drop the list's storage (and the
 * next push allocate room for 17 again); what it holds past the count is overwritten next time.
 */
const scratchClauses: ResolvedClause[] = [];

/** Lets go of the clauses found (see fastParse.ts releaseScratch, which says why). */
export function releaseClauses(): void {
  scratchClauses.length = 0;
}

/** A copy of the first `count` clauses found (a fresh list: nothing else holds it). */
function exactCopy(list: ResolvedClause[], count: number): ResolvedClause[] {
  return count === 0 ? [] : list.slice(0, count);
}

/** Reads a parsed statement against the catalog: which statement, name, clauses, WITH pairs. */
export function resolveStatement(parsed: ParsedStatement, heads: CatalogHeads): ResolvedStatement {
  const elements = parsed.elements;
  // The plain words the statement opens with: elements[0, leading).
  let leading = 0;
  while (leading < elements.length && plainWord(elements[leading])) leading++;
  const entry = heads.findWords(elements as WordNode[], leading);
  const spec = entry?.spec;
  // sets, with and stray are mostly empty: one shared empty list until something is added (add()).
  // Every field from the start, in one order (as every clause below): objects of one shape keep
  // the rules' reads of them monomorphic.
  const result: ResolvedStatement = { parsed, spec, head: NONE, name: undefined, sets: NONE, clauses: NONE, with: NONE, stray: NONE };
  const clauses = scratchClauses;
  let count = 0;

  if (!spec) {
    // Unknown statement: its leading words are its head; its properties are clauses of unknown meaning.
    result.head = leading === 0 ? [] : (elements.slice(0, Math.min(leading, 3)) as WordNode[]);
    for (let i = result.head.length; i < elements.length; i++) {
      const e = elements[i]!;
      if (e.kind === 'property') clauses[count++] = clauseOfProperty(e, undefined);
      else if (e.kind === 'with') result.with = add(result.with, e);
      else result.stray = add(result.stray, e);
    }
    result.clauses = exactCopy(clauses, count);
    return result;
  }

  result.head = elements.slice(0, entry.words.length) as WordNode[];
  let i = result.head.length;
  const keywordClauses = keywordClausesOf(spec);
  const setUsed = spec.set && spec.set !== 'none';

  // The object name, unless the next thing is plainly not a name.
  if (spec.name) {
    const next = elements[i];
    if (next?.kind === 'word' && !(setUsed && next.upper === 'SET') && !matchKeywordClause(elements, i, keywordClauses)) {
      result.name = next;
      i++;
    }
  }

  let pendingSet: WordNode | undefined;
  let assign: Map<string, ClauseSpec> | undefined;
  for (; i < elements.length; i++) {
    const e = elements[i]!;
    if (e.kind === 'word' && setUsed && e.upper === 'SET' && !e.backticked) {
      result.sets = add(result.sets, e);
      pendingSet = e;
      continue;
    }
    if (e.kind === 'property') {
      const clauseSpec = (assign ??= assignClausesOf(spec)).get(e.key.upper);
      const clause = clauseOfProperty(e, clauseSpec);
      clause.set = pendingSet;
      pendingSet = undefined;
      clauses[count++] = clause;
      continue;
    }
    if (e.kind === 'with') {
      const owner = count > 0 ? clauses[count - 1] : undefined;
      if (owner?.spec?.with && !owner.with) owner.with = e;
      else result.with = add(result.with, e);
      continue;
    }
    const keyword = matchKeywordClause(elements, i, keywordClauses);
    if (keyword) {
      const words = keyword.keyWords.length;
      const keyWords = elements.slice(i, i + words) as WordNode[];
      i += words - 1;
      // One span for the key and the clause until a value extends the clause (a new span then):
      // nothing writes to a span.
      const keySpan = { start: keyWords[0]!.start, end: keyWords[keyWords.length - 1]!.end };
      const clause = new Clause(keyword.spec, keyword.spec.key, keyWords, keySpan, undefined, pendingSet, keySpan);
      pendingSet = undefined;
      if (keyword.spec.form === 'keyword') {
        const value = elements[i + 1];
        if (value?.kind === 'word') {
          clause.value = new Scalar('name', value.start, value.end, value.text, value.backticked ? value.text.slice(1, -1) : value.text);
          clause.span = { start: clause.span.start, end: value.end };
          i++;
        }
      }
      clauses[count++] = clause;
      continue;
    }
    result.stray = add(result.stray, e);
  }
  result.clauses = exactCopy(clauses, count);
  return result;
}

const NONE: never[] = [];

/** list with item added: a new list in place of the shared empty one. */
function add<T>(list: T[], item: T): T[] {
  if (list === NONE) return [item];
  list.push(item);
  return list;
}

const assignClauses = new WeakMap<StatementSpec, Map<string, ClauseSpec>>();

/** A spec's clauses written KEY = value, by key (the first of a key, as a search in order finds), worked out once per spec. */
export function assignClausesOf(spec: StatementSpec): Map<string, ClauseSpec> {
  let map = assignClauses.get(spec);
  if (!map) {
    map = new Map();
    for (const c of spec.clauses) if ((c.form ?? 'assign') === 'assign' && !map.has(c.key)) map.set(c.key, c);
    assignClauses.set(spec, map);
  }
  return map;
}

/**
 * The one maker of ResolvedClauses. A KEY = value clause (most) has one key word, its property's:
 * its keyWords list is made when read (the formatter, an unknown clause's message) rather than
 * for every clause, which most never have read.
 */
class Clause implements ResolvedClause {
  // Declared fields set by the constructor (see elements.ts's Word).
  declare spec: ClauseSpec | undefined;
  declare key: string;
  /** The key's words; undefined for KEY = value, whose one word is property.key. */
  declare private readonly words: WordNode[] | undefined;
  declare keySpan: Span;
  declare property: PropertyNode | undefined;
  declare set: WordNode | undefined;
  declare span: Span;
  declare value: ValueNode | undefined;
  declare with: WithNode | undefined;

  constructor(
    spec: ClauseSpec | undefined,
    key: string,
    words: WordNode[] | undefined,
    keySpan: Span,
    property: PropertyNode | undefined,
    set: WordNode | undefined,
    span: Span,
    value: ValueNode | undefined = property?.value,
  ) {
    this.spec = spec;
    this.key = key;
    this.words = words;
    this.keySpan = keySpan;
    this.property = property;
    this.set = set;
    this.span = span;
    this.value = value;
    this.with = undefined;
  }

  get keyWords(): WordNode[] {
    return this.words ?? [this.property!.key];
  }
}

function clauseOfProperty(e: PropertyNode, spec: ClauseSpec | undefined): ResolvedClause {
  return new Clause(spec, e.key.upper, undefined, e.key.span, e, undefined, e.span);
}

export interface KeywordClause {
  spec: ClauseSpec;
  /** The key's words: ['TO', 'ROLE']. */
  keyWords: string[];
}

const keywordClauses = new WeakMap<StatementSpec, KeywordClause[]>();

/** A spec's keyword-form and flag clauses with their key words, worked out once per spec. */
export function keywordClausesOf(spec: StatementSpec): KeywordClause[] {
  let list = keywordClauses.get(spec);
  if (!list) {
    list = spec.clauses.filter((c) => c.form === 'keyword' || c.form === 'flag').map((c) => ({ spec: c, keyWords: c.key.split(/\s+/) }));
    keywordClauses.set(spec, list);
  }
  return list;
}

/** A keyword-form or flag clause (TO ROLE, FOR, ADVANCED_CONFIGS) starting at elements[i] (the candidate itself: no object per match). */
function matchKeywordClause(elements: readonly ElementNode[], i: number, candidates: readonly KeywordClause[]): KeywordClause | undefined {
  for (let c = 0; c < candidates.length; c++) {
    const keyWords = candidates[c]!.keyWords;
    let k = 0;
    while (k < keyWords.length) {
      const e = elements[i + k];
      if (e === undefined || e.kind !== 'word' || e.backticked || e.dotted || e.upper !== keyWords[k]) break;
      k++;
    }
    if (k === keyWords.length) return candidates[c];
  }
  return undefined;
}
