// Child processes in their own process groups (detached spawn = setsid), so that teardown kills the
// whole tree (code-server's extension hosts, language servers) with kill(-pgid). Every group started
// here is remembered and killed on exit, on Ctrl+C and on an uncaught error.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { sleep, within } from './wait';

export interface Proc {
  name: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal name) when the group leader exits. */
  exited: Promise<number | string>;
  /** Everything the process printed so far (bounded to the last 256 KiB). */
  output(): string;
  /** Resolves with the first match of re in the output; bounded by ms; rejects if the process exits first. */
  waitFor(re: RegExp, ms: number): Promise<RegExpMatchArray>;
  /** SIGTERM to the group, SIGKILL after graceMs. */
  stop(graceMs?: number): Promise<void>;
}

const live = new Set<Proc>();

export interface StartOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Copy of the output goes here. */
  logFile?: string;
  /** Echo output lines to this process's stdout, prefixed with the name. */
  echo?: boolean;
}

export function startGroup(name: string, command: string, args: string[], options: StartOptions = {}): Proc {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${name} (${command})`);
  const pid = child.pid;
  let buffer = '';
  const listeners = new Set<() => void>();
  const log: WriteStream | undefined = options.logFile ? createWriteStream(options.logFile) : undefined;
  const onData = (chunk: Buffer): void => {
    const text = chunk.toString('utf8');
    buffer += text;
    if (buffer.length > 256 * 1024) buffer = buffer.slice(-256 * 1024);
    log?.write(text);
    if (options.echo) for (const line of text.split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
    for (const l of [...listeners]) l();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      log?.end();
      for (const l of [...listeners]) l();
      resolve(code ?? signal ?? 'unknown');
    });
    child.on('error', (e) => {
      buffer += `\n[spawn error] ${e.message}\n`;
      resolve('spawn-error');
    });
  });
  let done = false;
  void exited.then(() => (done = true));

  const proc: Proc = {
    name,
    pid,
    child,
    exited,
    output: () => buffer,
    waitFor(re, ms) {
      return within(
        ms,
        `${name} to print ${re}`,
        new Promise<RegExpMatchArray>((resolve, reject) => {
          const check = (): void => {
            const m = buffer.match(re);
            if (m) {
              listeners.delete(check);
              resolve(m);
            } else if (done) {
              listeners.delete(check);
              reject(new Error(`${name} exited before printing ${re}; output:\n${buffer.slice(-2000)}`));
            }
          };
          listeners.add(check);
          check();
        }),
      );
    },
    async stop(graceMs = 3000) {
      live.delete(proc);
      killGroup(pid, 'SIGTERM');
      try {
        await within(graceMs, `${name} to exit`, exited);
      } catch {
        // fall through to SIGKILL
      }
      // The leader may be gone while children (extension hosts, language servers) linger.
      killGroup(pid, 'SIGKILL');
      await sleep(50);
    },
  };
  live.add(proc);
  return proc;
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is gone already
  }
}

/** Stops every group started by this process (newest first). */
export async function stopAll(): Promise<void> {
  const procs = [...live].reverse();
  await Promise.all(procs.map((p) => p.stop()));
}

let hooked = false;
let stopping = false;
/** True once a signal asked this process to stop (so that "X exited" is not reported as a surprise). */
export function isStopping(): boolean {
  return stopping;
}
/** Kill every started group however this process ends: normal exit, Ctrl+C, SIGTERM, crash. */
export function installTeardownHooks(onSignal?: () => Promise<void>): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const p of live) killGroup(p.pid, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      process.stdout.write(`\nreceived ${signal}: stopping everything this run started\n`);
      const finish = (): void => process.exit(130);
      const cleanup = (onSignal ? onSignal() : Promise.resolve()).then(stopAll);
      within(10_000, 'teardown', cleanup).then(finish, finish);
    });
  }
}

/** Runs a command to completion (not detached), bounded by ms; returns its output; throws on failure. */
export function runToEnd(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; ms: number; input?: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.stdin.end(options.input ?? '');
    const timer = setTimeout(() => {
      if (child.pid) killGroup(child.pid, 'SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} timed out after ${options.ms} ms:\n${out.slice(-2000)}`));
    }, options.ms);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${out.slice(-3000)}`));
    });
  });
}
