// How every command ends: its exit code once stdout and stderr have flushed, and a failure reported
// the one way the CLI reports failures.
import { CliError, EXIT } from './exitCodes';
import { exitAfterFlush, redact, writeErr } from './output';
import { escapeControls } from '../../service/src/safeText';

/**
 * Runs a command, then exits with process.exitCode (0 if unset). `known`: the exit code for a
 * failure the caller recognises (commander's), undefined for the others.
 */
export async function finish(run: () => Promise<void>, known?: (err: unknown) => number | undefined): Promise<void> {
  try {
    await run();
    exitAfterFlush(typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok);
  } catch (err) {
    const code = known?.(err);
    if (code !== undefined) return exitAfterFlush(code);
    if (err instanceof CliError) {
      writeErr(`svcsql: ${err.message}\n`);
      return exitAfterFlush(err.exitCode);
    }
    writeErr(`svcsql: unexpected failure: ${escapeControls(redact(err instanceof Error ? err.message : String(err)))}\n`);
    exitAfterFlush(EXIT.usage);
  }
}
