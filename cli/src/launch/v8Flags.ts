// V8 flags for the CLI, a process that lives for one command. V8 hands a function to TurboFan once
// it has run through its interrupt budget of bytecode a few times (the budget is 66 KB in Node 20's
// V8 11.3: `node --v8-options`); in a lint run most of those compilations (on a background thread,
// with memory of their own) finish too late to pay or are thrown away again. A budget of 1 MB
// measured (whole-process `svcsql lint`, A/B, medians of CPU time) 0.73x at 1,000 statements, 0.69x
// at 10,000 and 0.75x at 100,000, with 7 MB less peak memory at 1,000; the hot loops of a large
// file still reach TurboFan. The first analysis in a fresh process (bench/throughput.ts runs it under
// these flags), A/B pairs against Node's own: on a busy 2-core machine, where the compiler's threads
// compete with the analysis for the cores, 0.4x the time at 1,000 statements, 0.5-0.8x at 10,000,
// 0.8x at 100,000; counting only the time the analysis ran or waited for V8 (not for a core), 0.8x
// at 1,000 and even at 10,000 and 100,000.
//
// Measured beside it and left out (A/B pairs): --always-sparkplug (lint even at 1k, 10k, 100k),
// --maglev (V8 11.3's; uneven), --max-optimized-bytecode-size=0 (no TurboFan: the first analysis of
// 100k statements twice as slow), --semi-space-growth-factor=8 (lint even at 1k and 10k, 5% more
// memory at 10k), --no-parallel-scavenge (even). --single-threaded-gc cannot be set here: set once
// V8 runs, it aborted a lint of 10,000 statements. Flags that size the heap (--min-semi-space-size)
// are read only when V8 starts, before this code runs.
//
// Set before any bundle is compiled, and the same in every run: V8 checks the flags (a hash of
// them) when it takes a code cache entry (codeCache.ts), so an entry written under other flags
// is refused and rewritten.

export const CLI_V8_FLAGS = '--interrupt-budget=1048576';

type SetFlags = (flags: string) => void;

/**
 * V8's setFlagsFromString without loading node:v8: that module loads Node's heap-snapshot helpers
 * and with them all of node:stream (about 25 modules, 5 ms of a lint run that needs no stream).
 * process.binding('v8') is the function node:v8 wraps; Node marks that access deprecated (DEP0111)
 * and warns once, so the warning is held back for this one call. Where a Node has dropped it, node:v8.
 */
function setFlagsFunction(): SetFlags {
  const proc = process as unknown as { binding?: (name: string) => { setFlagsFromString?: unknown }; noDeprecation?: boolean };
  const noDeprecation = proc.noDeprecation;
  try {
    proc.noDeprecation = true;
    const setFlags = proc.binding?.('v8').setFlagsFromString;
    if (typeof setFlags === 'function') return setFlags as SetFlags;
  } catch {
    // No such binding in this Node.
  } finally {
    if (noDeprecation === undefined) delete proc.noDeprecation;
    else proc.noDeprecation = noDeprecation;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('node:v8') as typeof import('node:v8')).setFlagsFromString;
}

export function applyCliV8Flags(): void {
  setFlagsFunction()(CLI_V8_FLAGS);
}
