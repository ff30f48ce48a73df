// Shared set-up for the CLI tests: the built CLI run as a child process (never in-process, so exit
// codes, streams and signals are the real ones), with a clean environment and a private HOME.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RunningEmulator } from '../../emulator/src/emulator';
import { connectionEnvironment } from '../../cli/src/credentials';

/** Repository root (this file is bundled to out/test/cli/*.test.js). */
export const ROOT = resolve(__dirname, '../../..');
export const CLI = join(ROOT, 'out', 'cli.js');
export const FIXTURES = join(ROOT, 'test', 'cli', 'fixtures');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  /** Added to a clean environment (no SVCSQL_*, HOME set to an empty temporary folder). */
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Called once with the child, e.g. to send SIGINT when some output appears. */
  onSpawn?: (child: ChildProcess, output: { stderr(): string }) => void;
  /** Another copy of the launcher than out/cli.js (e.g. a second build). */
  script?: string;
  /** Written to the child's stdin, which is then closed (without it, the child has no stdin). */
  stdin?: string;
}

let emptyHome: string | undefined;
const made: string[] = [];
// Each test file runs in a process of its own: what it made is removed when it ends.
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix = 'svcsql-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  emptyHome ??= tempDir('svcsql-home-');
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('SVCSQL_') && k !== 'NO_COLOR' && k !== 'FORCE_COLOR') env[k] = v;
  return { ...env, HOME: emptyHome, ...extra };
}

/** Runs `node out/cli.js ...args` asynchronously (an in-process emulator must keep answering). */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [options.script ?? CLI, ...args], {
      cwd: options.cwd ?? ROOT,
      env: cleanEnv(options.env),
      stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (options.stdin !== undefined) child.stdin!.end(options.stdin);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`svcsql ${args.join(' ')} did not finish in time.\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
    options.onSpawn?.(child, { stderr: () => stderr });
  });
}

/** What the CLI reads from SVCSQL_* variables. */
export interface CliConnection {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  accountUid: string;
  projectUid: string;
  linkUid: string;
  region: string;
  userUuid: string;
}

/** SVCSQL_* variables for a connection; an override of undefined removes that variable. */
export function envForConnection(c: CliConnection, overrides: Partial<Record<string, string>> = {}): Record<string, string> {
  const env = connectionEnvironment(c);
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** SVCSQL_* variables for an emulator (its demo credentials unless overridden). */
export function envFor(emu: RunningEmulator, overrides: Partial<Record<string, string>> = {}): Record<string, string> {
  return envForConnection({ ...emu.credentials, baseUrl: emu.url }, overrides);
}

/** An INI profile section for an emulator. */
export function profileFor(name: string, emu: RunningEmulator, overrides: Record<string, string> = {}): string {
  const c = emu.credentials;
  const values: Record<string, string> = {
    base_url: emu.url,
    api_key: c.apiKey,
    api_secret: c.apiSecret,
    account_uid: c.accountUid,
    project_uid: c.projectUid,
    link_uid: c.linkUid,
    region: c.region,
    user_uuid: c.userUuid,
    ...overrides,
  };
  return `[${name}]\n${Object.entries(values)
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n')}\n`;
}

/** Writes HOME/.svcsql/credentials with the given mode; returns HOME and the file path. */
export function homeWithCredentials(text: string, mode = 0o600): { home: string; file: string } {
  const home = tempDir('svcsql-home-');
  mkdirSync(join(home, '.svcsql'), { mode: 0o700 });
  const file = join(home, '.svcsql', 'credentials');
  writeFileSync(file, text, { mode });
  chmodSync(file, mode); // the umask must not decide the test
  return { home, file };
}

/** Resolves when `predicate(stderr)` holds, polling briefly. */
export async function waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** No carriage return and no escape sequence: plain lines, as CI logs want. */
export function assertPlain(text: string): void {
  if (text.includes('\r')) throw new Error(`unexpected \\r in output:\n${JSON.stringify(text)}`);
  if (text.includes('\x1b')) throw new Error(`unexpected ANSI escape in output:\n${JSON.stringify(text)}`);
}
