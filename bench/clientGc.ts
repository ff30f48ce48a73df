// The benchmark client's own garbage collection, run between timed requests so that it is not
// counted as the server's latency. Traced with a PerformanceObserver of 'gc' entries in both
// processes over 60 keystrokes: the server collected at most once (often never), the client two or
// three times inside timed windows (young-generation collections of 2 to 30 ms on a loaded 2-core
// machine, at 10,000 statements an old-generation marking too), and with 60 samples the p95 is the
// third slowest. Parsing a publish of 1,000 diagnostics (226 KB) allocates about 0.5 MB here, and
// with the young generation emptied first the client's own main-thread time per keystroke fell
// too (at 100,000 statements ~4.0 → ~3.2 ms, the collections included). The server's collections
// stay in the figures.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
/** V8's gc(): a full collection without options, a young-generation one with `{ type: 'minor' }`. */
const gc = runInNewContext('gc') as (options?: { type: 'minor' }) => void;

/** Empties this process's young generation, so that one request's allocation fits before the next collection. */
export function collectYoung(): void {
  gc({ type: 'minor' });
}

/** A full collection: what building the corpus and opening left for the old generation's marking is done before timing starts. */
export function collectAll(): void {
  gc();
}
