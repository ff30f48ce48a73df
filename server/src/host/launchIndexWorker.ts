// An index worker thread's script (out/indexWorker.js, started by indexWorkers.ts): runs the
// worker's bundle, out/server/indexWorker.js, through V8's code cache as launchServer.ts runs the
// server's. A worker lives for one indexing and is terminated (no exit event): it writes its cache
// entry itself, once the first batches have compiled what indexing runs.
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { BundleLoader, codeCacheDir } from '../../../launch/src/codeCache';

/** Batches answered before the entry is written (a few files of every kind of statement). */
const WRITE_CACHE_AFTER_BATCHES = 4;

const loader = new BundleLoader(join(__dirname, 'server'), codeCacheDir());
// eslint-disable-next-line @typescript-eslint/no-require-imports
loader.load('indexWorker', (id) => require(id), __dirname);
loader.trace('index worker bundles');
let batches = 0;
// After the bundle's own listener (added as it loaded): the batch has been indexed and answered.
parentPort?.on('message', () => {
  if (++batches === WRITE_CACHE_AFTER_BATCHES) loader.writeCache();
});
