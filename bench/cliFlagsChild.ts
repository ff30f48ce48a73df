// A benchmark's child process (this same bundle, run again) under the CLI's V8 flags
// (cli/src/launch/v8Flags.ts, which says what they change), as `svcsql lint` and `svcsql format`,
// the product's fresh processes, run the core.
import { execFileSync } from 'node:child_process';
import { CLI_V8_FLAGS } from '../cli/src/launch/v8Flags';

/** For a row's note. */
export const UNDER_CLI_FLAGS = `under the CLI's V8 flags (${CLI_V8_FLAGS})`;

/** Runs `node <CLI_V8_FLAGS> <args>` and returns what it printed. */
export function runChildUnderCliFlags(args: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(process.execPath, [...CLI_V8_FLAGS.split(' '), ...args], { encoding: 'utf8', env });
}
