// The index worker thread (out/indexWorker.js, started by server/src/host/indexWorkers.ts): reads
// the files of a batch and returns each one's objects packed (core/src/workspace/objectOccurrence.ts),
// their arrays transferred, not copied. Synchronous reads: this thread does nothing else meanwhile.
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { indexText } from '../workspace/inThreadIndexing';
import type { WorkerBatch, WorkerRead, WorkerResult } from './indexWorkerMessages';

function indexFile(path: string, maxBytes: number, transfer: ArrayBuffer[]): WorkerRead {
  let text: string;
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const info = fstatSync(fd);
    if (!info.isFile()) return { path };
    if (info.size > maxBytes) return { path, tooLarge: true };
    text = readFileSync(fd, 'utf8');
  } catch {
    return { path };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const read = indexText(path, text);
  if (!read.objects) return { path, error: read.error };
  if (read.objects.length === 0) return { path, empty: true, hash: read.hash };
  const { data, meta, strings } = read.objects.parts();
  // The strings as one: cloning one string costs far less than cloning thousands of short ones.
  const ends = new Int32Array(strings.length);
  let end = 0;
  for (let i = 0; i < strings.length; i++) ends[i] = end += strings[i]!.length;
  transfer.push(data.buffer as ArrayBuffer, meta.buffer as ArrayBuffer, ends.buffer);
  return { path, data, meta, joined: strings.join(''), ends, hash: read.hash };
}

parentPort?.on('message', (batch: WorkerBatch) => {
  const transfer: ArrayBuffer[] = [];
  const reads = batch.paths.map((p) => indexFile(p, batch.maxBytes, transfer));
  const result: WorkerResult = { id: batch.id, reads };
  parentPort!.postMessage(result, transfer);
});
