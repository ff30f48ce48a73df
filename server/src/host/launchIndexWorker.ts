// An index worker thread's script (out/indexWorker.js, started by indexWorkers.ts): runs the
// worker's bundle, out/server/indexWorker.js, through V8's code cache as launchServer.ts runs the
// server's. A worker lives for one indexing and is terminated (no exit event): it writes its cache
// entry itself, when its first batch comes (the bundle's warm-up has compiled the index pass by
// then), before the bundle indexes and answers it: once the pool has its answers it may change V8's
// flags (youngGeneration.ts), under which an entry would be refused.
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { BundleLoader, codeCacheDir } from '../../../launch/src/codeCache';
import type { WorkerBatch } from './indexWorkerMessages';

const loader = new BundleLoader(join(__dirname, 'server'), codeCacheDir());
let written = false;
// Before the bundle's own listener (added as it loads): called first for each batch.
parentPort?.on('message', (batch: Pick<WorkerBatch, 'youngGenerationHeld'>) => {
  if (written || batch.youngGenerationHeld) return;
  written = true;
  loader.writeCache();
});
// eslint-disable-next-line @typescript-eslint/no-require-imports
loader.load('indexWorker', (id) => require(id), __dirname);
loader.trace('index worker bundles');
