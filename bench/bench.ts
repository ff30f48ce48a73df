// `npm run bench`: one table of time and peak memory at 1,000 / 10,000 / 100,000 statements (and
// 100 / 1,000 / 10,000 files for the workspace index), with a growth column: the time at the
// largest size ÷ the time at the middle one (≤ 12 for work linear in the input, ~100 if quadratic).
// Each measure lives in a module exporting `measure(): Promise<BenchRow[]>` (bench/benchRow.ts);
// add a module with one import and one line in MODULES. Writes bench/results.md.
// Not a test: figures vary with the machine; the targets are in the notes.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './benchRow';
import { freshPageMicros } from './pageCost';
import { formatChild, measure as format } from './formatBench';
import { measure as lsp } from './lspBench';
import { measure as startup } from './startup';
import { measure as throughput } from './throughput';
import { measure as workspace, workspaceChild } from './workspaceBench';

/**
 * [key, what it measures, its rows]: run in this order; a module that fails costs its own rows.
 * `--only KEY` runs one (or those whose description holds the word). The LSP rows (open,
 * keystroke, completion) come from lspBench alone: throughput.ts measured them a second time.
 */
const MODULES: [string, string, () => Promise<BenchRow[]>][] = [
  ['startup', 'whole-process svcsql lint (start-up, peak memory)', startup],
  ['throughput', 'analysis throughput, warm and cold', () => throughput({ lsp: false })],
  ['lsp', 'language server (open, keystroke, completion, svcsql/statements)', lsp],
  ['format', 'formatter', format],
  ['workspace', 'workspace index', workspace],
];

/** How to run it, written above the table (results.md is rewritten whole by a full run). */
const HOW = [
  'Run: `npm run bench` (builds, then every module: about 2 minutes on a quiet 2-core machine, after the build; run it',
  'alone, the figures are wall-clock). One module: `npm run build && node out/bench/bench.js --only KEY`',
  `with KEY one of ${MODULES.map(([key]) => `\`${key}\``).join(', ')} (prints its rows; results.md is left as it is).`,
  "`BENCH_LARGE=1` adds the issue's 20 MB file (1,050,000 statements, a problem each) to the startup module: lint, `format -` and `format -f github FILE`; and one statement of 14 MB (700,000 values): lint and `format --check`.",
].join('\n');

/**
 * Columns: the statement sizes, the 20 MiB file, and the file counts of the workspace rows. The
 * issue's 20 MB file of a problem a statement (`1M`, BENCH_LARGE=1; and a 14 MB statement) goes in the 20 MiB column; the
 * rows that have it say so.
 */
const COLUMNS: [string, string[]][] = [
  ['1k statements · 100 files', ['1k', '100 files']],
  ['10k · 1,000 files', ['10k', '1,000 files']],
  ['100k · 10,000 files', ['100k', '10,000 files']],
  ['20 MiB (~290k)', ['20 MiB', '1M']],
];

const fmtMs = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));

function cell(row: BenchRow, keys: string[]): string {
  const key = keys.find((k) => row.sizes[k]);
  const v = key ? row.sizes[key] : undefined;
  if (!v) return '';
  return `${fmtMs(v.ms)} ms${v.peakMB !== undefined ? ` · ${v.peakMB.toFixed(0)} MB` : ''}`;
}

/** Time at the largest of the three sizes ÷ time at the middle one. */
function growth(row: BenchRow): string {
  const mid = row.sizes['10k'] ?? row.sizes['1,000 files'];
  const big = row.sizes['100k'] ?? row.sizes['10,000 files'];
  return mid && big && mid.ms > 0 ? `${(big.ms / mid.ms).toFixed(1)}×` : '';
}

export function table(rows: readonly BenchRow[]): string {
  return [
    `| measure | ${COLUMNS.map(([title]) => title).join(' | ')} | growth (×10 input) | note |`,
    `|---|${COLUMNS.map(() => '---|').join('')}---|---|`,
    ...rows.map(
      (row) => `| ${row.measure} | ${COLUMNS.map(([, keys]) => cell(row, keys)).join(' | ')} | ${growth(row)} | ${row.note ?? ''} |`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const loadAtStart = loadavg()[0]!.toFixed(1);
  const pageMicros = freshPageMicros();
  const started = performance.now();
  const rows: BenchRow[] = [];
  const failed: string[] = [];
  const only = arg('--only');
  const took: string[] = [];
  for (const [key, what, measure] of MODULES) {
    if (only && key !== only && !what.includes(only)) continue;
    process.stderr.write(`bench: ${what}…\n`);
    const t = performance.now();
    try {
      rows.push(...(await measure()));
    } catch (e) {
      failed.push(`${what}: ${e instanceof Error ? e.message : String(e)}`);
    }
    took.push(`${key} ${((performance.now() - t) / 60000).toFixed(1)} min`);
    process.stderr.write(`bench: ${key} took ${((performance.now() - t) / 1000).toFixed(0)} s\n`);
  }
  const minutes = ((performance.now() - started) / 60000).toFixed(1);
  const out = [
    HOW,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}; load average ${loadAtStart} at start, ${loadavg()[0]!.toFixed(1)} at end (the machine is shared: wall-clock figures); a first write to a fresh 4 KB page (a minor page fault) costs ${pageMicros.toFixed(1)} µs here (bench/pageCost.ts). ${minutes} min (${took.join(', ')}).`,
    'Inputs: bench/corpus.ts (every catalog statement, varied; ~10% with a mistake), bench/workspaceCorpus.ts (~10 KB files).',
    'Cells: time · peak memory (the resident set of the process measured: the server over LSP, a fresh process for the core).',
    '',
    table(rows),
    ...(failed.length ? ['', ...failed.map((f) => `Failed: ${f}`)] : []),
  ].join('\n');
  console.log(out);
  if (!only) writeFileSync(join(__dirname, '..', '..', 'bench', 'results.md'), `# Benchmark (\`npm run bench\`)\n\n${out}\n`);
  if (failed.length) process.exitCode = 1;
}

const arg = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const workspaceDir = arg('--workspace-child');
const formatCount = arg('--format-child');
if (workspaceDir) workspaceChild(workspaceDir);
else if (formatCount) formatChild(Number(formatCount));
else
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
