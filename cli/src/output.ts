// Every byte the CLI writes goes through here, so that known secrets are replaced before they can
// reach a terminal or a CI log, whatever code path produced the text.
import pc from 'picocolors';
import { Redactor } from '../../service/src/index';

export type Colors = ReturnType<typeof pc.createColors>;

/** Colours only on a terminal, never with NO_COLOR (https://no-color.org) or --no-color. */
export function colorsFor(stream: NodeJS.WriteStream, allowed: boolean): Colors {
  const env = process.env;
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== '';
  return pc.createColors(allowed && !noColor && (forced || stream.isTTY === true));
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
  process.stdout.write(redact(text));
}

/** writeOut that resolves once stdout can take more: a slow reader holds the writer back instead of memory filling up. */
export async function writeOutInTurn(text: string): Promise<void> {
  if (!process.stdout.write(redact(text))) await new Promise<void>((resolve) => process.stdout.once('drain', resolve));
}

export function writeErr(text: string): void {
  process.stderr.write(redact(text));
}

/** Sets the exit code and leaves once stdout and stderr have flushed (pipes are asynchronous). */
export function exitAfterFlush(code: number): void {
  process.exitCode = code;
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}
