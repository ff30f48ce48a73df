// Catalog entries in words: the texts completion items and hovers show. One place, so that a
// clause reads the same in both.
import type { Certainty, ClauseSpec, EnumValue, StatementSpec, ValueShape, WithKeySpec } from './catalog/types';
import type { WordNode } from './syntax/elements';

const CERTAINTY_WORDS: Record<Certainty, string> = {
  ref: "Stated by the service's reference.",
  code: 'Taken from published client code that sends it.',
  seen: 'Seen in an example only.',
  name: 'Only its name is documented; the clause layout is a guess.',
};

export function certaintyInWords(c: Certainty): string {
  return CERTAINTY_WORDS[c];
}

/** How an enum value is written: 'A' for quoted enums, A otherwise ('either' prefers the newer, bare form). */
export function enumLiteral(value: string, quoting: 'quoted' | 'bare' | 'either'): string {
  return quoting === 'quoted' ? quote(value) : value;
}

/** Quotes a value as a single-quoted string, doubling inner quotes. */
export function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Joins words for messages: 'A, B or C'. */
export function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** What a shape expects, in words for a diagnostic message: "a quoted string", "a whole number of minutes". */
export function expectedInWords(shape: ValueShape | undefined): string {
  switch (shape?.kind) {
    case 'string':
      return 'a quoted string';
    case 'integer':
      return shape.unit ? `a whole number of ${shape.unit}` : 'a whole number';
    case 'stringList':
      return "a list of quoted strings, such as ('a', 'b')";
    case 'groupList':
      return "a list of partition groups, such as (field = 'f' partition_type = '')";
    case 'boolean':
      return "'true' or 'false'";
    case 'enum':
      // Messages quote 'either' values (the form every page accepts); hovers show the newer bare form.
      // Values whose spelling is unknown (SQL and Open Engines cluster types) are not named as if known.
      return joinOr(shape.values.filter((v) => !v.spellingUnknown).map((v) => (shape.quoting === 'bare' ? v.value : quote(v.value))));
    case 'name':
      return 'a bare name';
    default:
      return 'a value';
  }
}

/** The value shape in a few words: "string", "integer (minutes)", "'IMMUTABLE' | 'MUTABLE'". */
export function shapeInWords(shape: ValueShape | undefined): string {
  if (!shape) return 'no value';
  switch (shape.kind) {
    case 'string':
      return 'string';
    case 'integer':
      return shape.unit ? `integer (${shape.unit})` : 'integer';
    case 'stringList':
      return 'list of strings';
    case 'groupList':
      return 'list of partition groups';
    case 'boolean':
      return "'true' | 'false'";
    case 'enum': {
      const values = shape.values
        .filter((v) => !v.spellingUnknown)
        .map((v) => enumLiteral(v.value, shape.quoting))
        .join(' | ');
      return shape.open ? `${values} | …` : values;
    }
    case 'name':
      return 'name';
  }
}

/** 'required', 'required (warning only)' or 'optional'. */
export function requirementInWords(required: ClauseSpec['required']): string {
  if (required === true) return 'required';
  if (required === 'warn') return 'required (warning only)';
  return 'optional';
}

/** How the clause is written, as a code sample: SOURCE = string, FOR IMPORT | SYNC, ADVANCED_CONFIGS WITH …. */
export function clauseSyntax(clause: ClauseSpec): string {
  const form = clause.form ?? 'assign';
  if (form === 'flag') return `${clause.key}${clause.with ? ' WITH …' : ''}`;
  const shape = shapeInWords(clause.value);
  return form === 'keyword' ? `${clause.key} ${shape}` : `${clause.key} = ${shape}`;
}

function enumList(values: readonly EnumValue[], quoting: 'quoted' | 'bare' | 'either'): string {
  return values
    .map((v) => {
      const shown = v.spellingUnknown ? `${v.label ?? v.value} (spelling not documented)` : `\`${enumLiteral(v.value, quoting) || "''"}\``;
      return `- ${shown}${v.doc ? ` — ${v.doc}` : ''}`;
    })
    .join('\n');
}

/** Markdown for a clause: syntax, requirement, doc, values, note, certainty when it differs. */
export function clauseMarkdown(clause: ClauseSpec, statement: StatementSpec | undefined): string {
  const parts = [`\`${clauseSyntax(clause)}\` — ${requirementInWords(clause.required)}`, clause.doc];
  const shape = clause.value;
  if (shape?.kind === 'enum') {
    parts.push(`${shape.open ? 'Known values (others may exist)' : 'Values'}:\n${enumList(shape.values, shape.quoting)}`);
    if (shape.quoting === 'either') parts.push('Older pages quote the value; both forms are accepted.');
  } else if (shape?.kind === 'stringList' && shape.values?.length) {
    parts.push(`Known values:\n${enumList(shape.values, 'quoted')}`);
  } else if (shape?.kind === 'groupList') {
    parts.push(
      `Group keys:\n${shape.group.keys.map((k) => `- \`${k.key}\` (${k.required ? 'required' : 'optional'}) — ${k.doc}`).join('\n')}`,
    );
  }
  if (shape?.kind === 'string' && shape.path) parts.push(`Must end with \`${shape.path.endsWith}\`.`);
  if (clause.default !== undefined) parts.push(`Default: \`${clause.default}\`.`);
  if (clause.anyPosition) parts.push('Its place among the clauses is not documented and not checked.');
  if (clause.note) parts.push(`*Note: ${clause.note}.*`);
  if (clause.certainty && clause.certainty !== statement?.certainty) parts.push(`*${certaintyInWords(clause.certainty)}*`);
  return parts.join('\n\n');
}

/**
 * Markdown for a statement: summary, doc, certainty, example. `written` is the head as the person
 * wrote it (CREATE STREAM CAPTURE), named first; the other heads follow as "also written".
 */
export function statementMarkdown(spec: StatementSpec, written: string = spec.heads[0]!.join(' ')): string {
  const others = spec.heads.map((h) => h.join(' ')).filter((h) => h !== written);
  const parts = [`**${written}** — ${spec.summary}`];
  if (spec.doc) parts.push(spec.doc);
  if (others.length > 0) parts.push(`Also written: ${others.join(', ')}.`);
  parts.push(`*${certaintyInWords(spec.certainty)}*`);
  parts.push(`Example:\n\`\`\`svcsql\n${spec.example}\n\`\`\``);
  return parts.join('\n\n');
}

/** The values of a WITH key in a line of markdown, saying whether the list is closed ('' when none are known). */
export function withValuesInWords(key: WithKeySpec): string {
  if (!key.values?.length) return '';
  const values = key.values.map((v) => `\`${quote(v.value)}\``).join(', ');
  return key.valuesClosed ? `Values (the reference lists only these): ${values}` : `Known values (seen; others may exist): ${values}`;
}

/** Markdown for one enum value (or known value). */
export function valueMarkdown(literal: string, value: EnumValue, owner: string): string {
  return [`\`${literal}\` — value of ${owner}`, value.doc].filter(Boolean).join('\n\n');
}

const canonical = new WeakMap<StatementSpec, string>();

/** The canonical head: 'CREATE FLOW'. */
export function canonicalHead(spec: StatementSpec): string {
  let head = canonical.get(spec);
  if (head === undefined) {
    head = spec.heads[0]!.join(' ');
    canonical.set(spec, head);
  }
  return head;
}

/**
 * The head as the person wrote it, in upper case: a statement written CREATE STREAM CAPTURE is
 * not "CREATE FLOW" to its author. The canonical head when the words are not one of the spec's heads.
 */
export function writtenHead(spec: StatementSpec, words: readonly WordNode[]): string {
  if (spec.heads.length === 1) return canonicalHead(spec);
  // Compared word by word: joining every head of the spec for every statement showed in profiles.
  for (const h of spec.heads) {
    if (h.length !== words.length) continue;
    let same = true;
    for (let i = 0; i < h.length && same; i++) same = h[i] === words[i]!.upper;
    if (same) return headText(h);
  }
  return canonicalHead(spec);
}

const headTexts = new WeakMap<readonly string[], string>();

/** A head's words joined by spaces, once per head. */
function headText(head: readonly string[]): string {
  let text = headTexts.get(head);
  if (text === undefined) {
    text = head.join(' ');
    headTexts.set(head, text);
  }
  return text;
}
