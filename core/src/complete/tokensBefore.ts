// Small readings of the significant tokens before the caret: which key an '=' belongs to, which
// list the caret is in, which keys a group or WITH already has. They work on broken statements too,
// where the parse tree may not hold the caret's context.
import type { Token } from 'antlr4ng';
import { T } from '../syntax/lex';

const unquote = (s: string) => (s.startsWith("'") ? s.slice(1, s.endsWith("'") && s.length > 1 ? -1 : undefined).replace(/''/g, "'") : s);

/** The key written before the token at `eq` (an '='): KEY, a dotted name, or a quoted WITH key. */
export function keyBefore(tokens: readonly Token[], eq: number): string | undefined {
  let i = eq - 1;
  const t = tokens[i];
  if (!t) return undefined;
  if (t.type === T.STRING) return unquote(t.text ?? '');
  if (t.type !== T.IDENTIFIER && t.type !== T.BACKTICKED) return undefined;
  const parts = [t.text ?? ''];
  while (i >= 2 && tokens[i - 1]!.type === T.DOT && (tokens[i - 2]!.type === T.IDENTIFIER || tokens[i - 2]!.type === T.BACKTICKED)) {
    parts.unshift(tokens[i - 2]!.text ?? '');
    i -= 2;
  }
  return parts.join('.');
}

/** Index of the '(' of the list the end of `tokens` is in, or -1. */
export function openList(tokens: readonly Token[]): number {
  let depth = 0;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!.type;
    if (t === T.RPAREN) depth++;
    else if (t === T.LPAREN) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** Index of the last WITH outside parentheses, or -1. */
export function lastWith(tokens: readonly Token[]): number {
  let depth = 0;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!.type;
    if (t === T.RPAREN) depth++;
    else if (t === T.LPAREN) depth = Math.max(0, depth - 1);
    else if (t === T.WITH && depth === 0) return i;
  }
  return -1;
}

/** Keys written as `key =` in tokens[from, to) at the top level (not inside nested parentheses). */
export function keysAssigned(tokens: readonly Token[], from: number, to = tokens.length): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = from; i < to; i++) {
    const t = tokens[i]!.type;
    if (t === T.LPAREN) depth++;
    else if (t === T.RPAREN) depth--;
    else if (t === T.EQ && depth === 0) {
      const k = keyBefore(tokens, i);
      if (k !== undefined) keys.push(k);
    }
  }
  return keys;
}

/** Index just after the last ',' of the list opened at `open` (the current item's start). */
export function currentItemStart(tokens: readonly Token[], open: number): number {
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < tokens.length; i++) {
    const t = tokens[i]!.type;
    if (t === T.LPAREN) depth++;
    else if (t === T.RPAREN) depth--;
    else if (t === T.COMMA && depth === 0) start = i + 1;
  }
  return start;
}

/** The unquoted strings already in the list opened at `open`. */
export function listStrings(tokens: readonly Token[], open: number): Set<string> {
  const out = new Set<string>();
  for (let i = open + 1; i < tokens.length; i++) if (tokens[i]!.type === T.STRING) out.add(unquote(tokens[i]!.text ?? ''));
  return out;
}

/** The list's clause key: `KEY = (`. */
export function listOwner(tokens: readonly Token[], open: number): string | undefined {
  return tokens[open - 1]?.type === T.EQ ? keyBefore(tokens, open - 1) : undefined;
}

/** The run of plain words at the end of tokens, upper-cased. */
export function trailingWords(tokens: readonly Token[]): string[] {
  const words: string[] = [];
  for (let i = tokens.length - 1; i >= 0 && tokens[i]!.type === T.IDENTIFIER; i--) words.unshift((tokens[i]!.text ?? '').toUpperCase());
  return words;
}
