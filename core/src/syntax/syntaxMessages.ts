import { Token } from './token';
import type { Span } from '../types';
import type { SyntaxCode, SyntaxIssue } from './elements';
import { T, tokenEnd } from './lex';

/** A parser error as ANTLR reports it. */
export interface RawSyntaxError {
  token: Token | null;
  msg: string;
  expected: number[];
}

const TOKEN_WORDS: Record<number, string> = {
  [T.WITH]: 'WITH',
  [T.EQ]: "'='",
  [T.COMMA]: "','",
  [T.DOT]: "'.'",
  [T.LPAREN]: "'('",
  [T.RPAREN]: "')'",
  [T.SEMI]: "';'",
  [T.STRING]: 'a quoted string',
  [T.INTEGER]: 'a whole number',
  [T.IDENTIFIER]: 'a keyword or name',
  [T.BACKTICKED]: 'a `name`',
  [Token.EOF]: 'the end of the statement',
};

/** What the person wrote, in words: "the string 'x'", "'='", "the end of the statement". */
export function tokenInWords(token: Token | null): string {
  if (!token || token.type === Token.EOF) return 'the end of the statement';
  const text = token.text ?? '';
  switch (token.type) {
    case T.STRING:
      return `the string ${text}`;
    case T.INTEGER:
      return `the number ${text}`;
    case T.IDENTIFIER:
    case T.BACKTICKED:
      return `'${text}'`;
    default:
      return `'${text}'`;
  }
}

export function expectedInWords(expected: number[]): string[] {
  const words = new Set<string>();
  for (const type of expected) {
    if (type === T.BACKTICKED && expected.includes(T.IDENTIFIER)) continue;
    const w = TOKEN_WORDS[type];
    if (w) words.add(w);
  }
  return [...words];
}

function joinOr(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function issue(code: SyntaxCode, span: Span, message: string, antlrMessage = message, expected: string[] = []): SyntaxIssue {
  return { code, span, message, antlrMessage, expected };
}

function spanOf(token: Token, base: number): Span {
  return { start: token.start - base, end: tokenEnd(token) - base };
}

/** A clause starting inside an open string or name: ` JOB_NAME =`. */
const NEXT_CLAUSE = /\s+[A-Za-z_][\w.]*\s*=/;

/**
 * An open string or name runs to the end of its line. Its span is what it most likely was meant
 * to hold, where its fix closes it: up to a clause that starts inside it (`run-1 JOB_NAME = 'j'`
 * was `run-1`), else to the end of the line, trailing blanks left out.
 */
function openSpan(t: Token, base: number): Span {
  const text = (t.text ?? '').trimEnd();
  const clause = NEXT_CLAUSE.exec(text.slice(1));
  return { start: t.start - base, end: t.start - base + (clause ? clause.index + 1 : text.length) };
}

/** Problems the lexer alone can see: unclosed quotes and comments, stray characters. */
export function lexicalIssues(tokens: readonly Token[], base: number): SyntaxIssue[] {
  const out: SyntaxIssue[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    switch (t.type) {
      case T.UNTERMINATED_STRING:
        out.push(
          issue(
            'unterminated-string',
            openSpan(t, base),
            "This string has no closing quote ('). Strings end on the line they start.",
            `token recognition error at: '${t.text}'`,
          ),
        );
        break;
      case T.UNTERMINATED_BACKTICK:
        out.push(
          issue(
            'unterminated-name',
            openSpan(t, base),
            'This `name` has no closing backtick (`).',
            `token recognition error at: '${t.text}'`,
          ),
        );
        break;
      case T.UNTERMINATED_COMMENT:
        out.push(
          issue(
            'unterminated-comment',
            { start: t.start - base, end: t.start - base + 2 },
            'This /* comment is never closed with */.',
            `token recognition error at: '/*'`,
          ),
        );
        break;
      case T.UNKNOWN_CHAR: {
        // Merge a run of stray characters (an emoji is two UTF-16 units) into one issue.
        let j = i;
        while (j + 1 < tokens.length && tokens[j + 1]!.type === T.UNKNOWN_CHAR && tokens[j + 1]!.start === tokenEnd(tokens[j]!)) j++;
        const text = tokens
          .slice(i, j + 1)
          .map((x) => x.text)
          .join('');
        out.push(
          issue(
            'unexpected-character',
            { start: t.start - base, end: tokenEnd(tokens[j]!) - base },
            `Unexpected character ${JSON.stringify(text)}: only letters, digits, _, quotes, backticks, '=', ',', '.', '(' and ')' are used in statements.`,
            `token recognition error at: '${text}'`,
          ),
        );
        i = j;
        break;
      }
    }
  }
  return out;
}

/** Unmatched parentheses, found by counting, so that the message points at the culprit. */
export function parenthesisIssues(significant: readonly Token[], base: number): SyntaxIssue[] {
  const open: Token[] = [];
  const out: SyntaxIssue[] = [];
  for (const t of significant) {
    if (t.type === T.LPAREN) open.push(t);
    else if (t.type === T.RPAREN) {
      if (open.length) open.pop();
      else out.push(issue('unbalanced-parenthesis', spanOf(t, base), "This ')' has no matching '('.", `extraneous input ')'`, []));
    }
  }
  for (const t of open) {
    out.push(
      issue('unbalanced-parenthesis', spanOf(t, base), "This '(' is never closed: add ')' at the end of the list.", `missing ')'`, ["')'"]),
    );
  }
  return out;
}

function previousOf(significant: readonly Token[], token: Token | null | undefined): Token | undefined {
  if (token === undefined) return undefined;
  if (!token) return significant[significant.length - 1];
  if (token.type === Token.EOF) return significant[significant.length - 1];
  const index = significant.findIndex((t) => t.start === token.start && t.type === token.type);
  return index > 0 ? significant[index - 1] : undefined;
}

const isWord = (t: Token | undefined) => !!t && (t.type === T.IDENTIFIER || t.type === T.BACKTICKED);
const isValueStart = (t: Token | null) => !!t && (t.type === T.STRING || t.type === T.INTEGER || t.type === T.LPAREN);

/** Turns an ANTLR error into a plain-words issue with a precise span. */
export function describeSyntaxError(raw: RawSyntaxError, significant: readonly Token[], base: number): SyntaxIssue | undefined {
  const token = raw.token;
  const expected = expectedInWords(raw.expected);
  const prev = previousOf(significant, token);
  const atEnd = !token || token.type === Token.EOF;
  const span: Span = atEnd
    ? prev
      ? { start: tokenEnd(prev) - base, end: tokenEnd(prev) - base }
      : { start: 0, end: 0 }
    : spanOf(token, base);
  const found = tokenInWords(token);

  // LAKE 'x'  →  the '=' is missing.
  if (isValueStart(token) && isWord(prev)) {
    return issue('missing-equals', span, `Missing '=' between ${prev!.text} and its value.`, raw.msg, ["'='"]);
  }
  // LAKE =   (end, or the next clause)  →  the value is missing.
  if (prev?.type === T.EQ) {
    const key = previousOf(significant, prev);
    const what = key && isWord(key) ? `${key.text} =` : "'='";
    const eqSpan = spanOf(prev, base);
    return issue(
      'missing-value',
      { start: eqSpan.end, end: eqSpan.end },
      `${what} needs a value here, but found ${found}.`,
      raw.msg,
      expected,
    );
  }
  // LAKE = DATABASE = 'x': DATABASE was read as LAKE's value.
  if (token?.type === T.EQ && isWord(prev)) {
    const before = previousOf(significant, prev);
    if (before?.type === T.EQ) {
      const key = previousOf(significant, before);
      const eqSpan = spanOf(before, base);
      return issue(
        'missing-value',
        { start: eqSpan.end, end: eqSpan.end },
        `${key && isWord(key) ? key.text : 'The clause'} = has no value: ${prev!.text} starts the next clause.`,
        raw.msg,
        expected,
      );
    }
  }
  if (token?.type === T.EQ) {
    return issue('unexpected-token', span, `Unexpected '=': a clause name such as LAKE goes before '='.`, raw.msg, expected);
  }
  if (!prev && !atEnd && token && !isWord(token)) {
    return issue(
      'unexpected-token',
      span,
      `A statement starts with a keyword such as CREATE, ALTER or SHOW, not ${found}.`,
      raw.msg,
      expected,
    );
  }
  if (token && (token.type === T.STRING || token.type === T.INTEGER || token.type === T.LPAREN)) {
    return issue('unexpected-token', span, `Found ${found} where a clause (KEY = value) or WITH was expected.`, raw.msg, expected);
  }
  if (token?.type === T.COMMA) {
    return issue('unexpected-token', span, `Unexpected ',': commas separate list items and WITH pairs only.`, raw.msg, expected);
  }
  const list = expected.length ? `; expected ${joinOr(expected)}` : '';
  return issue('syntax', span, `Did not expect ${found} here${list}.`, raw.msg, expected);
}
