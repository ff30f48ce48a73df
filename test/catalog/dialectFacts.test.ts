// The facts of the dialect's second pass, as catalog data (the generated reference shows them):
// which WITH value lists are closed, the cluster types and their spellings, the GPU worker type,
// the flow table type, the lake's type and bucket path. Typed from the dialect so that losing a
// fact fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clauseOf, matchEnumValue, statementById } from '../../core/src/catalog/index';
import type { EnumValue, StatementSpec, WithKeySpec } from '../../core/src/catalog/types';

function spec(id: string): StatementSpec {
  const s = statementById(id);
  assert.ok(s, id);
  return s;
}

function withKey(id: string, key: string): WithKeySpec {
  const w = spec(id).with!;
  const found = [...w.keys, ...Object.values(w.keysBy?.byValue ?? {}).flat()].find((k) => k.key === key);
  assert.ok(found, `${id}: ${key}`);
  return found;
}

const values = (xs: readonly EnumValue[] | undefined) => (xs ?? []).map((v) => v.value);

test('WITH value lists the reference gives are closed, with exactly its values', () => {
  const rf = withKey('create-transformation', 'row.filtering.transformation.sql.operator');
  assert.equal(rf.valuesClosed, true);
  assert.deepEqual(values(rf.values), ['EQ', 'NEQ', 'GT', 'GEQ', 'LT', 'LEQ']);
  const masking = withKey('create-transformation', 'data_masking.type');
  assert.equal(masking.valuesClosed, true);
  assert.deepEqual(values(masking.values), ['HASHING', 'TRUNCATION']);
  const cdc = withKey('create-transformation', 'convert_cdc.cdc_format');
  assert.equal(cdc.valuesClosed, true);
  assert.deepEqual(values(cdc.values), ['postgresql', 'mysql', 'oracle', 'mongodb']);
  assert.deepEqual(withKey('create-transformation', 'convert_cdc.target_schema').requiredWhen, {
    key: 'convert_cdc.cdc_format',
    values: ['mongodb'],
  });
});

test('DERIVED_DATE keys: known by their prefix, for that TYPE only', () => {
  const w = spec('create-transformation').with!;
  assert.deepEqual(w.keysBy?.prefixesByValue, { DERIVED_DATE: ['derived.date.transformation.'] });
  assert.deepEqual(w.prefixes ?? [], []);
});

test('values only seen stay open', () => {
  assert.ok(!withKey('create-cluster', 'worker.type').valuesClosed);
  assert.ok(!withKey('create-flow', 'kafka.topic.type').valuesClosed);
});

test('every requiredWhen names a key of the same WITH and values of it', () => {
  for (const s of [spec('create-transformation')]) {
    for (const keys of Object.values(s.with?.keysBy?.byValue ?? {})) {
      for (const k of keys) {
        if (!k.requiredWhen) continue;
        const other = keys.find((x) => x.key === k.requiredWhen!.key);
        assert.ok(other, `${k.key}: ${k.requiredWhen.key}`);
        for (const v of k.requiredWhen.values) assert.ok(values(other.values).includes(v), `${k.key}: ${v}`);
      }
    }
  }
});

test('cluster types: four, two of them without a documented spelling; GPU workers only on Open Engines', () => {
  const type = clauseOf(spec('create-cluster'), 'TYPE')!;
  assert.equal(type.value?.kind, 'enum');
  if (type.value?.kind !== 'enum') return;
  assert.equal(type.value.open, true);
  assert.deepEqual(values(type.value.values.filter((v) => !v.spellingUnknown)), ['SPARK', 'Managed']);
  assert.deepEqual(
    type.value.values.filter((v) => v.spellingUnknown).map((v) => v.label),
    ['SQL', 'Open Engines'],
  );
  const gpu = withKey('create-cluster', 'worker.type').values!.find((v) => v.value === 'oh-gpu-4')!;
  assert.equal(gpu.onlyWhen?.clause, 'TYPE');
  const openEngines = matchEnumValue(type.value.values, gpu.onlyWhen!.value);
  assert.equal(openEngines?.value.label, 'Open Engines', 'onlyWhen names a value of the clause');
});

test('matchEnumValue: exact, case only, and loose matching of guessed spellings only', () => {
  const type = clauseOf(spec('create-cluster'), 'TYPE')!.value;
  assert.ok(type?.kind === 'enum');
  const how = (w: string) => {
    const m = matchEnumValue(type.values, w);
    return m && `${m.how} ${m.value.value}`;
  };
  assert.equal(how('SPARK'), 'exact SPARK');
  assert.equal(how('spark'), 'case SPARK');
  assert.equal(how('SQL'), 'guessed SQL', 'a guess is never an exact match');
  assert.equal(how('open engines'), 'guessed OPEN_ENGINES');
  assert.equal(how('Open-Engine'), 'guessed OPEN_ENGINES');
  assert.equal(how('SPRAK'), undefined);
  assert.equal(how('Spark_'), undefined, 'loose matching is for guessed spellings only');
});

test('flow table type: guessed clause, values, default MERGE_ON_READ, place not checked', () => {
  const t = clauseOf(spec('create-flow'), 'TABLE_TYPE')!;
  assert.equal(t.certainty, 'name');
  assert.equal(t.default, 'MERGE_ON_READ');
  assert.equal(t.anyPosition, true);
  assert.ok(t.value?.kind === 'enum');
  assert.deepEqual(values(t.value.values), ['COPY_ON_WRITE', 'MERGE_ON_READ']);
  assert.match(t.note ?? '', /CLI and Terraform provider/);
});

test("lakes: type MANAGED or OBSERVED, bucket path ending with '/', both under guessed clause names", () => {
  const create = spec('create-lake');
  const type = clauseOf(create, 'TYPE')!;
  assert.equal(type.certainty, 'name');
  assert.ok(type.value?.kind === 'enum');
  assert.deepEqual(values(type.value.values), ['MANAGED', 'OBSERVED']);
  const path = clauseOf(create, 'BUCKET_PATH')!;
  assert.ok(path.value?.kind === 'string');
  assert.equal(path.value.path?.endsWith, '/');
  assert.equal(create.bucketPaths?.endsWith, '/');
  assert.equal(spec('alter-lake').bucketPaths?.endsWith, '/');
  assert.match(create.doc ?? '', /default services cluster/);
});
