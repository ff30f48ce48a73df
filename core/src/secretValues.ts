// WITH values the catalog marks secret (a model provider's API key, …), found through the parsed
// WITH pairs of a statement, so that everything but the text sent can show them as ***.
import { catalog } from './catalog/index';
import type { WithSpec } from './catalog/types';
import { lex } from './syntax/lex';
import { parseStatement } from './syntax/parseStatement';
import type { Span } from './types';

export const SECRET_MASK = '***';

/** Lower-case keys marked secret anywhere in the catalog (a key means the same in every statement); built on first use, not by every program that loads the core. */
let secretKeySet: ReadonlySet<string> | undefined;
const secretKeys = (): ReadonlySet<string> => (secretKeySet ??= collectSecretKeys());

function collectSecretKeys(): ReadonlySet<string> {
  const keys = new Set<string>();
  const visit = (w: WithSpec | undefined) => {
    if (!w) return;
    for (const k of [...w.keys, ...Object.values(w.keysBy?.byValue ?? {}).flat()]) if (k.secret) keys.add(k.key.toLowerCase());
  };
  for (const s of catalog.statements) {
    visit(s.with);
    for (const c of s.clauses) visit(c.with);
  }
  return keys;
}

export interface SecretValue {
  /** Span of the value as written (quotes included), relative to the text. */
  span: Span;
  /** The value without quotes (what a service could echo). */
  value: string;
}

/** Whether the text can hold a secret WITH value at all: a cheap test before parsing. */
function mayHoldSecret(text: string): boolean {
  const keys = secretKeys();
  if (keys.size === 0) return false;
  const lower = text.toLowerCase();
  for (const k of keys) if (lower.includes(k)) return true;
  return false;
}

/** The secret WITH values of one statement's text, in order. */
export function secretValues(statementText: string): SecretValue[] {
  if (!mayHoldSecret(statementText)) return [];
  const parsed = parseStatement(lex(statementText), 0);
  const out: SecretValue[] = [];
  for (const element of parsed.elements) {
    if (element.kind !== 'with') continue;
    for (const pair of element.pairs) {
      if (pair.valueKind === undefined || !secretKeys().has(pair.keyValue.toLowerCase())) continue;
      const v = pair.value!;
      const value = v.kind === 'list' ? statementText.slice(v.span.start, v.span.end) : v.value;
      out.push({ span: v.span, value });
    }
  }
  return out;
}

/** The statement's text with every secret WITH value replaced by '***' (quoted like the value was). */
export function maskSecretValues(statementText: string): string {
  const found = secretValues(statementText);
  if (!found.length) return statementText;
  let out = '';
  let at = 0;
  for (const { span } of found) {
    const written = statementText.slice(span.start, span.end);
    const quote = written.startsWith("'") ? "'" : '';
    out += statementText.slice(at, span.start) + quote + SECRET_MASK + quote;
    at = span.end;
  }
  return out + statementText.slice(at);
}
