// The index worker thread (out/indexWorker.js, started by server/src/host/indexWorkers.ts): reads
// the files of a batch and returns their objects packed (core/src/workspace/objectOccurrence.ts),
// the whole batch in one message whose arrays are transferred, not copied
// (server/src/host/indexWorkerMessages.ts). Synchronous reads: this thread does nothing else meanwhile.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { indexText } from '../workspace/inThreadIndexing';
import { Outcome, type WorkerBatch, type WorkerResult } from './indexWorkerMessages';
import { readIndexText } from './readIndexText';

/** Grows a typed array to hold at least `need` elements (doubling). */
function grown<A extends Int32Array | Uint8Array>(a: A, need: number): A {
  if (need <= a.length) return a;
  const b = new (a.constructor as new (n: number) => A)(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

function indexBatch(batch: WorkerBatch): WorkerResult {
  const n = batch.paths.length;
  const outcomes = new Uint8Array(n);
  const counts = new Int32Array(2 * n);
  let data = new Int32Array(4096);
  let meta = new Uint8Array(1024);
  let ends = new Int32Array(1024);
  let occurrences = 0;
  let stringCount = 0;
  let joinedLength = 0;
  const strings: string[] = [];
  const hashes: string[] = [];
  const errors: string[] = [];
  for (let f = 0; f < n; f++) {
    const path = batch.paths[f]!;
    const text = readIndexText(path, batch.maxBytes);
    if (typeof text !== 'string') {
      outcomes[f] = text;
      continue;
    }
    const read = indexText(path, text);
    if (!read.objects) {
      outcomes[f] = Outcome.Failed;
      errors.push(read.error ?? 'unknown error');
      continue;
    }
    outcomes[f] = Outcome.Indexed;
    hashes.push(read.hash ?? '');
    const parts = read.objects.parts();
    counts[2 * f] = parts.meta.length;
    counts[2 * f + 1] = parts.strings.length;
    data = grown(data, (occurrences + parts.meta.length) * 6);
    data.set(parts.data.subarray(0, parts.meta.length * 6), occurrences * 6);
    meta = grown(meta, occurrences + parts.meta.length);
    meta.set(parts.meta, occurrences);
    occurrences += parts.meta.length;
    ends = grown(ends, stringCount + parts.strings.length);
    for (const s of parts.strings) {
      ends[stringCount++] = joinedLength += s.length;
      strings.push(s);
    }
  }
  return {
    id: batch.id,
    outcomes,
    counts,
    data: data.slice(0, occurrences * 6),
    meta: meta.slice(0, occurrences),
    joined: strings.join(''),
    ends: ends.slice(0, stringCount),
    hashes,
    errors,
  };
}

/**
 * This thread's nice value (on Linux a thread's own; the server's thread keeps its own): when the
 * cores are all busy, the server's thread (LSP requests, diagnostics of the open files) and the
 * editor go first, as with background indexers (clangd's, for one). Mild (a quarter of a core
 * against a busy one at 0), so that indexing still moves on a loaded machine.
 */
const BACKGROUND_NICE = 5;
// Linux only: elsewhere (macOS, Windows) the call sets the whole process's priority, the server's too.
if (process.platform === 'linux') {
  try {
    setPriority(BACKGROUND_NICE);
  } catch {
    // Not permitted: the thread runs at the server's priority.
  }
}

parentPort?.on('message', (batch: WorkerBatch) => {
  const result = indexBatch(batch);
  const buffers = [result.data, result.meta, result.ends, result.counts].map((a) => a.buffer as ArrayBuffer);
  parentPort!.postMessage(result, buffers);
});
