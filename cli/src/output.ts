// Every byte the CLI writes goes through here, so that known secrets are replaced before they can
// reach a terminal or a CI log, whatever code path produced the text.
//
// Until a command needs Node's stream of stdout or stderr (a spinner, the MCP transport: stdoutStream,
// stderrStream), text is written to the file descriptor directly: creating process.stdout loads
// Node's stream and net modules, a few ms of every `svcsql lint` start. A write that does not go
// through whole (a full non-blocking pipe) or fails hands the rest, and all later text, to the stream,
// so the order is kept. On Windows the streams are used from the start (the console takes UTF-16,
// not the bytes).
//
// A reader that went away (EPIPE: `svcsql lint … | head`) ends the command at once, quietly, with
// 128 + SIGPIPE as a tool ended by that signal would: nothing more can reach it, and Node would
// otherwise print an unhandled 'error' event with its stack.
import { fstatSync, statSync, writeSync } from 'node:fs';
import type { Colors as Picocolors } from 'picocolors/types';
import { Redactor } from '../../service/src/redact';
import { EXIT } from './exitCodes';

/** The styles the CLI prints with (picocolors'). */
export type Colors = Pick<Picocolors, 'red' | 'yellow' | 'blue' | 'green' | 'bold' | 'dim'>;

/** No colours: what picocolors' createColors(false) gives, without loading it (see isTerminal). */
const PLAIN: Colors = { red: String, yellow: String, blue: String, green: String, bold: String, dim: String };

/** Colours only on a terminal, never with NO_COLOR (https://no-color.org) or --no-color. */
export function colorsFor(fd: 1 | 2, allowed: boolean): Colors {
  const env = process.env;
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== '';
  if (!(allowed && !noColor && (forced || isTerminal(fd)))) return PLAIN;
  // Loaded only for colours: picocolors reads process.stdout as it loads.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('picocolors') as { createColors(enabled: boolean): Colors }).createColors(true);
}

/**
 * Whether fd is a terminal (what process.stdout.isTTY says). node:tty loads Node's net and stream
 * modules: it is asked only when the answer is not plainly no (a file, a pipe, /dev/null).
 */
export function isTerminal(fd: 1 | 2): boolean {
  if (process.platform !== 'win32') {
    try {
      const stat = fstatSync(fd);
      if (!stat.isCharacterDevice() || stat.rdev === statSync('/dev/null').rdev) return false;
    } catch {
      return false; // closed
    }
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('node:tty') as typeof import('node:tty')).isatty(fd);
}

/** Writes to one file descriptor directly until its Node stream is needed, then to the stream. */
class FdWriter {
  private stream: NodeJS.WriteStream | undefined;

  constructor(
    private readonly fd: 1 | 2,
    private readonly nodeStream: () => NodeJS.WriteStream,
  ) {
    if (process.platform === 'win32') this.toStream();
  }

  /** The Node stream of this descriptor; from now on every write goes through it. */
  toStream(): NodeJS.WriteStream {
    if (!this.stream) {
      this.stream = this.nodeStream();
      this.stream.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'EPIPE') leaveOnBrokenPipe();
        throw err;
      });
    }
    return this.stream;
  }

  /** Whether the stream was created (it may hold text not yet written). */
  get streaming(): boolean {
    return this.stream !== undefined;
  }

  /** Writes text; false: the stream asks the writer to wait for 'drain'. */
  write(text: string): boolean {
    if (this.stream) return this.stream.write(text);
    const bytes = Buffer.from(text, 'utf8');
    let done = 0;
    try {
      while (done < bytes.length) done += writeSync(this.fd, bytes, done);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EPIPE') leaveOnBrokenPipe();
      return this.toStream().write(bytes.subarray(done));
    }
  }
}

function leaveOnBrokenPipe(): never {
  process.exit(EXIT.brokenPipe);
}

const stdout = new FdWriter(1, () => process.stdout);
const stderr = new FdWriter(2, () => process.stderr);

/** process.stdout, for code that needs the stream itself; writeOut then goes through it too, in order. */
export function stdoutStream(): NodeJS.WriteStream {
  return stdout.toStream();
}

/** process.stderr, for code that needs the stream itself; writeErr then goes through it too, in order. */
export function stderrStream(): NodeJS.WriteStream {
  return stderr.toStream();
}

/** The redactor the extension uses too (service/src/redact.ts): every encoding it knows. */
const redactor = new Redactor([], '***');

/** Registers values that must never be printed (API key, API secret). Short values are skipped. */
export function addSecret(value: string | undefined): void {
  redactor.add(value);
}

export function redact(text: string): string {
  return redactor.text(text);
}

export function writeOut(text: string): void {
  stdout.write(redact(text));
}

/** writeOut that resolves once stdout can take more: a slow reader holds the writer back instead of memory filling up. */
export async function writeOutInTurn(text: string): Promise<void> {
  if (!stdout.write(redact(text))) await new Promise<void>((resolve) => stdout.toStream().once('drain', resolve));
}

export function writeErr(text: string): void {
  stderr.write(redact(text));
}

/** Sets the exit code and leaves once stdout and stderr have flushed (pipes are asynchronous). */
export function exitAfterFlush(code: number): void {
  process.exitCode = code;
  const streams = [stdout, stderr].filter((w) => w.streaming);
  let pending = streams.length;
  if (pending === 0) return process.exit(code); // direct writes are done when they return
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  for (const w of streams) w.toStream().write('', done);
}
