// A benchmark's child process (this same bundle, run again) under the CLI's V8 flags
// (cli/src/launch/v8Flags.ts, which says what they change), as `svcsql lint` and `svcsql format`,
// the product's fresh processes, run the core: set at run time, as the CLI sets them (one of them
// has effect only so), with the CLI's rule for a large input.
import { execFileSync } from 'node:child_process';
import { applyCliV8Flags, CLI_V8_FLAGS, GROW_AFTER_BYTES, largeInput } from '../cli/src/launch/v8Flags';

/** For a row's note. */
export const UNDER_CLI_FLAGS = `under the CLI's V8 flags (${CLI_V8_FLAGS}; the young generation grows past ${GROW_AFTER_BYTES / 1048576} MB of input)`;

/** Runs `node <args>` (a child that calls asCliProcess first) and returns what it printed. */
export function runChildUnderCliFlags(args: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(process.execPath, args, { encoding: 'utf8', env });
}

/**
 * In a child: its input (made by `input`), then the CLI's V8 flags and the input counted as the CLI
 * counts a file it is about to read. The input is made first: made under the CLI's flags, the 7 MB
 * text of 100,000 statements filled the old generation with what building it left (the first call
 * 1.2x slower than the CLI's own rule gives), where the CLI reads one string.
 */
export function asCliProcess(input: () => string): string {
  const text = input();
  applyCliV8Flags();
  largeInput.inputToRead(text.length);
  return text;
}
