// The language server and its index workers start through V8's code cache (server/src/host/
// launchServer.ts, launchIndexWorker.ts, launch/src/codeCache.ts): the first start writes an entry
// per bundle without having to exit (an editor may kill it), the next takes them, and damaged data is
// refused and compiled as usual. Each start indexes a workspace, so the worker has found its script.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  InitializedNotification,
  InitializeRequest,
  StreamMessageReader,
  StreamMessageWriter,
  WorkspaceSymbolRequest,
  type SymbolInformation,
} from 'vscode-languageserver-protocol/node';
import { SERVER_PATH } from './lspClient';

const FILES = 40;

/** A workspace of FILES files, file i creating cluster c_i: enough batches for a worker to write its entry. */
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svcsql-cache-ws-'));
  for (let i = 0; i < FILES; i++)
    writeFileSync(join(dir, `f${i}.svcsql`), `CREATE CLUSTER c_${i} TYPE = 'SPARK';\nALTER OCU SET LIMIT = 3;\n`);
  return dir;
}

interface Started {
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  /** How the server's bundle and the worker's were loaded (the trace lines). */
  loaded: { server: string; worker: string };
  /** workspace/symbol for one query, once indexing is done. */
  symbols: (query: string) => Promise<SymbolInformation[]>;
}

/** How each bundle of that label was loaded (a line per thread). */
const traced = (stderr: string, label: string): string[] =>
  [...stderr.matchAll(new RegExp(`svcsql: ${label} (\\[.*\\])`, 'g'))].map((m) => (JSON.parse(m[1]!) as { cache: string }[])[0]!.cache);

/** Servers started, killed after the tests even when one fails. */
const children: ChildProcessWithoutNullStreams[] = [];
after(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

/** Starts the built server on `dir` with `workers` index workers, waits for its indexing to end and for the trace lines. */
async function start(cacheDir: string, dir: string, workers = 1): Promise<Started> {
  const child = spawn(process.execPath, [SERVER_PATH, '--stdio'], {
    stdio: 'pipe',
    env: {
      ...process.env,
      SVCSQL_CACHE_DIR: cacheDir,
      SVCSQL_CODE_CACHE_TRACE: '1',
      SVCSQL_INDEX_WORKERS: String(workers),
      SVCSQL_CODE_CACHE: '',
    },
  });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const ended = new Promise<void>((resolve) =>
    connection.onNotification('$/progress', (p: { value: { kind: string } }) => {
      if (p.value.kind === 'end') resolve();
    }),
  );
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.listen();
  await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    capabilities: { window: { workDoneProgress: true }, workspace: { workspaceFolders: true } },
    workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'ws' }],
  });
  await connection.sendNotification(InitializedNotification.type, {});
  await ended;
  const worker = await until(
    () => {
      const lines = traced(stderr, 'index worker bundles');
      return lines.length === workers ? lines.join(' ') : undefined;
    },
    () => `not ${workers} worker traces: ${stderr}`,
  );
  const server = traced(stderr, 'server bundles')[0];
  assert.ok(server, stderr);
  const symbols = async (query: string) =>
    ((await connection.sendRequest(WorkspaceSymbolRequest.type, { query })) as SymbolInformation[] | null) ?? [];
  return { child, stderr: () => stderr, loaded: { server, worker }, symbols };
}

async function until<T>(get: () => T | undefined, why: () => string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = get();
    if (got !== undefined) return got;
    if (Date.now() > end) throw new Error(why());
    await new Promise((r) => setTimeout(r, 50));
  }
}

const entries = (cacheDir: string): string[] => {
  try {
    return readdirSync(join(cacheDir, 'code-cache')).filter((f) => f.endsWith('.bin'));
  } catch {
    return [];
  }
};

/** Waits for the server's entry and the index worker's (both bundles') in the cache folder. */
function bothEntriesWritten(cacheDir: string): Promise<true> {
  return until(
    () => (entries(cacheDir).length === 2 ? true : undefined),
    () => `entries: ${entries(cacheDir).join(', ')}`,
  );
}

/** Kills the server as an editor may: no exit, no handler at exit. */
function kill(s: Started): Promise<void> {
  return new Promise((resolve) => {
    s.child.once('exit', () => resolve());
    s.child.kill('SIGKILL');
  });
}

test('the server and its index worker write their cache entries while running; the next start takes them', async () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'svcsql-cache-'));
  const dir = workspace();
  const first = await start(cacheDir, dir);
  assert.deepEqual(first.loaded, { server: 'miss', worker: 'miss' });
  assert.equal((await first.symbols('c_17')).length, 1, 'the worker indexed the files');
  await bothEntriesWritten(cacheDir);
  await kill(first);
  const names = entries(cacheDir).sort();
  assert.match(names[0]!, /^indexWorker-[0-9a-f]{16}-v\d+\.\d+\.\d+-\w+\.bin$/);
  assert.match(names[1]!, /^server-[0-9a-f]{16}-v\d+\.\d+\.\d+-\w+\.bin$/);

  const second = await start(cacheDir, dir);
  assert.deepEqual(second.loaded, { server: 'hit', worker: 'hit' });
  assert.equal((await second.symbols('c_17')).length, 1, 'the worker indexed the files');
  await kill(second);
});

test('damaged entries are refused by V8: the server and its worker compile as usual, index, and rewrite them', async () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'svcsql-cache-'));
  const dir = workspace();
  const first = await start(cacheDir, dir);
  await bothEntriesWritten(cacheDir);
  await kill(first);
  for (const e of entries(cacheDir)) writeFileSync(join(cacheDir, 'code-cache', e), Buffer.alloc(4096, 7));

  const damaged = await start(cacheDir, dir);
  assert.deepEqual(damaged.loaded, { server: 'rejected', worker: 'rejected' });
  assert.equal((await damaged.symbols('c_17')).length, 1, 'indexed all the same');
  const rewritten = () => entries(cacheDir).every((e) => statSync(join(cacheDir, 'code-cache', e)).size !== 4096);
  await until(
    () => (rewritten() ? true : undefined),
    () => 'entries not rewritten',
  );
  await kill(damaged);

  const again = await start(cacheDir, dir);
  assert.deepEqual(again.loaded, { server: 'hit', worker: 'hit' }, 'rewritten after the refusal');
  await kill(again);
});

test('two workers: both write the entry at their first batch; the next start takes it in both', async () => {
  // Before they answer it: the pool changes a V8 flag (server/src/host/youngGeneration.ts) once each
  // worker has answered once, and an entry written under it would be refused by the next start
  // ('rejected'; test/lsp/workspaceIndexPool.test.ts checks when the pool holds it).
  const cacheDir = mkdtempSync(join(tmpdir(), 'svcsql-cache-'));
  const dir = workspace();
  const first = await start(cacheDir, dir, 2);
  assert.deepEqual(first.loaded, { server: 'miss', worker: 'miss miss' });
  assert.equal((await first.symbols('c_17')).length, 1, 'the workers indexed the files');
  await bothEntriesWritten(cacheDir);
  await kill(first);
  const second = await start(cacheDir, dir, 2);
  assert.deepEqual(second.loaded, { server: 'hit', worker: 'hit hit' });
  await kill(second);
});
