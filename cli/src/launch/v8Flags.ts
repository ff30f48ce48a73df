// V8 flags for the CLI, a process that lives for one command. V8 hands a function to TurboFan once
// it has run 132 KB of bytecode; in a lint run most of those compilations (on a background thread,
// with memory of their own) finish too late to pay or are thrown away again. Eight times that budget
// measured (whole-process `svcsql lint`, A/B, medians of CPU time) 0.73x at 1,000 statements, 0.69x
// at 10,000 and 0.75x at 100,000, with 7 MB less peak memory at 1,000; the hot loops of a large
// file still reach TurboFan.
//
// Set before any bundle is compiled, and the same in every run: V8 checks the flags (a hash of
// them) when it takes a code cache entry (codeCache.ts), so an entry written under other flags
// is refused and rewritten.
import { setFlagsFromString } from 'node:v8';

export const CLI_V8_FLAGS = '--interrupt-budget=1048576';

export function applyCliV8Flags(): void {
  setFlagsFromString(CLI_V8_FLAGS);
}
