// docs/statements.md is written from the catalog by `npm run docs`: the committed file must be what
// the generator writes today, and the generator must carry every fact of the catalog it promises.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { catalog, objectKinds } from '../../core/src/catalog/index';
import type { Catalog, StatementSpec } from '../../core/src/catalog/types';
import { statementsMarkdown, syntaxLines } from '../../core/src/reference/statementsMarkdown';

test('docs/statements.md is up to date with the catalog', () => {
  const committed = readFileSync('docs/statements.md', 'utf8');
  const generated = statementsMarkdown(catalog, objectKinds);
  if (committed === generated) return;
  const a = committed.split('\n');
  const b = generated.split('\n');
  let line = 0;
  while (line < a.length && a[line] === b[line]) line++;
  assert.fail(
    `docs/statements.md is stale (first difference at line ${line + 1}: committed ${JSON.stringify(a[line])}, generated ${JSON.stringify(b[line])}).\n` +
      'Run `npm run docs` and commit docs/statements.md.',
  );
});

test('every statement has its heading, syntax, certainty and example', () => {
  const md = statementsMarkdown(catalog, objectKinds);
  for (const spec of catalog.statements) {
    const title = spec.heads[0]!.join(' ');
    const section = sectionOf(md, title);
    assert.ok(section.includes(spec.summary), `${title}: summary`);
    assert.ok(section.includes(`Certainty: \`${spec.certainty}\``), `${title}: certainty`);
    assert.ok(section.includes(`\`\`\`svcsql\n${spec.example}\n\`\`\``), `${title}: example`);
    assert.ok(section.includes(`\`\`\`text\n${syntaxLines(spec).join('\n')}\n\`\`\``), `${title}: syntax`);
    for (const head of spec.heads.slice(1))
      assert.ok(section.includes(`\`${head.join(' ')}\``), `${title}: also written ${head.join(' ')}`);
  }
});

test('clauses, enum values and WITH keys (also per TYPE) appear in their statement', () => {
  const md = statementsMarkdown(catalog, objectKinds);
  let perValueKeys = 0;
  for (const spec of catalog.statements) {
    const section = sectionOf(md, spec.heads[0]!.join(' '));
    for (const clause of spec.clauses) {
      assert.ok(section.includes(`| \`${clause.key}\` |`), `${spec.id}: clause ${clause.key}`);
      if (clause.value?.kind === 'enum')
        for (const v of clause.value.values) assert.ok(section.includes(v.value), `${spec.id}: ${clause.key} value ${v.value}`);
    }
    for (const key of spec.with?.keys ?? []) assert.ok(section.includes(`'${key.key}'`), `${spec.id}: WITH ${key.key}`);
    for (const [value, keys] of Object.entries(spec.with?.keysBy?.byValue ?? {})) {
      assert.ok(section.includes(`With ${spec.with!.keysBy!.clause} = ${value}:`), `${spec.id}: keys by ${value}`);
      for (const key of keys) {
        assert.ok(section.includes(`'${key.key}'`), `${spec.id}: WITH ${key.key} for ${value}`);
        perValueKeys++;
      }
    }
  }
  assert.ok(perValueKeys > 0, 'the catalog has per-type WITH keys to check');
});

test('syntax lines: required clauses bare, optional ones bracketed, SET before each clause where the statement says so', () => {
  const spec: StatementSpec = {
    id: 'alter-thing',
    heads: [['ALTER', 'THING']],
    summary: 'Change a thing.',
    certainty: 'seen',
    name: { label: 'thing name', required: true },
    set: 'each',
    clauses: [
      { key: 'SIZE', value: { kind: 'integer', unit: 'GB' }, required: true, doc: 'Size.' },
      { key: 'MODE', value: { kind: 'enum', quoting: 'quoted', values: [{ value: 'A' }, { value: 'B' }] }, doc: 'Mode.' },
    ],
    with: { keys: [] },
    example: 'ALTER THING t SET SIZE = 3',
  };
  assert.deepEqual(syntaxLines(spec), [
    'ALTER THING <thing name>',
    '  SET SIZE = integer (GB)',
    "  [SET MODE = 'A' | 'B']",
    "  [WITH 'key' = 'value', …]",
  ]);
});

test('object kinds and references come from the catalog data', () => {
  const tiny: Catalog = {
    statements: [
      {
        id: 'create-box',
        heads: [['CREATE', 'BOX']],
        summary: 'Make a box.',
        certainty: 'ref',
        name: { label: 'box name', required: true, creates: 'cluster' },
        clauses: [],
        example: 'CREATE BOX b',
      },
      {
        id: 'show-boxes',
        heads: [['SHOW', 'BOXES']],
        summary: 'List boxes.',
        certainty: 'ref',
        lists: 'cluster',
        clauses: [],
        example: 'SHOW BOXES',
      },
      {
        id: 'fill-box',
        heads: [['FILL', 'BOX']],
        summary: 'Fill a box.',
        certainty: 'ref',
        name: { label: 'box name', required: true, refersTo: 'cluster' },
        clauses: [{ key: 'FROM', value: { kind: 'string' }, refersTo: 'lake', doc: 'Where from.' }],
        example: "FILL BOX b FROM = 'l'",
      },
    ],
  };
  const md = statementsMarkdown(tiny, objectKinds);
  assert.match(md, /\| cluster \| \[CREATE BOX\]\(#create-box\) \| \[SHOW BOXES\]\(#show-boxes\) \|/);
  assert.match(md, /\| \[FILL BOX\]\(#fill-box\) \| its name \(box name\) \| cluster \|/);
  assert.match(md, /\| \[FILL BOX\]\(#fill-box\) \| `FROM` \| lake \|/);
});

/** The text of one statement's section, from its heading to the next. */
function sectionOf(md: string, title: string): string {
  const start = md.indexOf(`\n### ${title}\n`);
  assert.ok(start >= 0, `no section for ${title}`);
  const next = md.indexOf('\n### ', start + 1);
  const end = next < 0 ? md.indexOf('\n## ', start + 1) : next;
  return md.slice(start, end < 0 ? undefined : end);
}
