// The index workers the server's launcher starts with the process (server/src/host/earlyIndexWorkers.ts):
// the first pool takes them and indexes with them as with its own; workers of another script, beyond
// the count asked or ended meanwhile are not taken, and those not taken end.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { earlyIndexWorkersWaiting, startIndexWorkersEarly, takeEarlyIndexWorkers } from '../../server/src/host/earlyIndexWorkers';
import { createIndexPool } from '../../server/src/host/indexWorkers';

const workerScript = join(__dirname, '..', '..', 'indexWorker.js');
const dir = mkdtempSync(join(tmpdir(), 'svcsql-early-workers-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The names of the objects `pool` finds in `file`; the pool is closed after. */
async function namesIndexed(pool: ReturnType<typeof createIndexPool>, file: string): Promise<string[]> {
  const names: string[] = [];
  try {
    await pool.run(
      [file],
      100_000,
      (r) => names.push(...(r.objects?.toArray().map((o) => o.name) ?? [])),
      () => false,
    );
  } finally {
    pool.close();
  }
  return names;
}

test('the first pool takes the early workers and indexes with them; a later pool starts its own', async () => {
  assert.equal(startIndexWorkersEarly(workerScript, 1), 1);
  assert.equal(startIndexWorkersEarly(workerScript, 1), 0, 'started once');
  assert.equal(earlyIndexWorkersWaiting(), 1);
  const file = join(dir, 'a.svcsql');
  writeFileSync(file, 'CREATE LAKE early_lake;\nRUN JOB nightly;\n');
  const pool = createIndexPool(workerScript, 1);
  assert.equal(earlyIndexWorkersWaiting(), 0, 'taken');
  const names = await namesIndexed(pool, file);
  assert.deepEqual(names, ['early_lake', 'nightly']);
  assert.deepEqual(takeEarlyIndexWorkers(workerScript, 1), [], 'taken once');
});

test('early workers beyond the count, of another script, or ended meanwhile are not taken; those not taken end', async () => {
  assert.equal(startIndexWorkersEarly(workerScript, 2), 2);
  const one = takeEarlyIndexWorkers(workerScript, 1);
  assert.equal(one.length, 1, 'one of two taken');
  await one[0]!.terminate();

  const quitting = join(dir, 'quits.js');
  writeFileSync(quitting, 'process.exit(0);\n');
  startIndexWorkersEarly(quitting, 1);
  await new Promise((r) => setTimeout(r, 1500));
  assert.deepEqual(takeEarlyIndexWorkers(quitting, 1), [], 'an ended worker is not taken');

  startIndexWorkersEarly(workerScript, 1);
  assert.deepEqual(takeEarlyIndexWorkers(quitting, 1), [], 'another script: not taken');
});

test('a pool whose early worker ended before it ran indexes in its own thread', async () => {
  const quitting = join(dir, 'quits-later.js');
  writeFileSync(quitting, 'setTimeout(() => process.exit(0), 200);\n');
  startIndexWorkersEarly(quitting, 1);
  const pool = createIndexPool(quitting, 1);
  const [taken] = takeEarlyIndexWorkers(quitting, 1);
  assert.equal(taken, undefined);
  await new Promise((r) => setTimeout(r, 1000)); // the worker has quit before the run starts
  const file = join(dir, 'b.svcsql');
  writeFileSync(file, 'CREATE SOURCE early_source;\n');
  const names = await namesIndexed(pool, file);
  assert.deepEqual(names, ['early_source']);
});
