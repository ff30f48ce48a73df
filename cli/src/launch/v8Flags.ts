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
// The young generation is held at its first size (two semi-spaces of 1 MB) while the input is
// small: V8 doubles it each time as much as its size has survived collections, and the analysis
// keeps enough to grow it to 16 MB semi-spaces at 10,000 statements, memory that the process then
// touches page by page (a minor page fault each 4 KB; ~15 µs here: bench/pageCost.ts). First
// analysis in a fresh process, 3 runs: 1,000 statements 30-51 -> 27-40 ms (page faults 440 -> 250),
// 10,000 171 -> 132 ms (4,409 -> 1,932), peak memory lower; 100,000 (7 MB) 795-955 -> 967-1,078 ms,
// the many more collections costing more than the pages saved: past GROW_AFTER_BYTES of input the
// generation grows as V8 would have it (LargeInputRule). A growth factor below 2 is refused on the
// command line (V8 raises it to 2 as it starts) and kept when set at run time, as here.
//
// Node 22 and later (V8 12+) have no interrupt budget: V8 counts a function's calls, and Maglev, a
// compiler between the baseline code and TurboFan, takes a function after 400 (Node 20's V8 has
// Maglev off). In a lint run Maglev's compilations cost more than they give, as TurboFan's did on
// Node 20: `--no-maglev` (with the held young generation), whole-process `svcsql lint` on Node 24,
// alternated pairs against Node's own flags: 1,000 statements 0.69x the wall time and 0.55x the CPU,
// peak memory 72 -> 55 MB; 10,000 0.86x; 100,000 (7 MB) 1.04x, so past GROW_AFTER_BYTES of input
// Maglev is on again (even with Node's own flags). Node 24 has no process.binding('v8'): the flags
// are set through node:v8, whose loading (6 ms a run) the gain at 1,000 statements far outweighs.
//
// Set before any bundle is compiled, and the same in every run of lint and format (the other
// commands set none: takesCliV8Flags): V8 checks the flags (a hash of them) when it takes a code
// cache entry (codeCache.ts), so an entry written under other flags is refused and rewritten; runs
// with and without the flags keep entries of their own (CLI_V8_FLAGS_TAG). A run that took a large
// input's flags sets the flags of its start again before it writes its entry (launch.ts); a flag
// set back to its default gives the hash back.

import { flagsBinding, setFlagsFunction, type SetFlags } from '../../../launch/src/v8SetFlags';

export { flagsBinding };

/**
 * The flags for a V8 of this version (process.versions.v8). The interrupt budget is V8 11's (Node
 * 20); later V8s count invocations instead and have no such flag, and V8 prints an error for a flag
 * it does not know (on Node 24 every run wrote "Error: unrecognized flag --interrupt-budget" to
 * stderr, and the flags after it were ignored). Maglev is V8 12's and later's (on by default).
 */
export function cliV8Flags(v8Version: string): string {
  return [usesMaglev(v8Version) ? '--no-maglev' : '--interrupt-budget=1048576', '--semi-space-growth-factor=1'].join(' ');
}

/** The flags from which a large input runs (LargeInputRule): V8's own young generation growth, and Maglev where V8 has it on. */
export function largeInputFlags(v8Version: string): string {
  return [...(usesMaglev(v8Version) ? ['--maglev'] : []), '--semi-space-growth-factor=2'].join(' ');
}

/** Node 22 and later: V8 12+, where Maglev is on unless told otherwise. */
const usesMaglev = (v8Version: string) => Number(v8Version.split('.')[0]) >= 12;

export const CLI_V8_FLAGS = cliV8Flags(process.versions.v8);

/**
 * The commands that read and analyse files (lint, format) run under CLI_V8_FLAGS; the others (run,
 * status, mcp, help) under V8's own. Node compiles the modules of its own that a run loads after
 * its start from a code cache made for V8's default flags, and refuses it once a flag is set:
 * `svcsql status` loaded ~95 of them when the service client went through Node's fetch, compiled
 * from source under the flags, and took 0.91x the time without them (427 against 471 ms, 16
 * alternated pairs against the local emulator); through node:http it loads ~15. A lint loads none
 * after the flags are set (test/cli/startup.test.ts). `svcsql mcp` serves for long, as the language
 * server does, which runs with no flag either.
 */
const FLAGGED_COMMANDS: ReadonlySet<string> = new Set(['lint', 'format']);

/** Whether a command line (process.argv after node and the script) runs under CLI_V8_FLAGS. */
export function takesCliV8Flags(args: readonly string[]): boolean {
  // The command is the first word that is not an option (the CLI's global options take no value).
  const command = args.find((a) => !a.startsWith('-'));
  return command !== undefined && FLAGGED_COMMANDS.has(command);
}

/** The code cache entries of runs under CLI_V8_FLAGS carry this in their names (codeCache.ts: flagsTag). */
export const CLI_V8_FLAGS_TAG = 'v8flags';

/**
 * Input (the bytes of the files a command reads) past which a run lets the young generation grow
 * (and, on V8 12+, Maglev compile), decided before a file is read. 1 MB: 10,000 statements are 0.7
 * MB; `svcsql lint -f json` of 100,000 warnings (a 1.9 MB file) took 1.2x the time with it held.
 * Letting it grow in the middle of a file, once 10,000 or 20,000 diagnostics were found, raised that
 * run's peak memory (162-181 -> 190-241 MB) above both holding it and growing from the start.
 */
export const GROW_AFTER_BYTES = 1024 * 1024;

/** Sets CLI_V8_FLAGS (at the start, and again before a cache entry is written). */
export function applyCliV8Flags(): void {
  setFlagsFunction()(CLI_V8_FLAGS);
}

/** When a run leaves its starting flags for a large input's: a rule's state (the CLI has one, largeInput). */
export class LargeInputRule {
  private input = 0;
  private large = false;

  constructor(
    private readonly setFlags: () => SetFlags = setFlagsFunction,
    private readonly flags: string = largeInputFlags(process.versions.v8),
  ) {}

  /** From now on: a large input. Once. */
  assume(): void {
    if (this.large) return;
    this.large = true;
    this.setFlags()(this.flags);
  }

  /** A command is about to read `bytes` more of input (a file's size). */
  inputToRead(bytes: number): void {
    this.input += bytes;
    if (this.input > GROW_AFTER_BYTES) this.assume();
  }
}

/**
 * The CLI's rule (each bundle that uses it has its own; they set the same flags). Pure: the
 * launcher, which sets the flags only, leaves it out.
 */
export const largeInput = /* @__PURE__ */ new LargeInputRule();
