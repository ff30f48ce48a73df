// Throughput and latency of the language core and of the built server over LSP, at 1,000, 10,000
// and 100,000 statements (issue 18): full analysis warm and cold (first call in a fresh process),
// open → first diagnostics, keystroke → diagnostics and completion p50 / p95.
// `npm run bench` prints these rows in its table; `node out/bench/throughput.js` prints them alone.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eachStatement } from '../core/src/document/index';
import { analyze } from '../core/src/index';
import { resolveStatement } from '../core/src/model/resolve';
import { heads } from '../core/src/statementAnalysis';
import { parseChunk, parseWork } from '../core/src/syntax/parseStatement';
import type { BenchRow } from './benchRow';
import { asCliProcess, runChildUnderCliFlags, UNDER_CLI_FLAGS } from './cliFlagsChild';
import { buildCorpus } from './corpus';
import { completionTimes, openAndType } from './lspSession';
import { now, pct } from './stats';

const SIZES: Record<string, number> = { '1k': 1000, '10k': 10000, '100k': 100000 };
const CHILD = 'SVCSQL_BENCH_THROUGHPUT_CHILD';
/** With CHILD: the phases to run instead of the whole analysis (see PHASES). */
const PHASE = 'SVCSQL_BENCH_THROUGHPUT_PHASE';

/**
 * The first call's phases alone, each a fresh process that stops after it (cumulative): where the
 * first call's time goes. What the whole call adds to the last is validation, the analysis objects
 * and the diagnostics' positions.
 */
const PHASES = {
  split: 'the scan and the split',
  parse: 'scan, split and parse',
  resolve: 'scan, split, parse and resolution',
} as const;
type Phase = keyof typeof PHASES;

/** The phases of analyze(text) up to `phase`, as it runs them: the same walk, without validating. */
function phasesOf(text: string, phase: Phase): void {
  eachStatement(text, (tokens, first, last) => {
    if (phase === 'split') return;
    const parsed = parseChunk(tokens.buf, first, last, tokens.texts, tokens.tokensOf);
    if (phase === 'resolve') resolveStatement(parsed, heads);
  });
}

const round = (x: number) => (x < 10 ? Math.round(x * 100) / 100 : Math.round(x));
const mbps = (bytes: number, ms: number) => (bytes / 1e6 / (ms / 1000)).toFixed(1);

// Child mode (this same bundle, run again): one first-call analysis in a fresh process.
if (process.env[CHILD]) {
  const text = asCliProcess(() => buildCorpus(Number(process.env[CHILD])));
  const phase = process.env[PHASE] as Phase | undefined;
  const faults = process.resourceUsage().minorPageFault;
  const t = now();
  if (phase) phasesOf(text, phase);
  else analyze(text);
  const ms = now() - t;
  process.stdout.write(
    JSON.stringify({ ms, bytes: text.length, antlr: parseWork.antlr, faults: process.resourceUsage().minorPageFault - faults }) + '\n',
  );
  process.exit(0);
}

/**
 * `antlr`: statements the ANTLR parser parsed (the others took the hand-written path). The child runs
 * under the CLI's V8 flags, as `svcsql lint` runs the analysis (cliFlagsChild.ts).
 */
function coldAnalysis(n: number, phase?: Phase): { ms: number; bytes: number; antlr: number; faults: number } {
  const out = runChildUnderCliFlags([process.argv[1]!], { ...process.env, [CHILD]: String(n), ...(phase ? { [PHASE]: phase } : {}) });
  return JSON.parse(out.trim().split('\n').pop()!) as { ms: number; bytes: number; antlr: number; faults: number };
}

/**
 * The first analysis in a process whose code V8 takes from the code cache an earlier run wrote, as
 * the CLI and the server run (firstCallCached.ts); coldAnalysis compiles it from the bundle's text,
 * as the first run after an install or an upgrade does.
 */
function cachedFirstCall(text: string): number {
  const dir = mkdtempSync(join(tmpdir(), 'svcsql-bench-first-call-'));
  try {
    copyFileSync(join(__dirname, 'firstCallChild.js'), join(dir, 'firstCallChild.js'));
    // The name of the bundle's entry in the cache folder (scripts/bundle.mjs writes the CLI's).
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ firstCallChild: 'bench' }));
    const input = join(dir, 'corpus.svcsql');
    writeFileSync(input, text);
    const run = () => {
      const out = execFileSync(process.execPath, [join(__dirname, 'firstCallCached.js'), dir, join(dir, 'cache')], {
        encoding: 'utf8',
        env: { ...process.env, SVCSQL_BENCH_FIRST_CALL_FILE: input },
      });
      const [child, loaded] = out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { ms?: number; cache?: string });
      return { ms: child!.ms!, cache: loaded!.cache! };
    };
    run();
    const measured = middleOf3(run);
    if (measured.cache !== 'hit') throw new Error(`the first call through the code cache found it ${measured.cache}`);
    return measured.ms;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The run of median time of three: a first call in a fresh process varies by a tenth from run to run
 * on a shared machine (single runs of the 10k first call: 109 to 184 ms in one hour).
 */
function middleOf3<T extends { ms: number }>(run: () => T): T {
  return [run(), run(), run()].sort((a, b) => a.ms - b.ms)[1]!;
}

/** Warm-up before a warm figure: runs for this long (at least twice), so that V8 has optimised what the analysis runs. */
const WARM_UP_MS = 1000;

/** `statements`: the statements are read too (analyze() makes them on first read). */
function warmAnalysis(text: string, reps: number, statements = false): number {
  const run = () => {
    const a = analyze(text);
    if (statements) void a.statements;
  };
  // One warm-up run left the 10k figure half-way to steady state (V8 was still optimising).
  const warmUntil = now() + WARM_UP_MS;
  for (let i = 0; i < 2 || now() < warmUntil; i++) run();
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t = now();
    run();
    times.push(now() - t);
  }
  return pct(times, 50);
}

interface ServerFigures {
  open: number;
  keystroke: number[];
  completion: number[];
}

async function serverFigures(serverPath: string, text: string, edits: number): Promise<ServerFigures> {
  const { client: c, uri, open, keystroke, mirror } = await openAndType(serverPath, text, edits, 300000);
  try {
    const { times: completion } = await completionTimes(c, uri, mirror, edits, 8);
    return { open, keystroke, completion };
  } finally {
    await c.close();
  }
}

/** `lsp: false`: the analysis rows only (`npm run bench` takes the LSP rows from lspBench.ts, which measures them once). */
export async function measure(options: { lsp?: boolean } = {}): Promise<BenchRow[]> {
  const serverPath = join(__dirname, '..', 'server.js');
  const warm: BenchRow = { measure: 'full analysis, warm (median)', sizes: {} };
  const warmRead: BenchRow = { measure: 'full analysis + statements read, warm (median)', sizes: {} };
  const cold: BenchRow = { measure: 'full analysis, first call in a process (median of 3)', sizes: {} };
  const cachedCold: BenchRow = { measure: 'full analysis, first call in a process, its code from the code cache (median of 3)', sizes: {} };
  const open: BenchRow = { measure: 'LSP: open → first diagnostics', sizes: {}, note: 'target ≤ 150 ms at 10k' };
  const key50: BenchRow = { measure: 'LSP: keystroke → diagnostics p50', sizes: {} };
  const key95: BenchRow = { measure: 'LSP: keystroke → diagnostics p95', sizes: {}, note: 'target ≤ 10 ms' };
  const comp50: BenchRow = { measure: 'LSP: completion p50', sizes: {} };
  const comp95: BenchRow = { measure: 'LSP: completion p95', sizes: {}, note: 'target ≤ 5 ms' };
  const warmRates: string[] = [];
  const warmReadRates: string[] = [];
  const coldRates: string[] = [];
  const antlrParses: string[] = [];
  const coldFaults: string[] = [];
  const cachedColdRates: string[] = [];
  const phaseRows = Object.entries(PHASES).map(([phase, words]) => ({
    phase: phase as Phase,
    row: { measure: `full analysis, first call in a process: ${words} alone (median of 3)`, sizes: {} } as BenchRow,
  }));
  for (const [size, n] of Object.entries(SIZES)) {
    const text = buildCorpus(n);
    const w = warmAnalysis(text, n >= 100000 ? 3 : 7);
    warm.sizes[size] = { ms: round(w) };
    warmRates.push(`${size} ${mbps(text.length, w)}`);
    const wr = warmAnalysis(text, n >= 100000 ? 3 : 7, true);
    warmRead.sizes[size] = { ms: round(wr) };
    warmReadRates.push(`${size} ${mbps(text.length, wr)}`);
    const c = middleOf3(() => coldAnalysis(n));
    cold.sizes[size] = { ms: round(c.ms) };
    coldRates.push(`${size} ${mbps(c.bytes, c.ms)}`);
    antlrParses.push(`${size} ${c.antlr}`);
    coldFaults.push(`${size} ${c.faults.toLocaleString('en-US')}`);
    for (const { phase, row } of phaseRows) row.sizes[size] = { ms: round(middleOf3(() => coldAnalysis(n, phase)).ms) };
    const cc = cachedFirstCall(text);
    cachedCold.sizes[size] = { ms: round(cc) };
    cachedColdRates.push(`${size} ${mbps(text.length, cc)}`);
    if (options.lsp === false) continue;
    const s = await serverFigures(serverPath, text, n >= 100000 ? 100 : 200);
    open.sizes[size] = { ms: round(s.open) };
    key50.sizes[size] = { ms: round(pct(s.keystroke, 50)) };
    key95.sizes[size] = { ms: round(pct(s.keystroke, 95)) };
    comp50.sizes[size] = { ms: round(pct(s.completion, 50)) };
    comp95.sizes[size] = { ms: round(pct(s.completion, 95)) };
  }
  warm.note = `MB/s: ${warmRates.join(', ')} (target ≥ 25 at 10k)`;
  warmRead.note = `MB/s: ${warmReadRates.join(', ')}`;
  cold.note = `MB/s: ${coldRates.join(', ')} (target ≥ 10); ${UNDER_CLI_FLAGS}; statements parsed by ANTLR: ${antlrParses.join(', ')}; minor page faults during the call: ${coldFaults.join(', ')}`;
  cachedCold.note = `MB/s: ${cachedColdRates.join(', ')}; as the CLI and the language server run: V8 takes the compiled code an earlier run left in the code cache (launch/src/codeCache.ts), where the first-call row compiles it from the bundle's text (the first run after an install); the corpus read from a file, under the CLI's flags`;
  phaseRows[phaseRows.length - 1]!.row.note =
    "each a fresh process under the same flags that stops after these phases; the whole first call (above) adds validation, the analysis objects and the diagnostics' positions to the last";
  const phases = phaseRows.map((p) => p.row);
  return options.lsp === false
    ? [warm, warmRead, cold, ...phases, cachedCold]
    : [warm, warmRead, cold, ...phases, cachedCold, open, key50, key95, comp50, comp95];
}

// Run alone: node out/bench/throughput.js
if (/throughput\.js$/.test(process.argv[1] ?? '')) {
  void measure().then((rows) => {
    console.log('| measure | 1k | 10k | 100k | note |\n|---|---|---|---|---|');
    for (const r of rows)
      console.log(`| ${r.measure} | ${['1k', '10k', '100k'].map((k) => `${r.sizes[k]?.ms ?? ''} ms`).join(' | ')} | ${r.note ?? ''} |`);
  });
}
