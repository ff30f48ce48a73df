// What the grammar allows at the caret, learnt from antlr4-c3 on the tokens before the caret.
// c3 does no error recovery, so when the statement is broken before the caret (an unclosed list,
// a missing '='), it is asked again from later element starts until one parses.
import type { SvcSqlParser } from '../generated/SvcSqlParser';
import { antlr, completionCore } from '../syntax/antlrParser';
import { Token } from '../syntax/token';
import { T } from '../syntax/lex';
import { tokenStreamOf } from '../syntax/parseStatement';
import { fastElements } from '../syntax/fastParse';
import { lastWith } from './tokensBefore';

export interface GrammarSlots {
  /** A new element: a clause keyword, a word, WITH. */
  element: boolean;
  /** The value after KEY =. */
  value: boolean;
  /** A key after WITH or ','. */
  withKey: boolean;
  /** The value after WITH key =. */
  withValue: boolean;
  /** A key of a partition group. */
  groupKey: boolean;
  /** The value after a group key =. */
  groupValue: boolean;
  /** A string item of a list. */
  listItem: boolean;
}

// The parser's rule numbers, read when completion first asks (the parser loads on first use).
let preferred: Set<number> | undefined;
const ignored = new Set([
  Token.EOF,
  T.LINE_COMMENT,
  T.BLOCK_COMMENT,
  T.UNTERMINATED_COMMENT,
  T.WS,
  T.UNKNOWN_CHAR,
  T.SEMI,
  T.UNTERMINATED_STRING,
  T.UNTERMINATED_BACKTICK,
]);

let shared: SvcSqlParser | undefined;

function parserOver(tokens: Token[]): SvcSqlParser {
  const stream = tokenStreamOf(tokens);
  if (!shared) {
    shared = new (antlr().SvcSqlParser)(stream);
    shared.removeErrorListeners();
  } else {
    shared.tokenStream = stream;
  }
  return shared;
}

const none = (): GrammarSlots => ({
  element: false,
  value: false,
  withKey: false,
  withValue: false,
  groupKey: false,
  groupValue: false,
  listItem: false,
});

/** Asks c3 about the caret after `tokens`; undefined when the tokens do not parse up to it. */
function ask(tokens: Token[]): GrammarSlots | undefined {
  // The stream renumbers the tokens (tokenIndex) for each call; c3 reads them synchronously.
  const R = antlr().SvcSqlParser;
  const core = new (completionCore().CodeCompletionCore)(parserOver(tokens));
  core.ignoredTokens = ignored;
  core.preferredRules = preferred ??= new Set([
    R.RULE_value,
    R.RULE_listItem,
    R.RULE_groupPair,
    R.RULE_withKey,
    R.RULE_withValue,
    R.RULE_word,
  ]);
  // The innermost preferred rule names the slot: a group key, not the property around it.
  core.translateRulesTopDown = true;
  const found = core.collectCandidates(tokens.length);
  if (found.tokens.size === 0 && found.rules.size === 0) return undefined;

  // A rule's start index is ambiguous when the same rule could also continue (a dotted name),
  // so the position is read from the last token: c3 says which rules, the token says where.
  const last = tokens[tokens.length - 1]?.type;
  const has = (rule: number) => found.rules.has(rule);
  const slots = none();
  slots.element = has(R.RULE_word) || found.tokens.has(T.WITH);
  slots.value = has(R.RULE_value) && last === T.EQ;
  slots.withValue = has(R.RULE_withValue) && last === T.EQ;
  slots.withKey = has(R.RULE_withKey) && (last === T.WITH || last === T.COMMA);
  slots.groupValue = has(R.RULE_groupPair) && last === T.EQ;
  slots.listItem = has(R.RULE_listItem);
  // c3 stops at a preferred rule that starts at the caret, so a list item hides the group that
  // may begin it: where a list item may start, so may a group.
  slots.groupKey =
    slots.listItem || (has(R.RULE_groupPair) && last !== T.EQ && last !== T.IDENTIFIER && last !== T.BACKTICKED && last !== T.DOT);
  return slots;
}

/** Indexes where an element may start again after a break: a word not preceded by '=', '.', '(' or ','; or WITH. */
function restartPoints(tokens: readonly Token[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]!.type;
    const before = tokens[i - 1]!.type;
    if (t === T.WITH) out.push(i);
    else if ((t === T.IDENTIFIER || t === T.BACKTICKED) && before !== T.EQ && before !== T.DOT && before !== T.LPAREN && before !== T.COMMA)
      out.push(i);
  }
  return out;
}

/**
 * The index after the last property value that ends an element in every parse, or 0: a STRING or
 * INTEGER after '=', or a list after '=' closed back to the top level, before the first top-level
 * WITH (inside WITH a ',' may continue the clause). Whatever parse of the tokens before it
 * succeeds, the parser stands there between two elements, as it does at a statement's start, so c3
 * asked from there says what it says when asked from the start (or from any restart point before
 * it) and walks only the last elements. c3's time grows with the tokens it is given, and a broken
 * statement asked again from each restart point grew quadratically (a long statement with a
 * broken first clause: ~7 ms).
 */
export function lastElementEnd(tokens: readonly Token[]): number {
  let cut = 0;
  const opens: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!.type;
    if (t === T.LPAREN) opens.push(i);
    else if (t === T.RPAREN) {
      const open = opens.pop();
      if (open === undefined) break; // unbalanced: no cut is sure after it
      if (opens.length === 0 && tokens[open - 1]?.type === T.EQ && i + 1 < tokens.length) cut = i + 1;
    } else if (opens.length > 0) continue;
    else if (t === T.WITH) break;
    else if ((t === T.STRING || t === T.INTEGER) && tokens[i - 1]?.type === T.EQ && i + 1 < tokens.length) cut = i + 1;
  }
  // At least one token stays (the conditions above): the last one's type says where the caret is (ask()).
  return cut;
}

/** Fewer pairs than this before the caret's are not worth leaving out (a parse of them to check them). */
const MIN_PAIRS_LEFT_OUT = 8;

/**
 * `before` from `cut`, less the pairs of its last WITH before the last two: "WITH p1, …, pk, p, …"
 * becomes "WITH p, …", when p1 … pk are well formed (the hand-written parser takes "WITH p1, …, pk"
 * as one clause). The parser then stands where it stood after "pk,": before a pair, in the same
 * clause, with the same rules after it, so c3 says what it says of the whole; asked of the whole,
 * it walked every pair. A completion at the end of a WITH of 1,000 pairs took 19 ms (median), 6
 * without the pairs; of 10,000 pairs 170 ms, 80 (the rest mostly ANTLR's parse of the statement,
 * broken at the caret, until the hand-written parser recovered there: 2.3 and 36 ms).
 */
export function withFewerPairs(before: readonly Token[], cut: number): Token[] | undefined {
  const w = lastWith(before);
  if (w < cut) return undefined;
  // The top-level commas of the clause: the last two.
  let last = -1;
  let kept = -1;
  let pairs = 0;
  let depth = 0;
  for (let i = w + 1; i < before.length; i++) {
    const t = before[i]!.type;
    if (t === T.LPAREN) depth++;
    else if (t === T.RPAREN) depth = Math.max(0, depth - 1);
    else if (t === T.COMMA && depth === 0) {
      kept = last;
      last = i;
      pairs++;
    }
  }
  if (pairs - 1 < MIN_PAIRS_LEFT_OUT) return undefined;
  const left = fastElements(before.slice(w, kept), 0);
  if (left?.length !== 1 || left[0]!.kind !== 'with') return undefined;
  return [...before.slice(cut, w + 1), ...before.slice(kept + 1)];
}

/** The grammar slots open at the end of `before` (the statement's significant tokens before the caret). */
export function grammarSlots(before: Token[]): GrammarSlots {
  return slotsFrom(before, lastElementEnd(before));
}

/** grammarSlots() asking c3 from the statement's start (the reference its test compares with). */
export function grammarSlotsFromStart(before: Token[]): GrammarSlots {
  return slotsFrom(before, 0);
}

function slotsFrom(before: Token[], cut: number): GrammarSlots {
  if (before.length === 0) return { ...none(), element: true };
  if (before[before.length - 1]!.type === T.DOT) return none();
  // A pair is four tokens at least, with its ','.
  const shorter = before.length > MIN_PAIRS_LEFT_OUT * 4 ? withFewerPairs(before, cut) : undefined;
  const fewer = shorter && ask(shorter);
  if (fewer) return fewer;
  for (const from of [cut, ...restartPoints(before).filter((r) => r > cut)]) {
    const slots = ask(from === 0 ? before : before.slice(from));
    if (slots) return slots;
  }
  // Nothing parses up to the caret (the last element is broken): a new element may still follow.
  return { ...none(), element: true };
}
