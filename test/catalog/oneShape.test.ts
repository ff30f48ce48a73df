// The catalog's objects (statements, clauses, names, value shapes, WITH specs and keys, enum values)
// are of one shape per type (core/src/catalog/oneShape.ts): the same fields in the same order,
// whatever the catalog file wrote, and nothing of what it wrote lost.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalog, writtenStatements as written } from '../../core/src/catalog/index';
import { statementsOfOneShape } from '../../core/src/catalog/oneShape';

function oneKeyOrder(objects: readonly object[], what: string): void {
  const orders = new Set(objects.map((o) => Object.keys(o).join(',')));
  assert.equal(orders.size, 1, `${what}: ${[...orders].join(' | ')}`);
}

test('every statement, clause, name, value shape, WITH spec, WITH key and enum value of the catalog has the same fields in the same order', () => {
  assert.ok(new Set(written.map((s) => Object.keys(s).join(','))).size > 1, 'the catalog files write statements of many shapes');
  const statements = catalog.statements;
  const clauses = statements.flatMap((s) => s.clauses);
  const values = clauses.flatMap((c) => (c.value ? [c.value] : []));
  const groupValues = values.flatMap((v) => (v.kind === 'groupList' ? v.group.keys.map((k) => k.value) : []));
  const withs = [...statements, ...clauses].flatMap((o) => (o.with ? [o.with] : []));
  const withKeys = withs.flatMap((w) => [...w.keys, ...Object.values(w.keysBy?.byValue ?? {}).flat()]);
  const enumValues = [...values, ...groupValues, ...withKeys].flatMap((v) => ('values' in v && v.values ? v.values : []));
  for (const [what, objects] of Object.entries({ statements, clauses, values: [...values, ...groupValues], withs, withKeys, enumValues })) {
    assert.ok(objects.length > 1, what);
    oneKeyOrder(objects, what);
  }
  oneKeyOrder(
    statements.flatMap((s) => (s.name ? [s.name] : [])),
    'names',
  );
});

test('the catalog holds what its files wrote, field for field', () => {
  assert.equal(catalog.statements.length, written.length);
  // Through JSON, which leaves out the fields that are undefined (deepEqual tells them from absent ones).
  const plain = (x: unknown): unknown => JSON.parse(JSON.stringify(x));
  assert.deepEqual(plain(catalog.statements), plain(written));
  for (let i = 0; i < written.length; i++) assert.notEqual(catalog.statements[i], written[i], 'a rebuilt object');
});

test('a clause object that several statements share stays one object', () => {
  const shared = { key: 'CLUSTER', doc: 'the cluster' };
  const statement = (id: string) => ({ id, heads: [['X']], summary: '', certainty: 'ref' as const, clauses: [shared], example: 'X' });
  const [a, b] = statementsOfOneShape([statement('a'), statement('b')]);
  assert.equal(a!.clauses[0], b!.clauses[0]);
  assert.notEqual(a!.clauses[0], shared);
  assert.deepEqual(Object.keys(a!.clauses[0]!), Object.keys(catalog.statements[0]!.clauses[0]!));
});
