// V8's young generation held at its first size while the workspace is indexed (Node build; the
// browser build has no index workers and never holds it). Every file's objects the server's thread
// puts into the index survive, and V8 doubles the young generation each time as much as its size
// has survived collections: up to two 16 MB semi-spaces that the process then touches page by page
// (a minor page fault each 4 KB, ~15 µs where these figures were measured: bench/pageCost.ts), to hold
// objects that are copied to the old generation anyway. Held (--semi-space-growth-factor=1, as the
// CLI's lint does: cli/src/launch/v8Flags.ts), the survivors go to the old generation from 1 MB
// semi-spaces. Index over LSP, alternated pairs against the same build without it (npm run bench):
// 1,000 files 103 -> 97 MB peak (10 of 10 lower), 10,000 files 296 -> 272 MB (4 of 4); wall and
// CPU time even (1.01x and 1.00x at 1,000 files, 0.99x and 0.99x at 10,000).
//
// A V8 flag is process-wide (every thread's heap) and V8 checks a hash of the flags when it takes a
// code cache entry (launch/src/codeCache.ts): an entry written while the flag is set would be refused
// by the next start. So nothing writes one meanwhile: the server's launcher waits for the hold to
// end (launchServer.ts), and an index worker writes its entry at its first batch sent while nothing
// holds the young generation (launchIndexWorker.ts), before it answers it; the pool holds it only
// once each of its workers has answered once (indexWorkers.ts). Set back to its default (2) the flag
// gives the hash back.
import { setFlagsFunction, type SetFlags } from '../../../launch/src/v8SetFlags';

const HELD = '--semi-space-growth-factor=1';
const FREE = '--semi-space-growth-factor=2';

/** Process-wide: the launcher and the server are two bundles. */
interface Holds {
  count: number;
  whenFree: (() => void)[];
}

const SLOT = Symbol.for('svcsql.youngGeneration');

function holds(): Holds {
  const g = globalThis as { [SLOT]?: Holds };
  return (g[SLOT] ??= { count: 0, whenFree: [] });
}

/** Holds the young generation until the function returned is called (once; holds nest). */
export function holdYoungGeneration(setFlags: () => SetFlags = setFlagsFunction): () => void {
  const h = holds();
  if (h.count++ === 0) setFlags()(HELD);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--h.count > 0) return;
    setFlags()(FREE);
    for (const f of h.whenFree.splice(0)) f();
  };
}

export function youngGenerationHeld(): boolean {
  return holds().count > 0;
}

/** Runs `f` now if nothing holds the young generation, else once the last hold ends. */
export function whenYoungGenerationFree(f: () => void): void {
  const h = holds();
  if (h.count === 0) f();
  else h.whenFree.push(f);
}
