// The workspace index's worker threads, started by the server's launcher (launchServer.ts) before it
// loads the server's bundle: a worker takes ~110 ms to start a Node thread and ~15 ms to load its
// bundle, which it then does while the server's thread loads its own bundle and waits for
// `initialize` and the folder walk, instead of after them. The first IndexPool (indexWorkers.ts)
// takes them. The launcher and the server are two bundles: the workers wait in a process-wide
// slot. Only Node's built-ins here.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const MAX_WORKERS = 4;
/** A server that has not indexed within this time after its start never will (no initialize, no folder). */
const UNCLAIMED_MS = 30_000;

export function workerCount(): number {
  const asked = Number(process.env.SVCSQL_INDEX_WORKERS);
  if (process.env.SVCSQL_INDEX_WORKERS !== undefined && Number.isInteger(asked) && asked >= 0) return Math.min(asked, MAX_WORKERS);
  // One core stays for this thread (LSP requests, putting results into the index). A worker per
  // core, niced, measured no faster on 2 cores (initialize → indexing done, 1,000 files), with a
  // fifth more CPU, 26 MB more and a slower didOpen → diagnostics meanwhile (npm run bench).
  return Math.max(1, Math.min(MAX_WORKERS, availableParallelism() - 1));
}

interface Early {
  script: string;
  workers: Worker[];
  timer: ReturnType<typeof setTimeout>;
}

const SLOT = Symbol.for('svcsql.earlyIndexWorkers');
const slot = globalThis as { [SLOT]?: Early };

/** A worker thread of `script` that never keeps the server alive. */
export function startIndexWorker(script: string): Worker {
  const worker = new Worker(script);
  worker.unref();
  return worker;
}

/** Starts workerCount() workers of `script` now, for the first pool to take; how many started (none when some wait already). */
export function startIndexWorkersEarly(script: string, count = workerCount()): number {
  if (slot[SLOT]) return 0;
  const workers: Worker[] = [];
  for (let i = 0; i < count; i++) {
    try {
      const worker = startIndexWorker(script);
      // One that fails before a pool takes it is not taken (takeEarlyIndexWorkers).
      worker.on('error', () => undefined);
      workers.push(worker);
    } catch {
      break;
    }
  }
  const timer = setTimeout(() => void takeEarlyIndexWorkers('', 0), UNCLAIMED_MS);
  timer.unref();
  slot[SLOT] = { script, workers, timer };
  return workers.length;
}

/** How many early workers wait for a pool (for the tests). */
export function earlyIndexWorkersWaiting(): number {
  return slot[SLOT]?.workers.length ?? 0;
}

/**
 * Up to `count` of the early workers of `script` that still run, once (the rest are ended): later
 * pools, and a pool of another script (the tests), start their own.
 */
export function takeEarlyIndexWorkers(script: string, count: number): Worker[] {
  const early = slot[SLOT];
  if (!early) return [];
  slot[SLOT] = undefined;
  clearTimeout(early.timer);
  const taken: Worker[] = [];
  for (const w of early.workers) {
    if (early.script === script && taken.length < count && w.threadId !== -1) taken.push(w);
    else void w.terminate();
  }
  return taken;
}
