// `svcsql --version` (or -V) alone needs none of the CLI: the launcher answers it before loading
// out/cli/main.js, as commander would (the version and a newline on stdout, exit 0). Anything else,
// and any trouble writing, goes the usual way through main.js, which handles it (a closed pipe,
// a descriptor that would block, Windows, where the CLI writes through Node's streams).
import { writeSync } from 'node:fs';
import { VERSION } from '../version';

/** Whether the arguments (process.argv after node and the script) ask for the version alone. */
export function asksVersionOnly(args: readonly string[], platform: string = process.platform): boolean {
  return platform !== 'win32' && args.length === 1 && (args[0] === '--version' || args[0] === '-V');
}

/** Prints the version if that is all the command asks; true: done (exit code 0 set). */
export function answerVersionOnly(args: readonly string[]): boolean {
  if (!asksVersionOnly(args)) return false;
  const text = Buffer.from(`${VERSION}\n`);
  try {
    // A few bytes: one write takes them whole (or fails before writing any, e.g. EAGAIN, EPIPE).
    if (writeSync(1, text) !== text.length) return false;
  } catch {
    return false;
  }
  process.exitCode = 0;
  return true;
}
