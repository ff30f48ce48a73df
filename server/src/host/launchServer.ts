// The language server's executable (out/server.js, what the extension, the tests and the benchmark
// start): a few lines that run the server's bundle, out/server/server.js, through V8's code cache
// (launch/src/codeCache.ts, the CLI's loader too), so that a start does not parse and compile 2 MB
// of JavaScript again. The bundle's `__dirname` stays this file's folder: it starts its index
// workers from out/indexWorker.js (launchIndexWorker.ts), beside this file.
import { join } from 'node:path';
import { BundleLoader, codeCacheDir } from '../../../launch/src/codeCache';
import { startIndexWorkersEarly } from './earlyIndexWorkers';
import { whenYoungGenerationFree } from './youngGeneration';

/**
 * The editor stops a server by killing it as often as by `exit`: the cache entry is written once
 * the start-up's work (initialize, the first indexing, the open files' diagnostics) has compiled
 * what a start runs, not only at exit. A server killed before then compiles again next time.
 */
const WRITE_CACHE_AFTER_MS = 2000;

// First: the index workers start their threads while this one loads the server's bundle (earlyIndexWorkers.ts).
startIndexWorkersEarly(join(__dirname, 'indexWorker.js'));
const loader = new BundleLoader(join(__dirname, 'server'), codeCacheDir());
// Node's own modules (the bundle holds everything else).
// eslint-disable-next-line @typescript-eslint/no-require-imports
loader.load('server', (id) => require(id), __dirname);
loader.trace('server bundles');
// Not while the young generation is held (youngGeneration.ts): the entry would carry its V8 flags.
setTimeout(() => whenYoungGenerationFree(() => loader.writeCache()), WRITE_CACHE_AFTER_MS).unref();
