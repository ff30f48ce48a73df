// `explain` and `list_statements`: the catalog's reference, in the words docs/statements.md uses
// (core/src/reference/statementsMarkdown.ts), for one statement, clause or WITH key.
import { catalog, type ClauseSpec, type ObjectKind, type StatementSpec, type WithKeySpec, type WithSpec } from '../../core/src/index';
import { objectKinds } from '../../core/src/catalog/index';
import { clauseMarkdown, quote, withValuesInWords } from '../../core/src/describe';
import { statementSection } from '../../core/src/reference/statementsMarkdown';

const head = (s: StatementSpec): string => s.heads[0]!.join(' ');
const label = (kind: ObjectKind): string => objectKinds.find((k) => k.kind === kind)?.label ?? kind;

/** One line per statement kind: `CREATE FLOW — summary`. */
export function statementIndex(): string {
  return catalog.statements.map((s) => `${head(s)} — ${s.summary}`).join('\n');
}

/** The statement whose head (any spelling) or id the words are. */
function statementNamed(words: string): StatementSpec | undefined {
  return catalog.statements.find((s) => s.id.toUpperCase() === words || s.heads.some((h) => h.join(' ') === words));
}

/** The longest head the words start with, and what follows it. */
function statementPrefix(words: string): { spec: StatementSpec; rest: string } | undefined {
  let best: { spec: StatementSpec; rest: string; length: number } | undefined;
  for (const spec of catalog.statements)
    for (const h of spec.heads) {
      const written = h.join(' ');
      if (words.startsWith(`${written} `) && (!best || written.length > best.length))
        best = { spec, rest: words.slice(written.length + 1), length: written.length };
    }
  return best;
}

function clauseNamed(spec: StatementSpec, key: string): ClauseSpec | undefined {
  return spec.clauses.find((c) => c.key === key);
}

/** Every WITH key list of a statement, with where it applies. */
function withLists(spec: StatementSpec): { where: string; keys: readonly WithKeySpec[] }[] {
  const out: { where: string; keys: readonly WithKeySpec[] }[] = [];
  const add = (w: WithSpec, where: string): void => {
    out.push({ where, keys: w.keys });
    for (const [value, keys] of Object.entries(w.keysBy?.byValue ?? {}))
      out.push({ where: `${where}, with ${w.keysBy!.clause} = ${value}`, keys });
  };
  if (spec.with) add(spec.with, head(spec));
  for (const c of spec.clauses) if (c.with) add(c.with, `${head(spec)} ${c.key}`);
  return out;
}

function withKeyText(key: WithKeySpec, where: string): string {
  const parts = [`### WITH ${quote(key.key)} = … (${where})`, key.doc];
  const values = withValuesInWords(key);
  if (values) parts.push(values);
  if (key.requiredWhen) parts.push(`Needed when ${quote(key.requiredWhen.key)} is ${key.requiredWhen.values.map(quote).join(' or ')}.`);
  if (key.secret) parts.push('Its value is a secret: shown as *** in output and history.');
  return parts.join('\n\n');
}

export type Explained = { ok: true; text: string } | { ok: false; message: string };

export function explain(topic: string): Explained {
  const raw = topic.trim().replace(/;+$/, '').trim();
  const words = raw.replace(/\s+/g, ' ').toUpperCase();
  const statement = statementNamed(words) ?? statementNamed(words.replace(/-/g, ' '));
  if (statement) return { ok: true, text: statementSection(statement, label).join('\n') };

  const prefixed = statementPrefix(words);
  if (prefixed) {
    const clause = clauseNamed(prefixed.spec, prefixed.rest);
    if (clause) return { ok: true, text: `### ${prefixed.rest} in ${head(prefixed.spec)}\n\n${clauseMarkdown(clause, prefixed.spec)}` };
    const key = raw
      .slice(raw.length - prefixed.rest.length)
      .replace(/^'|'$/g, '')
      .toLowerCase();
    const found = withLists(prefixed.spec).flatMap((l) =>
      l.keys.filter((k) => k.key.toLowerCase() === key).map((k) => withKeyText(k, l.where)),
    );
    if (found.length) return { ok: true, text: found.join('\n\n') };
    const clauses = prefixed.spec.clauses.map((c) => c.key);
    return {
      ok: false,
      message: `${head(prefixed.spec)} has no clause or WITH key ${JSON.stringify(prefixed.rest)}.${clauses.length ? ` Its clauses: ${clauses.join(', ')}.` : ''}`,
    };
  }

  const sections: string[] = [];
  for (const spec of catalog.statements) {
    const clause = clauseNamed(spec, words);
    if (clause) sections.push(`### ${words} in ${head(spec)}\n\n${clauseMarkdown(clause, spec)}`);
  }
  const key = raw.replace(/^'|'$/g, '').toLowerCase();
  for (const spec of catalog.statements)
    for (const l of withLists(spec)) for (const k of l.keys) if (k.key.toLowerCase() === key) sections.push(withKeyText(k, l.where));
  if (sections.length) return { ok: true, text: sections.join('\n\n') };

  const topicWords = words.split(' ').filter((w) => w.length > 2);
  const near = catalog.statements.filter((s) => topicWords.some((w) => head(s).includes(w))).map(head);
  return {
    ok: false,
    message:
      `No statement, clause or WITH key is called ${JSON.stringify(raw.slice(0, 80))}.` +
      (near.length ? ` Related statements: ${near.slice(0, 12).join(', ')}.` : '') +
      ' list_statements lists every statement.',
  };
}
