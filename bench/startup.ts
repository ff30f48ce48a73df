// Whole-process figures of the CLI (issue 18): the start-up alone (`svcsql lint` of an empty file:
// what a command costs before any analysis; `svcsql --version`, which the launcher answers without
// loading the CLI's bundle), `svcsql lint` of one file, start to exit, and its peak memory and
// minor page faults (from /usr/bin/time when the machine has it), with the code cache warm; and lint
// of a file with one diagnostic per statement, whose memory must stay flat as the output streams,
// and of one generated statement with a problem in each of its N WITH values (memory bounded too);
// `svcsql format --check` of the same files, and `svcsql format -` of them on stdin.
// The floor and lint again without NODE_EXTRA_CA_CERTS: Node 20 reads and parses that certificate
// bundle at every start when the variable is set (this machine sets it: ~50 ms), before any line of
// the CLI runs, so the rows above carry it; these show what a machine without it sees.
// `svcsql status` of a request of the local emulator (in a process of its own): a command that
// loads the HTTP client. The language server's start too: spawn → `initialize` answered, as the
// extension starts it.
// BENCH_LARGE=1 adds the 1M-diagnostic (about 20 MB) file of the issue (minutes on a busy machine).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectionEnvironment } from '../cli/src/credentials';
import { DEMO_CREDENTIALS } from '../emulator/src/options';
import { SERVER_EXEC_ARGV } from '../protocol/src/serverProcess';
import type { BenchRow } from './benchRow';
import { buildCorpus } from './corpus';
import { LspClient } from './lspClient';
import { median, now } from './stats';

const root = join(__dirname, '..', '..');
const cli = join(root, 'out', 'cli.js');
const TIME = '/usr/bin/time';

const SIZES: [string, number][] = [
  ['1k', 1_000],
  ['10k', 10_000],
  ['100k', 100_000],
];

/** One generated statement of `count` unquoted WITH values: a problem each, at most 1,000 listed (core/src/validate/unlisted.ts). */
function oneGiantStatement(count: number): string {
  const pairs: string[] = [];
  for (let i = 0; i < count; i++) pairs.push(`'k${i}' = ${i}`);
  return `CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' WITH ${pairs.join(', ')};\n`;
}

/** One statement per line, each a warning: the shape of the issue's 1M-diagnostic file. */
function oneDiagnosticEach(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(`CREATE ALKE l${i};\n`);
  return lines.join('');
}

interface Timed {
  ms: number;
  peakMB?: number;
  /** Minor page faults (median), where /usr/bin/time reports them. */
  faults?: number;
}

/** Runs `node ARGS` `runs` times; the median wall time and faults, and the largest peak RSS. Output goes to /dev/null; `input`: a file on stdin. */
function timeNode(args: string[], runs: number, env: NodeJS.ProcessEnv, input?: string): Timed {
  const withTime = existsSync(TIME);
  const times: number[] = [];
  const faults: number[] = [];
  let peak: number | undefined;
  for (let i = 0; i < runs; i++) {
    const stdin = input === undefined ? 'ignore' : openSync(input, 'r');
    const started = performance.now();
    const r = withTime
      ? spawnSync(TIME, ['-f', '%M %R', process.execPath, ...args], { env, encoding: 'utf8', stdio: [stdin, 'ignore', 'pipe'] })
      : spawnSync(process.execPath, args, { env, encoding: 'utf8', stdio: [stdin, 'ignore', 'pipe'] });
    times.push(performance.now() - started);
    if (typeof stdin === 'number') closeSync(stdin);
    // time's line is the last of stderr: peak RSS in KB, minor page faults.
    const m = withTime ? /(\d+) (\d+)\s*$/.exec(r.stderr) : null;
    if (m) {
      peak = Math.max(peak ?? 0, Number(m[1]) / 1024);
      faults.push(Number(m[2]));
    }
  }
  return {
    ms: median(times),
    ...(peak === undefined ? {} : { peakMB: Math.round(peak) }),
    ...(faults.length ? { faults: median(faults) } : {}),
  };
}

/** The local emulator in a process of its own (the timed CLI runs block this one's event loop); its base URL. */
async function startEmulator(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [join(root, 'out', 'emulator.js'), '--port', '0', '--pending-ms', '0', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`the emulator exited: ${out}`)));
  });
  return { url, stop: () => child.kill() };
}

/** `svcsql status` of one request of the emulator, 7 runs after one that fills the cache. */
async function timeStatus(dir: string): Promise<Timed> {
  const emulator = await startEmulator();
  try {
    const env = {
      ...process.env,
      ...connectionEnvironment({ ...DEMO_CREDENTIALS, baseUrl: emulator.url }),
      SVCSQL_CACHE_DIR: join(dir, 'cache-status'),
    };
    const file = join(dir, 'show.svcsql');
    writeFileSync(file, 'SHOW LAKES\n');
    const ran = spawnSync(process.execPath, [cli, 'run', file], { env, encoding: 'utf8' });
    const id = /request id: (\S+)/.exec(ran.stdout)?.[1];
    if (!id) throw new Error(`svcsql run printed no request id: ${ran.stdout}${ran.stderr}`);
    timeCli(['status', id], 1, env); // fills the code cache
    return timeCli(['status', id], 7, env);
  } finally {
    emulator.stop();
  }
}

/** The server writes its code cache entry this long after its start (server/src/host/launchServer.ts): a first run waits for it. */
const SERVER_CACHE_WRITTEN_MS = 2500;

/**
 * The language server started `runs` times as the extension starts it (protocol/src/serverProcess.ts):
 * the median time from spawn to the answer to `initialize`, after a first run that fills the cache.
 */
async function serverStart(runs: number, env: NodeJS.ProcessEnv): Promise<number> {
  const serverPath = join(root, 'out', 'server.js');
  const once = async (holdMs: number) => {
    const t = now();
    const c = new LspClient(serverPath, SERVER_EXEC_ARGV, env);
    try {
      await c.request('initialize', { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: null });
      const ms = now() - t;
      await new Promise((r) => setTimeout(r, holdMs));
      return ms;
    } finally {
      await c.close();
    }
  };
  await once(SERVER_CACHE_WRITTEN_MS);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await once(0));
  return median(times);
}

const timeCli = (args: string[], runs: number, env: NodeJS.ProcessEnv, input?: string) => timeNode([cli, ...args], runs, env, input);

/** A row's cell (time, peak) and its faults, put aside for the row's note (`key` '': a row of one size). */
function cellOf(t: Timed, key: string, faults: string[]): { ms: number; peakMB?: number } {
  if (t.faults !== undefined) faults.push(`${key ? `${key} ` : ''}${t.faults.toLocaleString('en-US')}`);
  return { ms: t.ms, ...(t.peakMB === undefined ? {} : { peakMB: t.peakMB }) };
}

export async function measure(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'svcsql-bench-startup-'));
  const env = { ...process.env, SVCSQL_CACHE_DIR: join(dir, 'cache') };
  try {
    const node: BenchRow = { measure: 'node -e 0 (the floor of any whole-process figure)', sizes: {} };
    const started: BenchRow = {
      measure: 'whole-process `svcsql --version`: answered by the launcher, no bundle loaded',
      sizes: {},
    };
    const empty: BenchRow = {
      measure: 'whole-process `svcsql lint` of an empty file (code cache warm): loading and initialising the CLI, no analysis',
      sizes: {},
    };
    const lint: BenchRow = { measure: 'whole-process `svcsql lint FILE` (code cache warm): wall ms, peak RSS', sizes: {} };
    const streamed: BenchRow = {
      measure: '`svcsql lint -f json` of one warning per statement (streamed output): wall ms, peak RSS',
      sizes: {},
    };
    const giant: BenchRow = {
      measure: '`svcsql lint` of one statement of N unquoted WITH values (N: the column’s count): wall ms, peak RSS',
      sizes: {},
    };
    const giantFaults: string[] = [];
    const giantFormat: BenchRow = {
      measure: 'whole-process `svcsql format --check` of that statement: wall ms, peak RSS',
      sizes: {},
    };
    const giantFormatFaults: string[] = [];
    // A cache folder of its own: its runs compile the validation of WITH values, which lint's entry need not hold.
    const giantEnv = { ...process.env, SVCSQL_CACHE_DIR: join(dir, 'cache-giant') };
    const formatStdin: BenchRow = {
      measure: 'whole-process `svcsql format - < FILE` (stdin to stdout, code cache warm): wall ms, peak RSS',
      sizes: {},
    };
    const formatStdinFaults: string[] = [];
    const formatCheck: BenchRow = {
      measure: 'whole-process `svcsql format --check -f github FILE` (code cache warm): wall ms, peak RSS',
      sizes: {},
    };
    const withoutCa: NodeJS.ProcessEnv = { ...env };
    delete withoutCa.NODE_EXTRA_CA_CERTS;
    const caNote = `NODE_EXTRA_CA_CERTS ${process.env.NODE_EXTRA_CA_CERTS ? 'is set in this run: the rows above include its cost' : 'is not set in this run: the same as the rows above'}`;
    const nodeNoCa: BenchRow = { measure: 'node -e 0 without NODE_EXTRA_CA_CERTS', sizes: {}, note: caNote };
    const lintNoCa: BenchRow = { measure: 'whole-process `svcsql lint FILE` without NODE_EXTRA_CA_CERTS (code cache warm)', sizes: {} };
    // A cache folder of its own: format's run would widen lint's entry (codeCache.ts) for the lint rows.
    const formatEnv = { ...process.env, SVCSQL_CACHE_DIR: join(dir, 'cache-format') };
    const formatFaults: string[] = [];
    // Measured as the CLI's rows are (through /usr/bin/time where there is one), so that their excess over it is the CLI's.
    const floorFaults: string[] = [];
    node.sizes['1k'] = cellOf(timeNode(['-e', '0'], 5, process.env), '', floorFaults);
    const emptyFaults: string[] = [];
    const lintFaults: string[] = [];
    const streamedFaults: string[] = [];
    // A cache folder of its own: the entry a run writes holds what that run compiled, and lint's must hold lint.
    const versionEnv = { ...process.env, SVCSQL_CACHE_DIR: join(dir, 'cache-version') };
    timeCli(['--version'], 1, versionEnv); // fills the code cache
    const versionFaults: string[] = [];
    started.sizes['1k'] = cellOf(timeCli(['--version'], 7, versionEnv), '', versionFaults);
    for (const [key, n] of SIZES) {
      if (key === '1k') {
        const none = join(dir, 'empty.svcsql');
        writeFileSync(none, '');
        const emptyEnv = { ...process.env, SVCSQL_CACHE_DIR: join(dir, 'cache-empty') };
        timeCli(['lint', none], 1, emptyEnv); // fills the code cache
        empty.sizes[key] = cellOf(timeCli(['lint', none], 7, emptyEnv), '', emptyFaults);
      }
      const file = join(dir, `corpus-${key}.svcsql`);
      writeFileSync(file, buildCorpus(n));
      timeCli(['lint', file], 1, env); // fills the code cache
      lint.sizes[key] = cellOf(timeCli(['lint', file], n >= 100_000 ? 1 : n >= 10_000 ? 3 : 7, env), key, lintFaults);
      if (n <= 10_000) lintNoCa.sizes[key] = cellOf(timeCli(['lint', file], n >= 10_000 ? 3 : 7, withoutCa), '', []);
      timeCli(['format', '--check', '-f', 'github', file], 1, formatEnv); // fills the code cache
      formatCheck.sizes[key] = cellOf(
        timeCli(['format', '--check', '-f', 'github', file], n >= 100_000 ? 1 : n >= 10_000 ? 3 : 7, formatEnv),
        key,
        formatFaults,
      );
      timeCli(['format', '-'], 1, formatEnv, file); // fills the code cache
      formatStdin.sizes[key] = cellOf(
        timeCli(['format', '-'], n >= 100_000 ? 1 : n >= 10_000 ? 3 : 7, formatEnv, file),
        key,
        formatStdinFaults,
      );
      const warnings = join(dir, `warnings-${key}.svcsql`);
      writeFileSync(warnings, oneDiagnosticEach(n));
      streamed.sizes[key] = cellOf(timeCli(['lint', '-f', 'json', warnings], 1, env), key, streamedFaults);
      const statement = join(dir, `giant-${key}.svcsql`);
      writeFileSync(statement, oneGiantStatement(n));
      timeCli(['lint', statement], 1, giantEnv); // fills the code cache
      giant.sizes[key] = cellOf(timeCli(['lint', statement], n >= 100_000 ? 1 : 3, giantEnv), key, giantFaults);
      timeCli(['format', '--check', statement], 1, formatEnv); // fills the code cache
      giantFormat.sizes[key] = cellOf(timeCli(['format', '--check', statement], n >= 100_000 ? 1 : 3, formatEnv), key, giantFormatFaults);
    }
    nodeNoCa.sizes['1k'] = cellOf(timeNode(['-e', '0'], 7, withoutCa), '', []);
    const statusFaults: string[] = [];
    const status: BenchRow = {
      measure: 'whole-process `svcsql status ID` (code cache warm): a request of the local emulator',
      sizes: { '1k': cellOf(await timeStatus(dir), '', statusFaults) },
    };
    const server: BenchRow = {
      measure: 'language server: spawn → `initialize` answered (code cache warm; median of 9)',
      sizes: { '1k': { ms: await serverStart(9, { ...process.env, SVCSQL_CACHE_DIR: join(dir, 'cache-server') }) } },
      note: 'as the extension starts it (protocol/src/serverProcess.ts); its index workers start meanwhile',
    };
    const large: BenchRow[] = [];
    if (process.env.BENCH_LARGE === '1') {
      const big = join(dir, 'warnings-1M.svcsql');
      const text = oneDiagnosticEach(1_050_000);
      writeFileSync(big, text);
      streamed.sizes['1M'] = cellOf(timeCli(['lint', '-f', 'json', big], 1, env), '1M', streamedFaults);
      streamed.note = '1M: the issue’s 20 MB file, 1,050,000 diagnostics written';
      // Each of its statements is reformatted (a blank line between two): a change a statement.
      formatStdin.sizes['1M'] = cellOf(timeCli(['format', '-'], 1, formatEnv, big), '1M', formatStdinFaults);
      const rewritten = join(dir, 'rewritten-1M.svcsql');
      writeFileSync(rewritten, text);
      large.push({
        measure: 'whole-process `svcsql format -f github FILE` (the file rewritten, a notice a change): wall ms, peak RSS',
        sizes: { '1M': cellOf(timeCli(['format', '-f', 'github', rewritten], 1, formatEnv), '', []) },
        note: 'BENCH_LARGE=1 only: the issue’s 20 MB file, 1,050,000 changes',
      });
      // The longest statement the CLI takes is 16 MB (segments.ts): 700,000 values are 14 MB.
      const longest = join(dir, 'giant-700k.svcsql');
      writeFileSync(longest, oneGiantStatement(700_000));
      giant.sizes['1M'] = cellOf(timeCli(['lint', longest], 1, giantEnv), '1M', giantFaults);
      giantFormat.sizes['1M'] = cellOf(timeCli(['format', '--check', longest], 1, formatEnv), '1M', giantFormatFaults);
    }
    const faultNote = (faults: string[]) => (faults.length ? `minor page faults: ${faults.join(', ')}` : undefined);
    node.note = faultNote(floorFaults);
    started.note = faultNote(versionFaults);
    empty.note = faultNote(emptyFaults);
    status.note = ['runs under V8’s own flags and loads the HTTP client', faultNote(statusFaults)].filter(Boolean).join('; ');
    lint.note = faultNote(lintFaults);
    formatStdin.note = [
      'read whole as bytes, formatted and written piece by piece',
      ...(formatStdin.sizes['1M'] ? ['1M: the issue’s 20 MB file, a change a statement'] : []),
      faultNote(formatStdinFaults),
    ].join('; ');
    streamed.note = [streamed.note, faultNote(streamedFaults)].filter(Boolean).join('; ') || undefined;
    const longestNote = giant.sizes['1M'] ? ['20 MiB column: 700,000 values, 14 MB (a statement of up to 16 MB is taken)'] : [];
    giant.note = [
      'a problem a value, the first 1,000 listed and one more that counts the rest',
      ...longestNote,
      faultNote(giantFaults),
    ].join('; ');
    giantFormat.note = ['not formatted: one statement laid out again, a pair a line', ...longestNote, faultNote(giantFormatFaults)].join(
      '; ',
    );
    formatCheck.note = [
      'the whole file formatted and compared (the corpus is not formatted: an annotation per changed statement; the default list of paths stops at the first piece that changes)',
      faultNote(formatFaults),
    ].join('; ');
    return [
      node,
      started,
      empty,
      lint,
      nodeNoCa,
      lintNoCa,
      streamed,
      giant,
      giantFormat,
      formatCheck,
      formatStdin,
      ...large,
      status,
      server,
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Alone: `node out/bench/startup.js` prints its rows.
if (process.argv[1]?.endsWith('startup.js')) void measure().then((rows) => console.log(JSON.stringify(rows, null, 1)));
