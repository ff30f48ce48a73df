// The Node build's IndexPool (server/src/workspace/inThreadIndexing.ts has the interface): the walk's
// files are read and indexed in worker threads (out/indexWorker.js), which post each file's objects
// packed; this thread only puts them into the index, so it keeps answering LSP requests meanwhile.
// Batches go out a few at a time per worker (memory stays bounded, a reindex stops the work soon).
// Without a worker (none could start, or all failed), this thread reads the files left, in short
// slices between LSP messages. It does not share the work while workers run: tried (files from the
// other end of the list), it cost a quarter more CPU and 16 MB more at 1,000 files (the core's code
// compiled in two threads, and garbage collected in the heap that holds the index), no faster.
// Tried again with the light pass twice as fast (npm run bench, workspace, 1,000 files, alternated
// pairs against the same build without it, on a shared 2-core machine): no variant was faster.
// Sharing from the back in 8 ms slices (3 sets of 8 pairs: wall 0.94-1.19x, CPU +9-22%, +5-6 MB),
// in 4 ms slices, only while every worker had its batches, capped at 10/15/25% of the files, 8
// files a turn, or 4 batches ahead (the worker then never waits for this thread's slice). Thread
// CPU time to indexing done shows why: this thread is already the busier one (~520 ms against the
// worker's ~430: the server's start, the walk, linking every result); taking a third of the files
// moved ~160 ms from the worker to it one for one, so it finished later than the worker would have,
// and V8's helper threads added ~145 ms (the index pass compiled a second time, garbage collected
// in the heap that holds the index). A small share pays this thread's cold start: capped at 10%,
// the worker did 35 ms less, this thread 70 ms more. Overlapping the worker's reads with its
// indexing did not pay either: this thread reading each batch and sending the texts (worker -60 ms,
// this thread +55 ms; 3 sets of 8 pairs: wall 0.98-1.31x), or the worker reading its next batch
// through libuv's thread pool while it indexes one (8 pairs: wall 1.30x, CPU 1.22x). 3 or 4 batches
// ahead instead of 2: within the noise (10 pairs).
// SVCSQL_INDEX_WORKERS=N sets the number of workers (0: in this thread), for measurements.
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { FileObjects } from '../../../core/src/index';
import { createIndexPool as inThreadPool, feedOf, indexText, type IndexedRead, type IndexPool } from '../workspace/inThreadIndexing';
import { startIndexWorker, takeEarlyIndexWorkers, workerCount } from './earlyIndexWorkers';
import { Outcome, type WorkerBatch, type WorkerResult } from './indexWorkerMessages';
import { readIndexText } from './readIndexText';
import { holdYoungGeneration, youngGenerationHeld } from './youngGeneration';

/** Files per message: enough to make a message's cost small, few enough to apply between two LSP requests. */
const BATCH = 8;
/** Batches in flight per worker: one being read while the server applies the last. */
const AHEAD = 2;
/** This thread's work between two yields to the event loop (LSP messages and worker results go in between). */
const SLICE_MS = 8;

/** One file read and indexed in this thread. */
function indexHere(path: string, maxBytes: number): IndexedRead {
  const text = readIndexText(path, maxBytes);
  if (text === Outcome.Gone) return { path };
  if (text === Outcome.TooLarge) return { path, tooLarge: true };
  return indexText(path, text);
}

/** The IndexedRead of each file of a batch (the worker's answer, read back in order). */
function readsOf(paths: readonly string[], m: WorkerResult): IndexedRead[] {
  const reads: IndexedRead[] = [];
  let indexed = 0;
  let failed = 0;
  for (let f = 0; f < paths.length; f++) {
    const path = paths[f]!;
    const outcome = m.outcomes[f] as Outcome;
    if (outcome === Outcome.Gone) reads.push({ path });
    else if (outcome === Outcome.TooLarge) reads.push({ path, tooLarge: true });
    else if (outcome === Outcome.Failed) reads.push({ path, error: m.errors[failed++] });
    else {
      const { data, meta, strings } = m.files[indexed]!;
      reads.push({ path, objects: FileObjects.packed(data, meta, strings), hash: m.hashes[indexed++] });
    }
  }
  return reads;
}

interface Slot {
  worker: Worker;
  /** Batches sent and not answered: id → paths. */
  pending: Map<number, string[]>;
  alive: boolean;
}

/**
 * `script`: the worker's bundle (beside server.js); the tests pass another. The workers the launcher
 * started (earlyIndexWorkers.ts) are taken first.
 */
export function createIndexPool(script = join(__dirname, 'indexWorker.js'), count = workerCount()): IndexPool {
  const slots: Slot[] = takeEarlyIndexWorkers(script, count).map((worker) => ({ worker, pending: new Map(), alive: true }));
  if (count === 0) return inThreadPool();
  for (let i = slots.length; i < count; i++) {
    try {
      slots.push({ worker: startIndexWorker(script), pending: new Map(), alive: true });
    } catch {
      break;
    }
  }
  let closed = false;
  return {
    close() {
      closed = true;
      for (const s of slots) void s.worker.terminate();
    },
    run(paths, maxBytes, each, cancelled) {
      return new Promise<void>((resolve) => {
        // A worker that ended before this run listened to it sends no exit event now.
        for (const s of slots) if (s.worker.threadId === -1) s.alive = false;
        const feed = feedOf(paths);
        // The files left are queue[next..]: workers take them from the front, this thread (without
        // workers) from the back; the feed's later files and a failed worker's come in at the back.
        const queue = feed.slice(0);
        let fed = feed.length;
        let next = 0;
        let nextId = 1;
        let finished = false;
        let helping = false;
        /** Ends the hold on V8's young generation (youngGeneration.ts), once every worker has answered. */
        let release: (() => void) | undefined;
        const answered = new Set<Slot>();
        const stopped = () => finished || closed || cancelled();
        const finish = () => {
          if (finished) return;
          finished = true;
          release?.();
          feed.listen(undefined);
          for (const [s, h] of handlers) {
            s.worker.unref();
            s.worker.off('message', h.message);
            s.worker.off('error', h.failed);
            s.worker.off('exit', h.failed);
          }
          resolve();
        };
        const inFlight = () => slots.reduce((n, s) => n + s.pending.size, 0);
        const settle = () => {
          if (cancelled() || closed) return finish();
          if (feed.ended && next >= queue.length && inFlight() === 0 && !helping) return finish();
          if (next < queue.length && !slots.some((s) => s.alive)) help();
        };
        /** No worker is alive: this thread reads the files left, from the back, SLICE_MS at a time. */
        const help = () => {
          if (helping) return;
          helping = true;
          const slice = () => {
            if (stopped()) {
              helping = false;
              return settle();
            }
            const sliceStart = performance.now();
            while (next < queue.length && performance.now() - sliceStart < SLICE_MS) {
              const r = indexHere(queue.pop()!, maxBytes);
              each(r);
              if (stopped()) break;
            }
            if (next < queue.length) return void setImmediate(slice);
            helping = false;
            settle();
          };
          setImmediate(slice);
        };
        const send = (s: Slot) => {
          while (s.alive && s.pending.size < AHEAD && next < queue.length && !stopped()) {
            const batch: WorkerBatch = { id: nextId++, paths: queue.slice(next, next + BATCH), maxBytes };
            if (youngGenerationHeld()) batch.youngGenerationHeld = true;
            next += batch.paths.length;
            s.pending.set(batch.id, batch.paths);
            s.worker.postMessage(batch);
          }
        };
        const handlers = new Map<Slot, { message: (m: WorkerResult) => void; failed: () => void }>();
        for (const s of slots) {
          const message = (m: WorkerResult) => {
            if (finished) return;
            const paths = s.pending.get(m.id) ?? [];
            s.pending.delete(m.id);
            // Each worker has written its code cache entry, if it writes one, before its first answer.
            answered.add(s);
            if (!release && !cancelled() && !closed && slots.every((o) => !o.alive || answered.has(o))) release = holdYoungGeneration();
            send(s); // the worker reads on while this thread applies
            if (!cancelled()) for (const r of readsOf(paths, m)) each(r);
            settle();
          };
          const failed = () => {
            if (!s.alive) return;
            s.alive = false;
            // Its unanswered files go back to the files left, for the other workers or this thread.
            const lost = [...s.pending.values()].flat();
            s.pending.clear();
            queue.push(...lost);
            if (finished) return;
            for (const o of slots) send(o);
            settle();
          };
          handlers.set(s, { message, failed });
          // Held while the run lasts: a worker's end must reach this thread even when nothing else
          // keeps its event loop going (the server's stdin does), or the run would never settle.
          s.worker.ref();
          s.worker.on('message', message);
          s.worker.on('error', failed);
          s.worker.on('exit', failed);
        }
        // The walk's next files (or its end) as they come.
        feed.listen(() => {
          if (finished) return;
          for (const p of feed.slice(fed)) queue.push(p);
          fed = feed.length;
          for (const s of slots) send(s);
          settle();
        });
        for (const s of slots) send(s);
        if (slots.length === 0) help();
        settle();
      });
    },
  };
}
