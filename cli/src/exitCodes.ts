// Exit codes shared by every command (documented in --help and the README).
export const EXIT = {
  ok: 0,
  /** lint: errors (or too many warnings); run/status: a statement did not succeed. */
  failed: 1,
  /** Bad usage, unreadable file, missing or unusable credentials. */
  usage: 2,
  /** status without --wait: the request is not finished yet. */
  pending: 3,
  /** Ctrl+C (128 + SIGINT). */
  interrupted: 130,
  /** The reader of stdout or stderr went away (`svcsql lint … | head`): 128 + SIGPIPE, what a shell reports for a tool that signal ended. */
  brokenPipe: 141,
} as const;

/** An error that ends the command with a message on stderr and the given exit code. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT.usage) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
