/**
 * The ANTLR parser, its runtime (antlr4ng) and antlr4-c3, evaluated on first use: most statements
 * take the hand-written path (./fastParse.ts), and evaluating antlr4ng's module alone was a
 * visible share of a CLI start. A bundled `require` is esbuild's lazy form: the module and what it
 * imports become an initializer that runs at the first call, in every bundle format; nothing else
 * in the core may import their values (types are erased), or they would run at start-up again.
 */
declare const require: (id: string) => unknown;

type AntlrRuntime = typeof import('./antlrRuntime');
type C3 = typeof import('antlr4-c3');

let runtime: AntlrRuntime | undefined;
let c3: C3 | undefined;

/** How often each was loaded in this process (at most once): the tests read it. */
export const antlrLoads = { runtime: 0, c3: 0 };

/** antlr4ng's classes and the generated parser. */
export function antlr(): AntlrRuntime {
  if (!runtime) {
    runtime = require('./antlrRuntime') as AntlrRuntime;
    antlrLoads.runtime++;
  }
  return runtime;
}

/** antlr4-c3, which only completion uses. */
export function completionCore(): C3 {
  if (!c3) {
    c3 = require('antlr4-c3') as C3;
    antlrLoads.c3++;
  }
  return c3;
}
