// The "References between objects" table of the dialect, as catalog data: which clause and which
// statement name refers to which kind of object. Typed from the table so that losing a row fails here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  catalog,
  clauseOf,
  listableKinds,
  objectKinds,
  objectNameKey,
  statementById,
  statementDescribing,
  statementListing,
  statementsCreating,
  statementsNaming,
} from '../../core/src/catalog/index';

const clauseRefs: [statement: string, clause: string, kind: string][] = [
  ['create-flow', 'CLUSTER', 'cluster'],
  ['alter-flow', 'CLUSTER', 'cluster'],
  ['create-job', 'CLUSTER', 'cluster'],
  ['alter-job', 'CLUSTER', 'cluster'],
  ['create-flow', 'LAKE', 'lake'],
  ['create-database', 'LAKE', 'lake'],
  ['alter-service-in-table', 'LAKE', 'lake'],
  ['create-flow', 'DATABASE', 'database'],
  ['run-service-in-table', 'DATABASE', 'database'],
  ['create-flow', 'SOURCE', 'source'],
  ['alter-flow', 'SOURCE', 'source'],
  ['create-flow', 'TRANSFORMATIONS', 'transformation'],
  ['alter-flow', 'TRANSFORMATIONS', 'transformation'],
  ['create-flow', 'CATALOGS', 'catalog'],
  ['show-policies', 'CATALOG', 'catalog'],
  ['import-policies', 'CATALOG', 'catalog'],
  ['describe-job-run', 'JOB_NAME', 'job'],
  ['cancel-job-run', 'JOB_NAME', 'job'],
];

test('each clause of the references table refers to its kind', () => {
  for (const [id, key, kind] of clauseRefs) {
    const spec = statementById(id);
    assert.ok(spec, id);
    assert.equal(clauseOf(spec, key)?.refersTo, kind, `${id} ${key}`);
  }
});

test('clauses that name no object refer to nothing', () => {
  assert.equal(clauseOf(statementById('create-flow')!, 'TABLE_NAME')?.refersTo, undefined);
  assert.equal(clauseOf(statementById('alter-cluster')!, 'NEW_NAME')?.refersTo, undefined);
});

test('the name after ALTER / DELETE / DESCRIBE / RUN of a kind refers to that kind; CREATE creates it', () => {
  const ids = (xs: { id: string }[]) => xs.map((s) => s.id).sort();
  assert.deepEqual(ids(statementsNaming('job')), ['alter-job', 'delete-job', 'describe-job', 'run-job']);
  assert.deepEqual(ids(statementsNaming('cluster')), ['alter-cluster', 'delete-cluster', 'describe-cluster']);
  assert.deepEqual(ids(statementsNaming('transformation')), ['delete-transformation', 'describe-transformation']);
  assert.deepEqual(ids(statementsCreating('flow')), ['create-flow']);
  assert.deepEqual(ids(statementsCreating('jar')), ['upload-jar']);
  assert.equal(statementById('describe-job-run')!.name?.refersTo, undefined, 'a run id is no object of a kind');
});

test('every kind is created by some statement; refers and lists name known kinds only', () => {
  const kinds = new Set(objectKinds.map((k) => k.kind));
  for (const k of objectKinds) assert.ok(statementsCreating(k.kind).length > 0, `nothing creates a ${k.label}`);
  for (const s of catalog.statements) {
    for (const kind of [s.name?.creates, s.name?.refersTo, s.lists, ...s.clauses.map((c) => c.refersTo)]) {
      if (kind) assert.ok(kinds.has(kind), `${s.id}: ${kind}`);
    }
    assert.ok(!(s.name?.creates && s.name.refersTo), `${s.id} both creates and refers`);
  }
});

test('SHOW and DESCRIBE per kind', () => {
  assert.equal(statementListing('cluster')?.id, 'show-clusters');
  assert.equal(statementListing('job'), undefined, 'the dialect has no SHOW JOBS');
  assert.equal(statementDescribing('transformation')?.id, 'describe-transformation');
  assert.deepEqual(
    listableKinds().map((k) => k.kind),
    ['lake', 'database', 'cluster', 'source', 'catalog', 'transformation', 'flow', 'table-service'],
  );
});

test('names compare as the service compares them', () => {
  assert.equal(objectNameKey('`ETL-Cluster`'), objectNameKey("'etl-cluster'"));
  assert.equal(objectNameKey('etl'), 'etl');
  assert.notEqual(objectNameKey('etl'), objectNameKey('etl2'));
});
