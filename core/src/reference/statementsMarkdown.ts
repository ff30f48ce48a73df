// The dialect reference (docs/statements.md) written from the catalog: the repository documents
// its dialect from the same data that validation, completion and hover read.
import type {
  Catalog,
  Certainty,
  ClauseCondition,
  ClauseSpec,
  EnumValue,
  ObjectKind,
  ObjectKindSpec,
  SourceRef,
  StatementSpec,
  WithKeySpec,
  WithSpec,
} from '../catalog/types';
import { certaintyInWords, enumLiteral, quote, requirementInWords, shapeInWords, withValuesInWords } from '../describe';

const CERTAINTIES: readonly Certainty[] = ['ref', 'code', 'seen', 'name'];

/** The markdown of docs/statements.md for a catalog and its object kinds. */
export function statementsMarkdown(catalog: Catalog, kinds: readonly ObjectKindSpec[]): string {
  const out: string[] = [
    '# Statement reference',
    '',
    '<!-- Generated from core/src/catalog/ by `npm run docs`: do not edit by hand. -->',
    '',
    'Every statement the editor knows, as its catalog (`core/src/catalog/`) describes it: validation,',
    'completion, hover, the CLI and the emulator read the same data. The service is the only authority',
    'on what it accepts; a statement missing here is reported as unknown (a warning), never refused.',
    '',
    ...certaintySection(),
    '',
    ...notationSection(),
    '',
    '## Contents',
    '',
    ...catalog.statements.map((s) => `- [${title(s)}](#${slug(title(s))}) — ${s.summary}`),
    '- [Object kinds](#object-kinds)',
    '- [References between objects](#references-between-objects)',
    '',
    '## Statements',
  ];
  const label = (kind: ObjectKind): string => kinds.find((k) => k.kind === kind)?.label ?? kind;
  for (const spec of catalog.statements) out.push('', ...statementSection(spec, label));
  out.push('', ...objectKindsSection(catalog, kinds), '', ...referencesSection(catalog, kinds));
  return `${out.join('\n')}\n`;
}

function certaintySection(): string[] {
  return [
    '## How sure we are',
    '',
    "The service's full grammar is not published. Each statement (and a clause, where it differs) carries a tag:",
    '',
    '| tag | meaning |',
    '|---|---|',
    ...CERTAINTIES.map((c) => `| \`${c}\` | ${cell(certaintyInWords(c))} |`),
    '',
    'What a `ref` statement states is checked as an error; what is only guessed (`seen`, `name`) is',
    'checked as a warning or information, and the message says so.',
  ];
}

function notationSection(): string[] {
  return [
    '## Notation',
    '',
    '- Keywords are case-insensitive; they are written in upper case here.',
    "- `string` is a single-quoted string (`''` for a quote inside); `integer` an unquoted whole number;",
    "  `list of strings` is `('a', 'b')`; `name` a bare, backticked or dotted name.",
    '- `[ … ]` is optional; `a | b` is one of the values.',
    "- `WITH 'key' = 'value', …` holds settings whose keys are quoted strings.",
  ];
}

function title(spec: StatementSpec): string {
  return spec.heads[0]!.join(' ');
}

/** GitHub's heading anchor. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
}

/** Text safe in a table cell: pipes escaped (also inside code), line breaks joined. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

export function statementSection(spec: StatementSpec, label: (kind: ObjectKind) => string): string[] {
  const out = [`### ${title(spec)}`, '', spec.summary, '', `Certainty: \`${spec.certainty}\` — ${certaintyInWords(spec.certainty)}`];
  if (spec.doc) out.push('', spec.doc);
  if (spec.heads.length > 1)
    out.push(
      '',
      `Also written: ${spec.heads
        .slice(1)
        .map((h) => `\`${h.join(' ')}\``)
        .join(', ')}.`,
    );
  out.push('', '```text', ...syntaxLines(spec), '```');
  if (spec.clauses.length > 0) out.push('', ...clausesTable(spec, label));
  if (spec.openEnded) out.push('', 'Its full clause layout is not known: other words after it are tolerated.');
  if (spec.argumentsOnly)
    out.push(
      '',
      'The vendor documents its arguments but no source gives its SQL layout: what the editor finds in it is information, never a warning or an error.',
    );
  if (spec.bucketPaths)
    out.push(
      '',
      `Any value that looks like ${spec.bucketPaths.what} (\`scheme://…\`) must end with \`${spec.bucketPaths.endsWith}\`, whatever clause or WITH key holds it.`,
    );
  for (const clause of spec.clauses) out.push(...valueLists(clause));
  for (const clause of spec.clauses) if (clause.with) out.push('', ...withSection(clause.with, `WITH keys of ${clause.key}`));
  if (spec.with) out.push('', ...withSection(spec.with, 'WITH keys'));
  const sources = sourcesOf(spec);
  if (sources.length) out.push('', 'Sources:', '', ...sources.map((s) => `- ${sourceInWords(s)}`));
  out.push('', 'Example:', '', '```svcsql', spec.example, '```');
  return out;
}

/** The statement's form: head and name, then one clause per line. */
export function syntaxLines(spec: StatementSpec): string[] {
  const first = [...spec.heads[0]!];
  const name = spec.name;
  if (name) {
    const written = name.backticked ? `\`<${name.label}>\`` : `<${name.label}>`;
    first.push(name.required ? written : `[${written}]`);
  }
  const set = spec.set ?? 'none';
  if (set === 'once' || set === 'oneAction') first.push('SET');
  const clauses = spec.clauses.map((c) => clauseForm(c));
  const lines = [first.join(' ')];
  if (set === 'oneAction') {
    lines.push(...clauses.map((c, i) => `  ${i === 0 ? '  ' : '| '}${c}`));
  } else {
    spec.clauses.forEach((c, i) => {
      const form = `${set === 'each' ? 'SET ' : ''}${clauses[i]}`;
      lines.push(`  ${c.required ? form : `[${form}]`}`);
    });
  }
  if (spec.with) lines.push("  [WITH 'key' = 'value', …]");
  if (spec.openEnded) lines.push('  …');
  return lines;
}

function clauseForm(clause: ClauseSpec): string {
  const form = clause.form ?? 'assign';
  const withPart = clause.with ? " [WITH 'key' = 'value', …]" : '';
  if (form === 'flag') return `${clause.key}${withPart}`;
  const value = shapeInWords(clause.value);
  return `${clause.key}${form === 'keyword' ? ' ' : ' = '}${value}${withPart}`;
}

function clausesTable(spec: StatementSpec, label: (kind: ObjectKind) => string): string[] {
  const rows = spec.clauses.map((c) => {
    const about = [c.doc];
    if (c.note) about.push(`Note: ${c.note}.`);
    if (c.value?.kind === 'string' && c.value.path) about.push(`Must end with \`${c.value.path.endsWith}\`.`);
    if (c.default !== undefined) about.push(`Default: \`${c.default}\`.`);
    if (c.anyPosition) about.push('Its place among the clauses is not documented and not checked.');
    if (c.refersTo) about.push(`Names a ${label(c.refersTo)}.`);
    if (c.onlyWhen) about.push(conditionInWords('Only', c.onlyWhen));
    if (c.requiredWhen) about.push(conditionInWords('Needed', c.requiredWhen));
    if (c.certainty && c.certainty !== spec.certainty) about.push(`\`${c.certainty}\`: ${certaintyInWords(c.certainty)}`);
    return `| \`${cell(c.key)}\` | ${cell(shapeInWords(c.value))} | ${requirementInWords(c.required)} | ${cell(about.join(' '))} |`;
  });
  const withLast = spec.with ? ' WITH comes after them.' : '';
  const order =
    spec.set === 'oneAction'
      ? 'Exactly one of these SET actions.'
      : `${spec.fixedOrder ? 'Clauses in this order.' : 'Clauses in any order.'}${withLast}`;
  return [order, '', '| clause | value | required | about |', '|---|---|---|---|', ...rows];
}

/** The values of an enum, the known values of a list, the keys of a partition group. */
function valueLists(clause: ClauseSpec): string[] {
  const shape = clause.value;
  if (shape?.kind === 'enum') {
    const head = shape.open ? `Known values of ${clause.key} (others may exist):` : `Values of ${clause.key}:`;
    const either = shape.quoting === 'either' ? ' Older pages quote the value; both forms are accepted.' : '';
    return ['', `${head}${either}`, '', ...valueItems(shape.values, (v) => enumLiteral(v, shape.quoting))];
  }
  if (shape?.kind === 'stringList' && shape.values?.length) {
    return ['', `Known values of ${clause.key}:`, '', ...valueItems(shape.values, quote)];
  }
  if (shape?.kind === 'groupList') {
    const keys = shape.group.keys.map(
      (k) => `- \`${k.key} = ${shapeInWords(k.value)}\` (${k.required ? 'required' : 'optional'}) — ${k.doc}`,
    );
    return ['', `Keys of each ${clause.key} group:`, '', ...keys];
  }
  return [];
}

function valueItems(values: readonly EnumValue[], literal: (value: string) => string): string[] {
  return values.map((v) => {
    const shown = v.spellingUnknown
      ? `${v.label ?? v.value} (spelling not documented: \`${literal(v.value)}\` and the like are read as it, with information, never an error)`
      : `\`${literal(v.value) || "''"}\``;
    const only = v.onlyWhen ? ` Only with ${v.onlyWhen.clause} = ${v.onlyWhen.value}: ${v.onlyWhen.note}.` : '';
    return `- ${shown}${v.doc ? ` — ${v.doc}` : ''}${only}`;
  });
}

function withSection(spec: WithSpec, heading: string): string[] {
  const notes: string[] = [];
  if (spec.doc) notes.push(spec.doc);
  if (spec.prefixes?.length) notes.push(`Keys starting with ${spec.prefixes.map((p) => `\`'${p}…'\``).join(', ')} are accepted.`);
  notes.push(spec.closed ? 'The list is complete: another key is reported.' : 'Other keys may exist.');
  const out = [`${heading}: ${notes.join(' ')}`];
  if (spec.keys.length > 0) out.push('', ...withKeysTable(spec.keys));
  if (spec.keysBy) {
    for (const [value, keys] of Object.entries(spec.keysBy.byValue)) {
      out.push('', `With ${spec.keysBy.clause} = ${value}:`, '', ...withKeysTable(keys));
    }
    for (const [value, prefixes] of Object.entries(spec.keysBy.prefixesByValue ?? {})) {
      out.push('', `With ${spec.keysBy.clause} = ${value}: keys starting with ${prefixes.map((p) => `\`'${p}…'\``).join(', ')}.`);
    }
  }
  return out;
}

/** "Only with WRITE_MODE = 'IMMUTABLE' (an error; a warning when another source disagrees)." */
function conditionInWords(what: 'Only' | 'Needed', c: ClauseCondition): string {
  const values = c.values.map((v) => `'${v}'`).join(' or ');
  const how = c.disputedBy ? 'a warning: another vendor source disagrees' : 'checked';
  return `${what} with ${c.clause} = ${values} (${how}; see Sources).`;
}

/** Every source the statement's rules rest on, once each: the statement's, its clauses' conditions, its WITH keys', its name's. */
function sourcesOf(spec: StatementSpec): SourceRef[] {
  const all: SourceRef[] = [...(spec.sources ?? [])];
  if (spec.name?.backtickedSource) all.push(spec.name.backtickedSource);
  for (const c of spec.clauses) {
    for (const cond of [c.onlyWhen, c.requiredWhen]) if (cond) all.push(cond.source, ...(cond.disputedBy ? [cond.disputedBy] : []));
    for (const k of c.with?.keys ?? []) if (k.source) all.push(k.source);
  }
  for (const k of spec.with?.keys ?? []) if (k.source) all.push(k.source);
  const seen = new Set<string>();
  return all.filter((s) => {
    const id = `${s.url}\n${s.says}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

function sourceInWords(s: SourceRef): string {
  return `${s.page} (${s.url}): “${s.says}”`;
}

function withKeysTable(keys: readonly WithKeySpec[]): string[] {
  const rows = keys.map((k) => {
    const values = k.values?.length ? ` ${withValuesInWords(k)}.` : '';
    const onlyWhen = (k.values ?? []).filter((v) => v.onlyWhen).map((v) => ` \`${quote(v.value)}\`: ${v.onlyWhen!.note}.`);
    const needed = k.requiredWhen
      ? ` Needed when \`${quote(k.requiredWhen.key)}\` is ${k.requiredWhen.values.map((v) => `\`${quote(v)}\``).join(' or ')}.`
      : '';
    return `| \`${cell(quote(k.key))}\` | ${cell(`${k.doc}${values}${onlyWhen.join('')}${needed}`)} |`;
  });
  return ['| key | about |', '|---|---|', ...rows];
}

function objectKindsSection(catalog: Catalog, kinds: readonly ObjectKindSpec[]): string[] {
  const statementsWhere = (ok: (s: StatementSpec) => boolean): string =>
    catalog.statements
      .filter(ok)
      .map((s) => `[${title(s)}](#${slug(title(s))})`)
      .join(', ') || '—';
  const rows = kinds.map((k) => {
    const created = statementsWhere((s) => s.name?.creates === k.kind);
    const listed = statementsWhere((s) => s.lists === k.kind);
    return `| ${k.label} | ${created} | ${listed} |`;
  });
  return [
    '## Object kinds',
    '',
    'The objects the service holds. Names compare case-insensitively, and backticks are not part of a name.',
    '',
    '| kind | created by | listed by |',
    '|---|---|---|',
    ...rows,
  ];
}

/** Which statement names (by its name or a clause) an object of which kind. */
function referencesSection(catalog: Catalog, kinds: readonly ObjectKindSpec[]): string[] {
  const label = new Map<ObjectKind, string>(kinds.map((k) => [k.kind, k.label]));
  const rows: string[] = [];
  for (const s of catalog.statements) {
    const link = `[${title(s)}](#${slug(title(s))})`;
    if (s.name?.refersTo) rows.push(`| ${link} | its name (${s.name.label}) | ${label.get(s.name.refersTo)} |`);
    for (const c of s.clauses) if (c.refersTo) rows.push(`| ${link} | \`${c.key}\` | ${label.get(c.refersTo)} |`);
  }
  return [
    '## References between objects',
    '',
    'Where a statement names an existing object: by its own name (ALTER, DELETE, DESCRIBE, RUN …) or in a clause.',
    '',
    '| statement | where | names a |',
    '|---|---|---|',
    ...rows,
  ];
}
