// The emulator keeps objects per project and kind over real HTTP: CREATE adds, DELETE removes, SHOW
// lists, DESCRIBE describes, for every kind the Service Objects view lists (the catalog's SHOWs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listableKinds, statementListing } from '../../core/src/catalog/index';
import { ObjectStore } from '../../emulator/src/responses';
import { namesInResponse } from '../../service/src/results/names';
import { clientFor, collecting, withEmulator } from './helpers';
import type { ServiceClient } from '../../service/src/index';

async function answer(client: ServiceClient, statement: string): Promise<Record<string, Record<string, unknown>>> {
  const r = await client.run(statement, collecting().options);
  assert.equal(r.state, 'success', `${statement}: ${JSON.stringify(r.error)}`);
  return r.apiResponse as Record<string, Record<string, unknown>>;
}
const listed = async (client: ServiceClient, show: string) => {
  const got = namesInResponse(await answer(client, show));
  assert.ok(got.ok, `${show} is readable`);
  return got.names;
};

// kind → [SHOW, CREATE of a new one, DESCRIBE head, DELETE head ('' where the dialect has none), a seeded name]
const perKind: Record<string, [string, string, string, string, string]> = {
  lake: ['SHOW LAKES', 'CREATE LAKE new_lake', '', 'DELETE LAKE', 'main_lake'],
  database: ['SHOW DATABASES', "CREATE DATABASE new_db LAKE = 'main_lake'", '', 'DELETE DATABASE', 'sales'],
  cluster: [
    'SHOW CLUSTERS',
    "CREATE CLUSTER new_cluster TYPE = 'SPARK' MAX_OCU = 8 MIN_OCU = 1",
    'DESCRIBE CLUSTER',
    'DELETE CLUSTER',
    'etl',
  ],
  source: ['SHOW SOURCES', "CREATE SOURCE new_source TYPE = 'KAFKA'", '', 'DELETE SOURCE', 'kafka_orders'],
  catalog: ['SHOW CATALOGS', "CREATE CATALOG new_catalog TYPE = 'GLUE'", '', 'DELETE CATALOG', 'glue'],
  transformation: [
    'SHOW TRANSFORMATIONS',
    "CREATE TRANSFORMATION new_transformation TYPE = 'DATA_MASKING' WITH 'data_masking.type' = 'HASHING', 'data_masking.fields' = 'email'",
    'DESCRIBE TRANSFORMATION',
    '',
    'mask_emails',
  ],
  flow: [
    'SHOW FLOWS',
    "CREATE FLOW new_flow SOURCE = 'kafka_orders' LAKE = 'main_lake' DATABASE = 'sales' TABLE_NAME = 't' WRITE_MODE = 'MUTABLE' CLUSTER = 'etl'",
    'DESCRIBE FLOW',
    'DELETE FLOW',
    'orders_flow',
  ],
  'table-service': [
    'SHOW TABLE_SERVICES',
    'CREATE TABLE_SERVICE new_service',
    'DESCRIBE TABLE_SERVICE',
    'DELETE TABLE_SERVICE',
    'orders_compaction',
  ],
};

test('every kind the catalog lists is covered here, with the catalog\u2019s SHOW', () => {
  assert.deepEqual(
    listableKinds()
      .map((k) => k.kind)
      .sort(),
    Object.keys(perKind).sort(),
  );
  for (const [kind, [show]] of Object.entries(perKind)) assert.equal(statementListing(kind as never)!.heads[0]!.join(' '), show);
});

test('per kind: seeded, CREATE adds, DESCRIBE describes, DELETE removes (over HTTP)', { timeout: 60_000 }, async () => {
  await withEmulator({ pendingMs: 0, rateLimit: { limit: 1000, windowMs: 1000 } }, async (emu) => {
    const client = clientFor(emu);
    for (const [kind, [show, create, describe, del, seeded]] of Object.entries(perKind)) {
      const before = await listed(client, show);
      assert.ok(before.includes(seeded), `${kind}: seeded with ${seeded}: ${before.join(', ')}`);
      assert.ok(before.length >= 1);
      const created = /^(?:CREATE \w+) (\w+)/.exec(create)![1]!;
      await answer(client, create);
      assert.deepEqual(await listed(client, show), [...before, created], `${kind}: listed after CREATE`);
      if (describe) {
        const d = await answer(client, `${describe} ${created.toUpperCase()}`);
        const body = Object.values(d)[0]!;
        const described = Object.values(body)[0] as Record<string, unknown>;
        assert.equal(described.name, created, `${kind}: DESCRIBE finds it whatever the case`);
        assert.equal(described.status, 'ACTIVE');
      }
      if (del) {
        await answer(client, `${del} \`${created}\``);
        assert.deepEqual(await listed(client, show), before, `${kind}: gone after DELETE (backticked name)`);
      }
    }
  });
});

test('the shapes: SHOW lists { name, …fields } under the plural; DESCRIBE shows the object with the CREATE clauses', async () => {
  await withEmulator({ pendingMs: 0 }, async (emu) => {
    const client = clientFor(emu);
    const show = await answer(client, 'SHOW CLUSTERS');
    assert.deepEqual(show, {
      showClustersApiResponse: {
        clusters: [
          { name: 'etl', type: 'SPARK', state: 'RUNNING', maxOcu: 8, minOcu: 1 },
          { name: 'adhoc', type: 'SPARK', state: 'STOPPED', maxOcu: 4, minOcu: 1 },
        ],
      },
    });
    await answer(client, "CREATE CLUSTER big TYPE = 'SPARK' MAX_OCU = 16 MIN_OCU = 2");
    const d = (await answer(client, 'DESCRIBE CLUSTER big')).describeClusterApiResponse!.cluster as Record<string, unknown>;
    assert.equal(d.type, 'SPARK');
    assert.equal(d.maxOcu, 16);
    assert.equal(d.minOcu, 2);
    const unknown = (await answer(client, 'DESCRIBE CLUSTER nope')).describeClusterApiResponse!.cluster as Record<string, unknown>;
    assert.equal(unknown.status, 'UNKNOWN_TO_EMULATOR');
    const inLake = await listed(client, "SHOW DATABASES LAKE = 'main_lake'");
    assert.deepEqual(inLake, ['sales', 'marketing']);
    assert.deepEqual(await listed(client, "SHOW DATABASES LAKE = 'raw_lake'"), []);
  });
});

test('objects are kept per project (the store the emulator answers from)', () => {
  const store = new ObjectStore();
  const names = (project: string) => {
    const got = namesInResponse(store.respond(project, 'SHOW CLUSTERS', 'SUCCESS', 'r'));
    return got.ok ? got.names : [];
  };
  store.respond('p1', "CREATE CLUSTER only_here TYPE = 'SPARK' MAX_OCU = 1 MIN_OCU = 1", 'SUCCESS', 'r');
  assert.deepEqual(names('p1'), ['etl', 'adhoc', 'only_here']);
  assert.deepEqual(names('p2'), ['etl', 'adhoc']);
  store.respond('p2', 'DELETE CLUSTER ETL', 'SUCCESS', 'r');
  assert.deepEqual(names('p2'), ['adhoc']);
  assert.deepEqual(names('p1'), ['etl', 'adhoc', 'only_here']);
});
