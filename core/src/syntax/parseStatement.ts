import type {
  ANTLRErrorListener,
  CommonTokenStream,
  NoViableAltException,
  ATNSimulator,
  ParserRuleContext,
  TokenStream,
  Recognizer,
  RecognitionException,
  TerminalNode,
} from 'antlr4ng';
import type { SvcSqlParser, ListContext, NameContext, StatementContext, ValueContext, WithValueContext } from '../generated/SvcSqlParser';
import { antlr } from './antlrParser';
import { Token } from './token';
import type { Span } from '../types';
import {
  Scalar,
  Word,
  WithPair,
  type ElementNode,
  type GroupNode,
  type ListItemNode,
  type ListNode,
  type ParsedStatement,
  type ScalarNode,
  type SyntaxIssue,
  type ValueNode,
  type WithNode,
  type WordNode,
} from './elements';
import { T, isHidden, tokenEnd, unquote, upperCase } from './lex';
import { fastElements, fastElementsOf, type TokenTexts } from './fastParse';
import { TokenBuffer } from './tokenBuffer';
import { ScannedToken } from './scanner';
import { describeSyntaxError, lexicalIssues, parenthesisIssues, type RawSyntaxError } from './syntaxMessages';

class Collector implements ANTLRErrorListener {
  errors: RawSyntaxError[] = [];
  reportAmbiguity(): void {}
  reportAttemptingFullContext(): void {}
  reportContextSensitivity(): void {}
  syntaxError<S extends Token, A extends ATNSimulator>(
    recognizer: Recognizer<A>,
    offendingSymbol: S | null,
    _line: number,
    _column: number,
    msg: string,
    e: RecognitionException | null,
  ): void {
    const parser = recognizer as unknown as SvcSqlParser;
    let expected: number[];
    try {
      expected = (e?.getExpectedTokens() ?? parser.getExpectedTokens()).toArray();
    } catch {
      expected = [];
    }
    this.errors.push({ token: offendingSymbol, msg, expected });
  }
}

/**
 * Statements parsed by ANTLR (the others took the hand-written path), for the benchmark's notes
 * and the tests: the first ANTLR parse in a process builds the parser's tables, a large share of
 * a first analysis.
 */
export const parseWork = { antlr: 0 };

/** The issues and comments of a statement without any: shared, never pushed to (a fresh list is made first). */
const NONE: never[] = [];

/**
 * The comments being found, one list per parser (parseChunk calls parseStatement): a statement's
 * comments are an exact-size copy (commentsOf), which its analysis keeps as they are. A list
 * grown by push from empty has room for 17 (~150 bytes), and most statements have one comment.
 * Written from index 0 with a count, never emptied (see fastParse.ts's scratch lists).
 */
const statementComments: Span[] = [];
const chunkComments: Span[] = [];

function commentsOf(found: Span[], count: number): Span[] {
  return count === 0 ? NONE : found.slice(0, count);
}

let sharedParser: SvcSqlParser | undefined;
const collector = new Collector();

/**
 * ParserATNSimulator.noViableAlt as antlr4ng has it, less the Error: adaptivePredict makes one at
 * every dead end, and mostly drops it (a shorter alternative finished); constructing the Error was
 * about a third of parsing a broken statement. This one has the same prototype and fields, so
 * the error strategy reports it as it would the original when it is thrown.
 */
export function noViableAlt(
  parser: SvcSqlParser,
  input: TokenStream,
  outerContext: ParserRuleContext | null,
  configs: unknown,
  startIndex: number,
): NoViableAltException {
  const e = Object.create(antlr().NoViableAltException.prototype) as Record<string, unknown>;
  e.message = '';
  e.recognizer = parser;
  e.input = input;
  e.ctx = outerContext ?? parser.context;
  e.offendingState = parser.state;
  e.offendingToken = input.LT(1);
  e.startToken = input.get(startIndex);
  e.deadEndConfigs = configs;
  return e as unknown as NoViableAltException;
}

function parserFor(stream: CommonTokenStream): SvcSqlParser {
  if (!sharedParser) {
    const parser = new (antlr().SvcSqlParser)(stream);
    sharedParser = parser;
    sharedParser.removeErrorListeners();
    sharedParser.addErrorListener(collector);
    sharedParser.interpreter.predictionMode = antlr().PredictionMode.SLL;
    (sharedParser.interpreter as unknown as { noViableAlt: unknown }).noViableAlt = (
      input: TokenStream,
      outerContext: ParserRuleContext | null,
      configs: unknown,
      startIndex: number,
    ) => noViableAlt(parser, input, outerContext, configs, startIndex);
  } else {
    sharedParser.tokenStream = stream;
  }
  return sharedParser;
}

/**
 * The significant tokens the parser sees. Unterminated strings and names are parsed as if they
 * were closed (their own issue is reported once, by the lexical pass), and stray characters are
 * left out, so that one typo does not cascade into a string of parser errors.
 */
export function parserTokens(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    if (isHidden(token) || token.type === T.UNKNOWN_CHAR || token.type === T.SEMI || token.type === T.UNTERMINATED_COMMENT) continue;
    out.push(parserToken(token));
  }
  return out;
}

/** The token the parser sees for a significant token: unterminated strings and names closed. */
function parserToken(token: Token): Token {
  if (token.type !== T.UNTERMINATED_STRING && token.type !== T.UNTERMINATED_BACKTICK) return token;
  const type = token.type === T.UNTERMINATED_STRING ? T.STRING : T.BACKTICKED;
  // The scanner's tokens copy themselves; only a token of another lexer (antlr4ng's, in tests) needs antlr4ng's copy.
  if (token instanceof ScannedToken) return token.withType(type);
  const copy = antlr().CommonToken.fromToken(token);
  copy.type = type;
  return copy;
}

/** Builds a token stream for the parser (also used by completion). */
export function tokenStreamOf(significant: Token[]): CommonTokenStream {
  const { CommonTokenStream, ListTokenSource } = antlr();
  const stream = new CommonTokenStream(new ListTokenSource(significant));
  stream.fill();
  return stream;
}

/**
 * Parses one statement. `tokens` are the statement's tokens (any channel) with absolute offsets;
 * `base` is the statement's first offset: every span of the result is relative to it.
 */
export function parseStatement(tokens: readonly Token[], base: number, antlr = false): ParsedStatement {
  // One pass for what most statements need: the parser's tokens, the comments, and whether the
  // lexical and parenthesis checks have anything to find (they run only then). Most statements
  // have no comment and no token the parser does not see: `tokens` itself is then the parser's
  // list, and the issues and comments are one shared empty list (no array per statement).
  let significant: Token[] | undefined;
  const found = statementComments;
  let commentCount = 0;
  let lexical = false;
  let depth = 0;
  let unbalanced = false;
  let strays = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    let kept = true;
    switch (t.type) {
      case T.WS:
        kept = false;
        break;
      case T.LINE_COMMENT:
      case T.BLOCK_COMMENT:
        found[commentCount++] = { start: t.start - base, end: tokenEnd(t) - base };
        kept = false;
        break;
      case T.UNTERMINATED_COMMENT:
        found[commentCount++] = { start: t.start - base, end: tokenEnd(t) - base };
        lexical = true;
        kept = false;
        break;
      case T.UNKNOWN_CHAR:
        lexical = true;
        strays++;
        kept = false;
        break;
      case T.UNTERMINATED_STRING:
      case T.UNTERMINATED_BACKTICK:
        lexical = true;
        break;
      case T.LPAREN:
        depth++;
        break;
      case T.RPAREN:
        if (--depth < 0) unbalanced = true;
        break;
    }
    if (kept && (isHidden(t) || t.type === T.SEMI)) kept = false;
    const own = kept ? parserToken(t) : undefined;
    if (significant === undefined && (!kept || own !== t)) significant = tokens.slice(0, i) as Token[];
    if (significant !== undefined && own !== undefined) significant.push(own);
  }
  if (significant === undefined) significant = tokens as Token[];
  if (depth !== 0) unbalanced = true;
  const comments = commentsOf(found, commentCount);
  const length = tokens.length ? tokenEnd(tokens[tokens.length - 1]!) - base : 0;
  if (significant.length + strays > MAX_PARSED_TOKENS) {
    // Valid, it is parsed by the hand-written path as any other; else it is too long to say where it is not.
    const fast = lexical || unbalanced || antlr ? undefined : fastElements(significant, base);
    if (fast) return { length, elements: fast, issues: NONE, comments };
    const first = tokens.find((t) => counted(t.type))!;
    return tooLong(length, significant.length + strays, { start: first.start - base, end: tokenEnd(first) - base }, comments);
  }
  let issues: SyntaxIssue[] = lexical ? lexicalIssues(tokens, base) : NONE;
  if (unbalanced) {
    if (issues === NONE) issues = [];
    for (const issue of parenthesisIssues(significant, base)) issues.push(issue);
  }
  if (significant.length === 0) return { length, elements: [], issues, comments };
  // Valid statements (most of a file) and the commonest mistakes skip ANTLR: see fastParse.ts.
  // `antlr` forces the ANTLR path.
  const fastErrors: RawSyntaxError[] = [];
  const fast = antlr ? undefined : fastElements(significant, base, fastErrors);
  if (fast) {
    if (fastErrors.length > 0) issues = withParserIssues(issues, fastErrors, significant, base);
    return { length, elements: fast, issues, comments };
  }

  parseWork.antlr++;
  const parser = parserFor(tokenStreamOf(significant));
  collector.errors = [];
  let tree: StatementContext;
  // Error recovery creates a RecognitionException (an Error) per error; nothing reads their stack
  // traces, and capturing them was a visible share of parsing a broken statement.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    tree = parser.statement();
  } catch {
    // The default error strategy recovers; this only guards against a runtime fault.
    return { length, elements: [], issues, comments };
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  return { length, elements: elementsOf(tree, base), issues: withParserIssues(issues, collector.errors, significant, base), comments };
}

/**
 * Above this many tokens (parser tokens and stray characters: see `counted`) a statement with a
 * syntax error is not given to ANTLR: its token objects, its error recovery and one issue per stray
 * character took ~500 bytes a character (a 12 MB statement of '/*' pairs: 3.3 GB, 13 s). It gets
 * one issue, statement-too-long.
 */
export const MAX_PARSED_TOKENS = 100_000;

/** What a statement too long to parse is: its comments, and one issue at its first counted token. */
function tooLong(length: number, count: number, firstSpan: Span, comments: Span[]): ParsedStatement {
  const message = `This statement has a syntax error and ${count.toLocaleString('en-US')} tokens, more than the ${MAX_PARSED_TOKENS.toLocaleString('en-US')} the parser takes to say where: split it, or look for a missing ';', quote or parenthesis that made several statements one.`;
  return {
    length,
    elements: [],
    issues: [{ code: 'statement-too-long', span: firstSpan, message, antlrMessage: message, expected: [] }],
    comments,
  };
}

/** The parser's tokens of the statement parseChunk looks at: one buffer, reused. */
const chunkView = new TokenBuffer();
/** The most tokens chunkView keeps room for once read (see TokenBuffer.clear). */
const MAX_KEPT_CHUNK = 1 << 14;

/**
 * parseStatement of tokens first..last of `buf` (a statement splitBuffer found), without token
 * objects for a statement that the hand-written path parses whole (most of a file). Any other
 * (a lexical or parenthesis issue, a syntax error) is parsed from its tokens as objects, made by
 * `tokensOf`, by parseStatement: one place for everything but the valid statement.
 */
export function parseChunk(
  buf: TokenBuffer,
  first: number,
  last: number,
  texts: TokenTexts,
  tokensOf: (first: number, last: number) => Token[],
): ParsedStatement {
  const types = buf.types;
  const starts = buf.starts;
  const ends = buf.ends;
  const base = starts[first]!;
  const found = chunkComments;
  let commentCount = 0;
  let depth = 0;
  let clean = true;
  let hidden = false;
  for (let i = first; i <= last && clean; i++) {
    switch (types[i]!) {
      case T.WS:
        hidden = true;
        break;
      case T.LINE_COMMENT:
      case T.BLOCK_COMMENT:
        hidden = true;
        found[commentCount++] = { start: starts[i]! - base, end: ends[i]! - base };
        break;
      case T.UNTERMINATED_COMMENT:
      case T.UNKNOWN_CHAR:
      case T.UNTERMINATED_STRING:
      case T.UNTERMINATED_BACKTICK:
      case T.SEMI:
        clean = false;
        break;
      case T.LPAREN:
        depth++;
        break;
      case T.RPAREN:
        if (--depth < 0) clean = false;
        break;
    }
  }
  let elements: ElementNode[] | undefined;
  if (clean && depth === 0) {
    if (!hidden) {
      // No comment (most statements): the parser's tokens are buf's own, read in place.
      elements = fastElementsOf(buf, first, last + 1, base, texts);
    } else {
      const view = chunkView;
      view.length = 0;
      for (let i = first; i <= last; i++) {
        const type = types[i]!;
        if (type !== T.WS && type !== T.LINE_COMMENT && type !== T.BLOCK_COMMENT)
          view.push(type, starts[i]!, ends[i]!, buf.upperAlready[i]);
      }
      elements = fastElementsOf(view, 0, view.length, base, texts);
      view.clear(MAX_KEPT_CHUNK);
    }
  }
  if (elements === undefined) return tooLongChunk(buf, first, last, base) ?? parseStatement(tokensOf(first, last), base);
  return { length: ends[last]! - base, elements, issues: NONE, comments: commentsOf(found, commentCount) };
}

/** A token counted against MAX_PARSED_TOKENS: a parser token, or a stray character (an issue each). */
const counted = (type: number) =>
  type !== T.WS && type !== T.LINE_COMMENT && type !== T.BLOCK_COMMENT && type !== T.UNTERMINATED_COMMENT && type !== T.SEMI;

/** parseStatement's answer for tokens first..last of `buf` when they are too many to parse, without their token objects; else undefined. */
function tooLongChunk(buf: TokenBuffer, first: number, last: number, base: number): ParsedStatement | undefined {
  const types = buf.types;
  let count = 0;
  let firstCounted = -1;
  for (let i = first; i <= last; i++) {
    if (!counted(types[i]!)) continue;
    if (firstCounted < 0) firstCounted = i;
    count++;
  }
  if (count <= MAX_PARSED_TOKENS) return undefined;
  const comments: Span[] = [];
  for (let i = first; i <= last; i++) {
    const type = types[i]!;
    if (type === T.LINE_COMMENT || type === T.BLOCK_COMMENT || type === T.UNTERMINATED_COMMENT)
      comments.push({ start: buf.starts[i]! - base, end: buf.ends[i]! - base });
  }
  const firstSpan = { start: buf.starts[firstCounted]! - base, end: buf.ends[firstCounted]! - base };
  return tooLong(buf.ends[last]! - base, count, firstSpan, comments.length ? comments : NONE);
}

/** `issues` (the lexical and parenthesis ones) and the first five parser errors in words, one issue per place. */
function withParserIssues(
  lexical: SyntaxIssue[],
  errors: readonly RawSyntaxError[],
  significant: readonly Token[],
  base: number,
): SyntaxIssue[] {
  const issues = lexical === NONE ? [] : lexical;
  const hasParenIssue = issues.some((i) => i.code === 'unbalanced-parenthesis');
  // One issue per place: a lexical or parenthesis issue already explains a parser error on the same token.
  const seen = new Set<number>(issues.map((i) => i.span.start));
  let reported = 0;
  for (const raw of errors) {
    const issue = describeSyntaxError(raw, significant, base);
    if (!issue) continue;
    if (hasParenIssue && (raw.expected.includes(T.RPAREN) || raw.token?.type === T.RPAREN)) continue;
    if (seen.has(issue.span.start)) continue;
    seen.add(issue.span.start);
    issues.push(issue);
    if (++reported >= 5) break;
  }
  return issues;
}

function spanOfTokens(first: Token | null, last: Token | null, base: number): Span {
  if (!first || !last || first.type === Token.EOF) return { start: 0, end: 0 };
  const lastReal = last.type === Token.EOF ? first : last;
  return { start: first.start - base, end: Math.max(first.start, tokenEnd(lastReal)) - base };
}

function terminalSpan(node: TerminalNode | null, base: number): Span | undefined {
  const t = node?.symbol;
  if (!t || t.type === Token.EOF || t.start < 0) return undefined;
  return { start: t.start - base, end: tokenEnd(t) - base };
}

function wordOf(name: NameContext | null, base: number): WordNode | undefined {
  if (!name || name.start?.type === Token.EOF) return undefined;
  const ids = name.identifier();
  if (ids.length === 0) return undefined;
  const span = spanOfTokens(name.start, name.stop, base);
  const text = ids.map((id) => id.getText()).join('.');
  const backticked = ids.length === 1 && ids[0]!.BACKTICKED() !== null;
  return new Word(span.start, span.end, text, backticked ? text : upperCase(text), backticked, ids.length > 1);
}

function scalar(node: TerminalNode | null, kind: 'string' | 'integer', base: number): ScalarNode | undefined {
  const span = terminalSpan(node, base);
  if (!node || !span) return undefined;
  const text = node.getText();
  return new Scalar(kind, span.start, span.end, text, kind === 'string' ? unquote(text, "'") : text);
}

function nameScalar(name: NameContext | null, base: number): ScalarNode | undefined {
  const word = wordOf(name, base);
  if (!word) return undefined;
  return new Scalar('name', word.start, word.end, word.text, word.backticked ? unquote(word.text, '`') : word.text);
}

function listOf(ctx: ListContext, base: number): ListNode {
  const items: ListItemNode[] = [];
  for (const item of ctx.listItem()) {
    const s = scalar(item.STRING(), 'string', base) ?? scalar(item.INTEGER(), 'integer', base);
    if (s) {
      items.push(s);
      continue;
    }
    const group = item.group();
    if (group) {
      const node: GroupNode = { kind: 'group', span: spanOfTokens(group.start, group.stop, base), pairs: [] };
      for (const pair of group.groupPair()) {
        const key = wordOf(pair.name(), base);
        if (!key) continue;
        const value = scalar(pair.STRING(), 'string', base) ?? scalar(pair.INTEGER(), 'integer', base);
        node.pairs.push({ key, value, span: spanOfTokens(pair.start, pair.stop, base) });
      }
      items.push(node);
    }
  }
  const close = ctx.RPAREN();
  const closed =
    !!close && close.symbol.type === T.RPAREN && close.symbol.start >= 0 && (close.symbol.tokenIndex ?? -1) >= 0 && !isMissing(close);
  return { kind: 'list', span: spanOfTokens(ctx.start, closed ? close.symbol : ctx.stop, base), items, closed };
}

/** Tokens conjured by error recovery have no place in the input. */
function isMissing(node: TerminalNode): boolean {
  return node.symbol.start < 0 || (node.symbol.text ?? '').startsWith('<missing');
}

function valueOf(ctx: ValueContext | WithValueContext | null, base: number): ValueNode | undefined {
  if (!ctx) return undefined;
  const s = scalar(ctx.STRING(), 'string', base) ?? scalar(ctx.INTEGER(), 'integer', base);
  if (s) return s;
  const list = ctx.list();
  if (list) return listOf(list, base);
  return nameScalar(ctx.name(), base);
}

function elementsOf(tree: StatementContext, base: number): ElementNode[] {
  const out: ElementNode[] = [];
  for (const element of tree.element()) {
    const property = element.property();
    if (property) {
      const key = wordOf(property.name(), base);
      const eq = terminalSpan(property.EQ(), base);
      if (key && eq) {
        out.push({
          kind: 'property',
          span: spanOfTokens(property.start, property.stop, base),
          key,
          eq,
          value: valueOf(property.value(), base),
        });
      } else if (key) {
        out.push(key);
      }
      continue;
    }
    const withClause = element.withClause();
    if (withClause) {
      const keyword = terminalSpan(withClause.WITH(), base);
      if (!keyword) continue;
      const node: WithNode = { kind: 'with', span: spanOfTokens(withClause.start, withClause.stop, base), keyword, pairs: [] };
      for (const pair of withClause.withPair()) {
        const keyCtx = pair.withKey();
        const key = keyCtx ? (scalar(keyCtx.STRING(), 'string', base) ?? nameScalar(keyCtx.name(), base)) : undefined;
        if (!key) continue;
        const span = spanOfTokens(pair.start, pair.stop, base);
        node.pairs.push(WithPair.of(span.start, span.end, key, valueOf(pair.withValue(), base)));
      }
      out.push(node);
      continue;
    }
    const word = wordOf(element.word()?.name() ?? null, base);
    if (word) out.push(word);
  }
  return out;
}
