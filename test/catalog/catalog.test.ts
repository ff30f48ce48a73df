// Consistency of the dialect catalog: the shape rules the rest of the editor relies on, and
// that every statement of the dialect (docs/statements.md) is present.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allHeads, catalog, clauseOf, statementById, verbs } from '../../core/src/catalog/index';
import type { StatementSpec, ValueShape } from '../../core/src/catalog/types';

const specs = catalog.statements;
const headText = (h: string[]) => h.join(' ');

// Typed by hand from the dialect as docs/statements.md lists it: removing a statement from the catalog must fail here.
const expectedHeads = [
  'CREATE FLOW',
  'CREATE STREAM CAPTURE',
  'ALTER FLOW',
  'ALTER STREAM CAPTURE',
  'DELETE FLOW',
  'DESCRIBE FLOW',
  'SHOW FLOWS',
  'CREATE CLUSTER',
  'ALTER CLUSTER',
  'DELETE CLUSTER',
  'DESCRIBE CLUSTER',
  'SHOW CLUSTERS',
  'CREATE JOB',
  'ALTER JOB',
  'RUN JOB',
  'DELETE JOB',
  'DESCRIBE JOB',
  'DESCRIBE JOB_RUN',
  'CANCEL JOB_RUN',
  'ALTER OCU',
  'ALTER SERVICE IN TABLE',
  'CREATE TABLE_SERVICE',
  'ALTER TABLE_SERVICE',
  'DELETE TABLE_SERVICE',
  'PAUSE TABLE_SERVICE',
  'RESUME TABLE_SERVICE',
  'CANCEL TABLE_SERVICE',
  'DESCRIBE TABLE_SERVICE',
  'SHOW TABLE_SERVICES',
  'SHOW RUNS IN TABLE_SERVICE',
  'ALTER SERVICES CLUSTER IN TABLE',
  'RUN SERVICE IN TABLE',
  'CREATE TRANSFORMATION',
  'SHOW TRANSFORMATIONS',
  'DESCRIBE TRANSFORMATION',
  'DELETE TRANSFORMATION',
  'SHOW LAKES',
  'CREATE LAKE',
  'ALTER LAKE',
  'DELETE LAKE',
  'CREATE DATABASE',
  'DELETE DATABASE',
  'SHOW DATABASES',
  'CREATE SOURCE',
  'DELETE SOURCE',
  'SHOW SOURCES',
  'CREATE CATALOG',
  'DELETE CATALOG',
  'SHOW CATALOGS',
  'UPLOAD JAR',
  'REPLACE JAR',
  'DESCRIBE JAR',
  'DELETE JAR',
  'SHOW POLICIES',
  'SHOW POLICIES DIFF',
  'IMPORT POLICIES',
  'SYNC POLICIES',
  'GRANT POLICIES',
  'REVOKE POLICIES',
  'GRANT SELECT ON TABLE',
];

// Certainty tags (docs/statements.md) for the statements whose tag is stated explicitly.
const expectedCertainty: Record<string, StatementSpec['certainty']> = {
  'CREATE FLOW': 'ref',
  'ALTER FLOW': 'ref',
  'SHOW FLOWS': 'name',
  'CREATE CLUSTER': 'code',
  'SHOW CLUSTERS': 'name',
  'CANCEL JOB_RUN': 'code',
  'ALTER OCU': 'seen',
  'ALTER SERVICE IN TABLE': 'name',
  'CREATE TRANSFORMATION': 'ref',
  'DESCRIBE TRANSFORMATION': 'name',
  'DELETE TRANSFORMATION': 'name',
  'SHOW LAKES': 'seen',
  'CREATE LAKE': 'name',
  'SHOW POLICIES DIFF': 'ref',
  'REVOKE POLICIES': 'ref',
  'GRANT SELECT ON TABLE': 'seen',
};

function specByHead(head: string): StatementSpec | undefined {
  return allHeads().find((h) => headText(h.head) === head)?.spec;
}

test('ids are unique and lookups find them', () => {
  const ids = specs.map((s) => s.id);
  assert.equal(new Set(ids).size, ids.length, `duplicate ids: ${ids.filter((id, i) => ids.indexOf(id) !== i)}`);
  for (const s of specs) assert.equal(statementById(s.id), s);
  assert.equal(statementById('no-such-statement'), undefined);
});

test('heads are upper case and no head is repeated across specs', () => {
  const seen = new Map<string, string>();
  for (const s of specs) {
    assert.ok(s.heads.length > 0, `${s.id} has no head`);
    for (const h of s.heads) {
      for (const w of h) assert.match(w, /^[A-Z_]+$/, `${s.id}: head word '${w}'`);
      const t = headText(h);
      assert.ok(!seen.has(t), `head '${t}' in both ${seen.get(t)} and ${s.id}`);
      seen.set(t, s.id);
    }
  }
});

test('every statement of the dialect is present, with its tag', () => {
  const present = new Set(allHeads().map((h) => headText(h.head)));
  const missing = expectedHeads.filter((h) => !present.has(h));
  assert.deepEqual(missing, []);
  for (const [head, certainty] of Object.entries(expectedCertainty)) assert.equal(specByHead(head)?.certainty, certainty, head);
  assert.equal(specByHead('CREATE FLOW'), specByHead('CREATE STREAM CAPTURE'));
  assert.equal(specByHead('ALTER FLOW'), specByHead('ALTER STREAM CAPTURE'));
});

test('allHeads is longest first; verbs are the first words', () => {
  const lengths = allHeads().map((h) => h.head.length);
  assert.deepEqual(
    lengths,
    [...lengths].sort((a, b) => b - a),
  );
  const v = verbs();
  for (const w of [
    'CREATE',
    'ALTER',
    'DELETE',
    'DESCRIBE',
    'SHOW',
    'RUN',
    'CANCEL',
    'UPLOAD',
    'REPLACE',
    'GRANT',
    'REVOKE',
    'IMPORT',
    'SYNC',
    'PAUSE',
    'RESUME',
  ]) {
    assert.ok(v.has(w), w);
  }
  assert.equal(v.size, new Set(allHeads().map((h) => h.head[0])).size);
});

function enumsOf(shape: ValueShape | undefined): { values: { value: string }[] }[] {
  if (!shape) return [];
  if (shape.kind === 'enum') return [shape];
  if (shape.kind === 'stringList' && shape.values) return [{ values: shape.values }];
  if (shape.kind === 'groupList') return shape.group.keys.flatMap((k) => enumsOf(k.value));
  return [];
}

test('clauses: upper-case unique keys, a doc each, value unless flag, non-empty enums', () => {
  for (const s of specs) {
    const keys = s.clauses.map((c) => c.key);
    assert.equal(new Set(keys).size, keys.length, `${s.id}: duplicate clause keys`);
    for (const c of s.clauses) {
      const where = `${s.id} ${c.key}`;
      assert.match(c.key, /^[A-Z_]+( [A-Z_]+)*$/, where);
      assert.ok(c.doc.trim().length > 0, `${where}: no doc`);
      if (c.form === 'flag') assert.equal(c.value, undefined, `${where}: flag with a value`);
      else assert.ok(c.value, `${where}: no value shape`);
      assert.equal(clauseOf(s, c.key.toLowerCase()), c);
      for (const e of enumsOf(c.value)) {
        assert.ok(e.values.length > 0, `${where}: empty value list`);
        const vs = e.values.map((v) => v.value);
        assert.equal(new Set(vs).size, vs.length, `${where}: duplicate values`);
      }
      if (c.value?.kind === 'groupList') for (const k of c.value.group.keys) assert.match(k.key, /^[a-z_]+$/, where);
    }
    assert.ok(s.summary.trim() && s.example.trim(), `${s.id}: summary and example`);
  }
});

test('fixedOrder specs have required clauses', () => {
  const fixed = specs.filter((s) => s.fixedOrder);
  assert.ok(fixed.length > 0);
  for (const s of fixed)
    assert.ok(
      s.clauses.some((c) => c.required === true),
      s.id,
    );
});

test('keysBy names an enum clause and only its values', () => {
  for (const s of specs) {
    const withs = [s.with, ...s.clauses.map((c) => c.with)];
    for (const w of withs) {
      if (!w?.keysBy) continue;
      const c = clauseOf(s, w.keysBy.clause);
      assert.ok(c, `${s.id}: keysBy clause ${w.keysBy.clause} missing`);
      assert.equal(c.value?.kind, 'enum', `${s.id}: keysBy clause is not an enum`);
      if (c.value?.kind !== 'enum') continue;
      const values = new Set(c.value.values.map((v) => v.value.toUpperCase()));
      for (const v of Object.keys(w.keysBy.byValue)) assert.ok(values.has(v), `${s.id}: keysBy value ${v} is not a ${c.key} value`);
    }
  }
});

// A small reading of an example: enough to see that it opens with its own head, names what it
// must, writes every required clause, and uses only known clause keys and WITH keys.
function tokens(text: string): string[] {
  return text.match(/'(?:[^']|'')*'|`[^`]*`|[A-Za-z_][A-Za-z_0-9]*(?:\.[A-Za-z_][A-Za-z_0-9]*)*|\d+|[=(),]/g) ?? [];
}
const unquote = (t: string) => (t.startsWith("'") ? t.slice(1, -1).replace(/''/g, "'") : t);

test('every example opens with its own head and uses its own clauses', () => {
  for (const s of specs) {
    const toks = tokens(s.example);
    const upper = toks.map((t) => t.toUpperCase());
    const match = allHeads().find((h) => h.head.every((w, i) => upper[i] === w));
    assert.equal(match?.spec.id, s.id, `${s.id}: example resolves to ${match?.spec.id}`);
    let i = match!.head.length;
    if (s.name) {
      const n = toks[i];
      if (s.name.required) assert.ok(n && toks[i + 1] !== '=', `${s.id}: example lacks the ${s.name.label}`);
      if (n && toks[i + 1] !== '=' && !/^[A-Z_]+$/.test(n)) {
        if (s.name.backticked) assert.match(n, /^`.*`$/, `${s.id}: name not backticked`);
        if (!s.name.dotted) assert.ok(!n.includes('.'), `${s.id}: dotted name`);
        i++;
      } else if (n && toks[i + 1] !== '=') i++;
    }
    const used: string[] = [];
    const withKeys: string[] = [];
    const values = new Map<string, string>();
    let depth = 0;
    let inWith = false;
    for (; i < toks.length; i++) {
      const t = toks[i]!;
      if (t === '(') depth++;
      else if (t === ')') depth--;
      else if (depth > 0) continue;
      else if (upper[i] === 'WITH') inWith = true;
      else if (inWith) {
        if (toks[i + 1] === '=') withKeys.push(unquote(t));
      } else if (toks[i + 1] === '=') {
        used.push(upper[i]!);
        values.set(upper[i]!, unquote(toks[i + 2] ?? '').toUpperCase());
      } else {
        const kw = s.clauses.find(
          (c) => c.form !== 'assign' && c.form !== undefined && c.key.split(' ').every((w, j) => upper[i + j] === w),
        );
        if (kw) used.push(kw.key);
      }
    }
    for (const key of used) assert.ok(clauseOf(s, key) || s.openEnded, `${s.id}: example uses unknown clause ${key}`);
    for (const c of s.clauses)
      if (c.required === true || c.required === 'warn') assert.ok(used.includes(c.key), `${s.id}: example lacks ${c.key}`);
    if (s.set === 'oneAction') assert.equal(used.length, 1, `${s.id}: one action`);
    for (const key of withKeys) {
      const w = s.with;
      assert.ok(w, `${s.id}: WITH in example but no with spec`);
      const byClause = w.keysBy ? (w.keysBy.byValue[values.get(w.keysBy.clause) ?? ''] ?? []) : [];
      const prefixes = [...(w.prefixes ?? []), ...(w.keysBy?.prefixesByValue?.[values.get(w.keysBy.clause) ?? ''] ?? [])];
      const known = [...w.keys, ...byClause].some((k) => k.key === key) || prefixes.some((p) => key.startsWith(p));
      assert.ok(known, `${s.id}: example WITH key ${key} unknown`);
    }
  }
});
