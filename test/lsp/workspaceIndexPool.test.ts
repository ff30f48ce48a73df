// The workspace index's worker threads (server/src/host/indexWorkers.ts, the built out/indexWorker.js)
// against the server's own thread (server/src/workspace/inThreadIndexing.ts, the browser build's
// way): every file once, with the same objects, text fingerprint, and skips; a worker that cannot
// start leaves the work to the server's thread, one that dies mid-run its unanswered files; a
// cancelled run stops early.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { writeWorkspace } from '../../bench/workspaceCorpus';
import { createIndexPool } from '../../server/src/host/indexWorkers';
import { youngGenerationHeld } from '../../server/src/host/youngGeneration';
import {
  createIndexPool as inThreadPool,
  indexInThread,
  type IndexedRead,
  type IndexPool,
} from '../../server/src/workspace/inThreadIndexing';
import { PathFeed } from '../../server/src/workspace/pathFeed';

const dir = mkdtempSync(join(tmpdir(), 'svcsql-index-pool-'));
const workerScript = join(__dirname, '..', '..', 'indexWorker.js');
const MAX_BYTES = 12_000;
let paths: string[] = [];

function files(d: string): string[] {
  return readdirSync(d)
    .sort()
    .flatMap((e) => (statSync(join(d, e)).isDirectory() && !e.endsWith('.svcsql') ? files(join(d, e)) : [join(d, e)]));
}

before(() => {
  writeWorkspace(dir, 40);
  writeFileSync(join(dir, 'comments.svcsql'), '-- nothing named here\n');
  writeFileSync(join(dir, 'bom.svcsql'), '\ufeffCREATE LAKE with_bom;\r\nRUN JOB `j``1`');
  writeFileSync(join(dir, 'large.svcsql'), `CREATE LAKE big;\n${'-- padding\n'.repeat(2000)}`);
  writeFileSync(join(dir, 'broken.svcsql'), "CREATE FLOW f SOURCE = 's' LAKE = (\nCREATE CLUSTER 'odd");
  mkdirSync(join(dir, 'folder.svcsql'));
  paths = [...files(dir), join(dir, 'gone.svcsql')];
});

after(() => rmSync(dir, { recursive: true, force: true }));

const shown = (r: IndexedRead) =>
  JSON.stringify({ path: r.path, objects: r.objects?.toArray(), tooLarge: r.tooLarge ?? false, error: r.error, hash: r.hash });

async function runAll(pool: IndexPool): Promise<Map<string, string>> {
  const got = new Map<string, string>();
  try {
    await pool.run(
      paths,
      MAX_BYTES,
      (r) => {
        assert.ok(!got.has(r.path), `${r.path} delivered twice`);
        got.set(r.path, shown(r));
      },
      () => false,
    );
  } finally {
    pool.close();
  }
  return got;
}

async function inThread(): Promise<Map<string, string>> {
  const got = new Map<string, string>();
  await indexInThread(
    paths,
    MAX_BYTES,
    (r) => got.set(r.path, shown(r)),
    () => false,
  );
  return got;
}

test('worker threads index every file as the server thread does', async () => {
  assert.ok(statSync(workerScript).isFile(), 'the built worker');
  const expected = await inThread();
  assert.equal(expected.size, paths.length);
  const some = [...expected.values()].map((v) => JSON.parse(v) as { objects?: unknown[]; tooLarge: boolean; hash?: string });
  assert.ok(some.filter((v) => (v.objects?.length ?? 0) > 0).length >= 40, 'files with names');
  assert.equal(some.filter((v) => v.tooLarge).length, 1, 'the large file is skipped');
  assert.equal(some.filter((v) => !v.objects && !v.tooLarge).length, 2, 'a folder and a missing file: gone');
  assert.ok(JSON.parse(expected.get(join(dir, 'bom.svcsql'))!).objects.length === 2, 'the BOM file is read');
  for (const workers of [1, 2]) {
    const got = await runAll(createIndexPool(workerScript, workers));
    assert.deepEqual([...got.keys()].sort(), [...expected.keys()].sort(), `${workers} worker(s): every file once`);
    for (const [path, value] of expected) assert.equal(got.get(path), value, `${workers} worker(s): ${path}`);
  }
});

test('a worker that cannot start leaves its files to the server thread', async () => {
  const expected = await inThread();
  const got = await runAll(createIndexPool(join(dir, 'no-such-worker.js'), 2));
  assert.deepEqual(got, expected);
});

test('a cancelled run stops before the end', async () => {
  const pool = createIndexPool(workerScript, 1);
  let delivered = 0;
  try {
    await pool.run(
      paths,
      MAX_BYTES,
      () => delivered++,
      () => delivered > 0,
    );
  } finally {
    pool.close();
  }
  assert.ok(delivered > 0 && delivered < paths.length, `${delivered} of ${paths.length}`);
});

test('files handed over while the walk goes on are read as they come; the run ends with the feed', async () => {
  const expected = await inThread();
  for (const [label, pool] of [
    ['1 worker', createIndexPool(workerScript, 1)],
    ['this thread', inThreadPool()],
  ] as const) {
    const feed = new PathFeed();
    const got = new Map<string, string>();
    let ended = false;
    const run = pool.run(
      feed,
      MAX_BYTES,
      (r) => {
        assert.ok(!got.has(r.path), `${label}: ${r.path} delivered twice`);
        got.set(r.path, shown(r));
      },
      () => false,
    );
    void run.then(() => (ended = true));
    try {
      feed.add(paths.slice(0, 5));
      const deadline = Date.now() + 20_000;
      while (got.size < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      assert.equal(got.size, 5, `${label}: the first files, read before the rest came`);
      assert.equal(ended, false, `${label}: the run waits for the feed's end`);
      feed.add(paths.slice(5));
      feed.end();
      await run;
    } finally {
      pool.close();
    }
    assert.deepEqual(got, expected, `${label}: every file once, as read at once`);
  }
});

/**
 * A worker of the built script that takes `delayMs` more a batch; with `dieAt`, it ends itself when
 * its dieAt-th batch comes (that batch and the next unanswered), every such worker or, with `oddOnly`,
 * those of an odd thread id (one of two started one after the other).
 */
function slowWorker(name: string, delayMs: number, dieAt = 0, oddOnly = false): string {
  const script = join(dir, `${name}.js`);
  writeFileSync(
    script,
    `const { parentPort, threadId } = require('node:worker_threads');
let batches = 0;
parentPort.on('message', () => {
  if (++batches === ${dieAt} && (${!oddOnly} || threadId % 2 === 1)) process.exit(1);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${delayMs});
});
require(${JSON.stringify(workerScript)});
`,
  );
  return script;
}

test('workers that die mid-run: their unanswered files go to the others or this thread, every file once', async () => {
  const expected = await inThread();
  for (const [label, workers, oddOnly] of [
    ['the only worker dies', 1, false],
    ['one of two dies', 2, true],
    ['both die', 2, false],
  ] as const) {
    const got = await runAll(createIndexPool(slowWorker(`dying-${workers}-${oddOnly}`, 20, 2, oddOnly), workers));
    assert.deepEqual(got, expected, `${label}: every file once, as read in one thread`);
  }
});

test('a cancelled run: nothing delivered after it ends, nothing twice', async () => {
  const pool = createIndexPool(slowWorker('cancelled', 20), 1);
  const got = new Set<string>();
  let afterEnd = 0;
  let ended = false;
  try {
    await pool.run(
      paths,
      MAX_BYTES,
      (r) => {
        assert.ok(!got.has(r.path), `${r.path} delivered twice`);
        got.add(r.path);
        if (ended) afterEnd++;
      },
      () => got.size >= 10,
    );
    ended = true;
    await new Promise((r) => setTimeout(r, 200)); // the batch the worker still had
  } finally {
    pool.close();
  }
  assert.equal(afterEnd, 0, 'nothing after the run ended');
  assert.ok(got.size >= 10 && got.size < paths.length, `${got.size} of ${paths.length}`);
});

test('the young generation is held once every worker has answered (each has written its code cache entry), until the run ends', async () => {
  // One of two workers (odd thread id) answers its first batch half a second late: the other's
  // answers meanwhile come while nothing is held (server/src/host/youngGeneration.ts).
  const script = join(dir, 'late-first.js');
  writeFileSync(
    script,
    `const { parentPort, threadId } = require('node:worker_threads');
let batches = 0;
parentPort.on('message', () => {
  if (++batches === 1 && threadId % 2 === 1) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
});
require(${JSON.stringify(workerScript)});
`,
  );
  const pool = createIndexPool(script, 2);
  const held: boolean[] = [];
  try {
    await pool.run(
      paths,
      MAX_BYTES,
      () => held.push(youngGenerationHeld()),
      () => false,
    );
  } finally {
    pool.close();
  }
  assert.equal(held.length, paths.length);
  const firstHeld = held.indexOf(true);
  assert.ok(firstHeld >= 8, `held from delivery ${firstHeld}: before the late worker answered`);
  assert.ok(
    held.slice(firstHeld).every((h) => h),
    'held from then on',
  );
  assert.equal(youngGenerationHeld(), false, 'released when the run ended');
});
