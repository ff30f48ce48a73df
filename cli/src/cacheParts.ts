// The parts of the CLI's main bundle a run may or may not use, as bits for the code cache: its entry
// holds the functions the run that wrote it compiled, so one written by `svcsql --help` holds no
// analysis, and one written by a plain lint (which needs no commander, main.ts) no command-line
// parser; a run that used a part the entry lacks rewrites it once (launch/src/codeCache.ts).
// `validation`: a statement of a known kind was validated, most of the analysis's code. A lint of an
// empty file or of unknown statements only, or a format (which analyses nothing), uses none of it; an
// entry written by one made every later lint compile the validation again (1.05× the time at 1k).
export const PART = { antlrRuntime: 1, antlrC3: 2, lint: 4, format: 8, commander: 16, validation: 32 } as const;

let used = 0;

export function markPartUsed(part: number): void {
  used |= part;
}

/** The parts marked so far (the ANTLR ones are counted by the core: main.ts adds them). */
export function partsUsed(): number {
  return used;
}
