// Snippet text (VS Code / LSP snippet syntax) for values, clauses and whole statements.
import type { ClauseSpec, NameSpec, StatementSpec, ValueShape } from '../catalog/types';
import { enumLiteral } from '../describe';

/** Escapes literal snippet text. */
export function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

/** A choice tab stop ${n|a,b|}; choice items escape , | and \. */
export function choice(n: number, options: readonly string[]): string {
  return `\${${n}|${options.map((o) => o.replace(/[\\,|$}]/g, (c) => `\\${c}`)).join(',')}|}`;
}

function placeholder(n: number, text: string): string {
  return `\${${n}:${escapeSnippet(text)}}`;
}

/** The value part of KEY = value, with tab stops numbered from n. Returns the text and the next free number. */
export function valueSnippet(shape: ValueShape | undefined, n: number): { text: string; next: number } {
  if (!shape) return { text: '', next: n };
  switch (shape.kind) {
    case 'string':
      return { text: `'\${${n}}'`, next: n + 1 };
    case 'integer':
      return { text: `\${${n}}`, next: n + 1 };
    case 'name':
      return { text: placeholder(n, 'name'), next: n + 1 };
    case 'boolean':
      return { text: choice(n, ["'true'", "'false'"]), next: n + 1 };
    case 'enum':
      return {
        text: choice(
          n,
          shape.values.filter((v) => !v.spellingUnknown).map((v) => enumLiteral(v.value, shape.quoting)),
        ),
        next: n + 1,
      };
    case 'stringList':
      return { text: `('\${${n}}')`, next: n + 1 };
    case 'groupList': {
      let m = n;
      const pairs = shape.group.keys
        .filter((k) => k.required)
        .map((k) => {
          const v = valueSnippet(k.value, m);
          m = v.next;
          return `${k.key} = ${v.text}`;
        });
      return { text: `(${pairs.join(' ')})`, next: m };
    }
  }
}

/** A clause as inserted: KEY = value, KEY value (keyword form), or KEY WITH ... (flag form). */
export function clauseSnippet(clause: ClauseSpec, n = 1): { text: string; next: number } {
  const form = clause.form ?? 'assign';
  if (form === 'flag') {
    if (!clause.with) return { text: clause.key, next: n };
    const prefix = clause.with.prefixes?.[0] ?? '';
    return { text: `${clause.key} WITH '${escapeSnippet(prefix)}\${${n}}' = '\${${n + 1}}'`, next: n + 2 };
  }
  const v = valueSnippet(clause.value, n);
  return { text: form === 'keyword' ? `${clause.key} ${v.text}` : `${clause.key} = ${v.text}`, next: v.next };
}

function nameSnippet(name: NameSpec, n: number): string {
  const label = name.label.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'name';
  return name.backticked ? `\`${placeholder(n, label)}\`` : placeholder(n, label);
}

/** A whole statement: its canonical head, the name, SET where the statement uses one, and the required clauses. */
export function statementSnippet(spec: StatementSpec): string {
  let n = 1;
  let text = spec.heads[0]!.join(' ');
  if (spec.name) text += ` ${nameSnippet(spec.name, n++)}`;
  const required = spec.clauses.filter((c) => c.required);
  const set = spec.set ?? 'none';
  if (set !== 'none' && required.length === 0) return `${text} SET \${${n}}`;
  const clauses = required.map((c) => {
    const s = clauseSnippet(c, n);
    n = s.next;
    return (set === 'each' ? 'SET ' : '') + s.text;
  });
  if (set === 'once' || set === 'oneAction') clauses[0] = `SET ${clauses[0]}`;
  if (clauses.length === 0) return text;
  // One clause stays on the line; several go one per line, as the reference writes them.
  return clauses.length === 1 ? `${text} ${clauses[0]}` : `${text}\n  ${clauses.join('\n  ')}`;
}
