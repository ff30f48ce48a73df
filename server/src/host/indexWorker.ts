// The index worker thread (out/indexWorker.js, started by server/src/host/indexWorkers.ts): reads
// the files of a batch and returns their objects packed (core/src/workspace/objectOccurrence.ts),
// the whole batch in one message (server/src/host/indexWorkerMessages.ts). Synchronous reads: this
// thread does nothing else meanwhile.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { indexWarmupText, type FileObjectParts } from '../../../core/src/index';
import { indexText } from '../workspace/inThreadIndexing';
import { Outcome, type WorkerBatch, type WorkerResult } from './indexWorkerMessages';
import { readIndexText } from './readIndexText';

function indexBatch(batch: WorkerBatch): WorkerResult {
  const n = batch.paths.length;
  const outcomes = new Uint8Array(n);
  const files: FileObjectParts[] = [];
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
    files.push(read.objects.parts());
  }
  return { id: batch.id, outcomes, files, hashes, errors };
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

/**
 * Until its first batch comes, the thread runs the index pass on the catalog's examples, a pass per
 * turn of the event loop (a batch that comes waits for one pass at most): the first files of a
 * start were otherwise read by code not yet compiled, 4–5 times slower than later ones. A worker
 * starts with the server's process (earlyIndexWorkers.ts), well before the walk of the folders
 * has found the first files.
 */
const WARM_UP_MS = 150;
let batchCame = false;
const warmUpUntil = performance.now() + WARM_UP_MS;
const warmUp = () => {
  if (batchCame || performance.now() > warmUpUntil) return;
  indexText('', indexWarmupText());
  setImmediate(warmUp);
};
setImmediate(warmUp);

parentPort?.on('message', (batch: WorkerBatch) => {
  batchCame = true;
  // Cloned, not transferred: a transfer detaches the buffers, and the first ArrayBuffer detached in
  // a thread makes V8 throw away all the code it optimised on typed arrays (its "no buffer was ever
  // detached" assumption, ArrayBufferDetaching protector), the index pass's code with it, which
  // then ran unoptimised again and was compiled a second time. A batch's arrays are ~45 KB.
  parentPort!.postMessage(indexBatch(batch));
});
