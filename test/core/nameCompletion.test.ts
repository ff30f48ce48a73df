// Completion of names of existing objects where the catalog says a statement names one
// (ClauseSpec.refersTo, NameSpec.refersTo), from a NameSource the caller provides.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NAME_LIMIT, SvcSqlDocument, complete, completeList, type KnownName, type NameSource, type ObjectKind } from '../../core/src/index';

const known: Record<string, KnownName[]> = {
  cluster: [
    { name: 'etl', kind: 'cluster', origin: 'workspace', documentation: 'created in infra.svcsql:1' },
    { name: 'ETL', kind: 'cluster', origin: 'service' },
    { name: 'spark-big', kind: 'cluster', origin: 'service' },
  ],
  transformation: [
    { name: 'mask_pii', kind: 'transformation', origin: 'workspace' },
    { name: 'big_orders', kind: 'transformation', origin: 'service' },
  ],
  job: [{ name: 'nightly', kind: 'job', origin: 'service' }],
};
const asked: ObjectKind[] = [];
const names: NameSource = (kind) => {
  asked.push(kind);
  return known[kind] ?? [];
};

function at(source: string) {
  const offset = source.indexOf('¦');
  const text = source.replace('¦', '');
  const doc = new SvcSqlDocument(text);
  return complete(doc, doc.lines.positionAt(offset), names);
}
const labels = (items: { label: string }[]) => items.map((i) => i.label);

test('a clause that refers to a cluster offers the known clusters, quoted, once per name, first', () => {
  const items = at("CREATE JOB j TYPE = 'JAR' PARAMETERS = ('a') CLUSTER = ¦");
  const found = items.filter((i) => i.kind === 'name');
  assert.deepEqual(labels(found), ["'etl'", "'spark-big'"], 'ETL is the same name as etl: written as the first source writes it');
  assert.equal(found[0]!.detail, 'cluster · workspace, service', 'both sources named');
  assert.equal(found[1]!.detail, 'cluster · service');
  assert.equal(found[0]!.documentation, 'created in infra.svcsql:1');
  const sortedLabels = [...items].sort((a, b) => ((a.sortText ?? a.label) < (b.sortText ?? b.label) ? -1 : 1)).map((i) => i.label);
  assert.equal(sortedLabels[0], "'etl'");
});

test('inside the quotes an auto-closed quote leaves, names are still offered', () => {
  const items = at("CREATE JOB j TYPE = 'JAR' PARAMETERS = ('a') CLUSTER = '¦'");
  assert.ok(labels(items).includes("'spark-big'"));
});

test('a list of transformations offers the names not yet in it', () => {
  const items = at(
    "CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'MUTABLE' TRANSFORMATIONS = ('mask_pii', ¦",
  );
  assert.deepEqual(labels(items.filter((i) => i.kind === 'name')), ["'big_orders'"]);
});

test('the name after RUN JOB offers job names, bare', () => {
  const items = at('RUN JOB ¦');
  assert.deepEqual(labels(items.filter((i) => i.kind === 'name')), ['nightly']);
});

test('a name that is not a plain identifier is backticked where a bare name goes', () => {
  const items = at('DESCRIBE CLUSTER ¦');
  assert.ok(labels(items).includes('`spark-big`'));
});

test('a place that creates or names nothing offers no names', () => {
  asked.length = 0;
  const create = at('CREATE CLUSTER ¦');
  const table = at("CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' TABLE_NAME = ¦");
  assert.equal(create.filter((i) => i.kind === 'name').length, 0);
  assert.equal(table.filter((i) => i.kind === 'name').length, 0);
  assert.deepEqual(asked, []);
});

test('without a NameSource completion is as before', () => {
  const text = "CREATE JOB j TYPE = 'JAR' PARAMETERS = ('a') CLUSTER = ";
  const doc = new SvcSqlDocument(text);
  assert.equal(complete(doc, doc.lines.positionAt(text.length)).filter((i) => i.kind === 'name').length, 0);
});

test('a costly description is written only when asked, after the cheap ones of the same name', () => {
  let described = 0;
  const lazy: NameSource = (kind) =>
    kind === 'cluster'
      ? [
          { name: 'etl', kind, origin: 'workspace', describe: () => `created in infra.svcsql:${++described}` },
          { name: 'etl', kind, origin: 'service', documentation: 'read from the service' },
        ]
      : [];
  const text = "CREATE JOB j TYPE = 'JAR' PARAMETERS = ('a') CLUSTER = ";
  const doc = new SvcSqlDocument(text);
  const etl = complete(doc, doc.lines.positionAt(text.length), lazy).find((i) => i.label === "'etl'")!;
  assert.equal(described, 0);
  assert.equal(etl.documentation, 'read from the service', 'what costs nothing is there at once');
  assert.equal(etl.describe!(), 'created in infra.svcsql:1\n\nread from the service');
});

test('a source that gives more names than one list holds: the best for what is typed, the list incomplete', () => {
  const many: NameSource = (kind) =>
    kind === 'cluster' ? Array.from({ length: 5000 }, (_, i) => ({ name: `c${i}`, kind, origin: 'service' })) : [];
  const text = "CREATE JOB j TYPE = 'JAR' PARAMETERS = ('a') CLUSTER = 'c42";
  const doc = new SvcSqlDocument(text);
  const list = completeList(doc, doc.lines.positionAt(text.length), many);
  const found = list.items.filter((i) => i.kind === 'name').map((i) => i.label);
  assert.equal(list.incomplete, true);
  assert.equal(found.length, NAME_LIMIT, 'of 111 that start with c42 (c42, c420–c429, c4200–c4299)');
  assert.ok(
    found.every((l) => l.startsWith("'c42")),
    'before the fuzzy matches (c1402)',
  );
  assert.ok(found.includes("'c42'"));
  const small = completeList(doc, doc.lines.positionAt(text.length), names);
  assert.equal(small.incomplete, false, 'a few names: the whole list, filtered by the editor');
});
