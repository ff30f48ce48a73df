// Figures of the workspace index (`npm run bench`): a generated workspace of 100 / 1,000 / 10,000
// files (~10 KB each) indexed by the core alone (fresh process: time, peak memory) and by the built
// server (initialize → the end of its work-done progress, the server's peak memory); at 1,000
// files also the open file's diagnostics while it indexes and definition / references / completion
// latency over LSP.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WorkspaceIndex, objectsOfText } from '../core/src/index';
import type { BenchRow } from './benchRow';
import { rng } from './corpus';
import { SERVER_EXEC_ARGV } from '../protocol/src/serverProcess';
import { LspClient } from './lspClient';
import { cpuMsOf, faultsOf, now, pct, peakMBOf, threadCpuMsOf } from './stats';
import { writeWorkspace } from './workspaceCorpus';

const serverPath = join(__dirname, '..', 'server.js');
const FILE_SIZES: readonly [string, number][] = [
  ['100 files', 100],
  ['1,000 files', 1000],
  ['10,000 files', 10000],
];
/** BENCH_WORKSPACE_FILES=1000 (or 100,1000): only those sizes, for profiling one (`--cpu-prof` via NODE_OPTIONS). */
const ONLY_FILES = process.env.BENCH_WORKSPACE_FILES?.split(',').map(Number);
/** BENCH_SERVER_ARGV='--cpu-prof --cpu-prof-dir=prof': more flags for the server (profiling; not allowed in NODE_OPTIONS). */
const SERVER_ARGV = [...SERVER_EXEC_ARGV, ...(process.env.BENCH_SERVER_ARGV?.split(' ').filter(Boolean) ?? [])];

function svcsqlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...svcsqlFiles(p));
    else if (e.endsWith('.svcsql')) out.push(p);
  }
  return out.sort();
}

/** Child mode (fresh process): the core index of the workspace, its time and the process's peak memory. */
export function workspaceChild(dir: string): void {
  // Read before the clock starts, kept as bytes outside the JavaScript heap and decoded one at a
  // time, as the server reads them: the index is not charged for a heap holding every file's text.
  const files = svcsqlFiles(dir).map((p) => [relative(dir, p), readFileSync(p)] as const);
  const t = now();
  const index = new WorkspaceIndex();
  for (const [id, bytes] of files) index.setFile(id, id, objectsOfText(bytes.toString('utf8')));
  const took = now() - t;
  console.log(JSON.stringify({ ms: took, peakMB: process.resourceUsage().maxRSS / 1024, ...index.stats() }));
}

interface ServerRun {
  indexMs: number;
  peakMB: number;
  openMs: number;
  /** The server's CPU time from its start to the end of indexing, all threads (its index workers too). */
  cpuMs: number;
  /** The part of it on the server's own thread (LSP, the walk, putting each file's objects into the index). */
  mainCpuMs: number;
  /** Its minor page faults over the same time. */
  faults: number;
}

async function serverIndex(dir: string, extra?: (c: LspClient) => Promise<void>): Promise<ServerRun> {
  const c = new LspClient(serverPath, SERVER_ARGV);
  try {
    const folder = { uri: pathToFileURL(dir).href, name: 'bench' };
    const ended = c.waitFor((m) => m.method === '$/progress' && (m.params as { value: { kind: string } }).value.kind === 'end', 600_000);
    const t0 = now();
    await c.initialize(
      { diagnosticsDelayMs: 0 },
      { workspaceFolders: [folder], capabilities: { window: { workDoneProgress: true }, workspace: { workspaceFolders: true } } },
    );
    // An open file's diagnostics while the workspace is being indexed.
    const uri = pathToFileURL(join(dir, 'open.svcsql')).href;
    const got = c.diagnosticsFor(uri);
    const t1 = now();
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'svcsql', version: 1, text: "ALTER OCU SET LIMIT = '3'" } });
    await got;
    const openMs = now() - t1;
    await ended;
    const indexMs = now() - t0;
    const peakMB = peakMBOf(c.child.pid!);
    const cpuMs = cpuMsOf(c.child.pid!);
    const mainCpuMs = threadCpuMsOf(c.child.pid!);
    const faults = faultsOf(c.child.pid!);
    if (extra) await extra(c);
    return { indexMs, peakMB, openMs, cpuMs, mainCpuMs, faults };
  } finally {
    await c.close();
  }
}

/** Definition, references and completion of workspace names over LSP, on an indexed workspace. */
async function latencies(c: LspClient, dir: string): Promise<BenchRow[]> {
  const r = rng(5);
  const files = svcsqlFiles(dir);
  const targets: { uri: string; position: { line: number; character: number } }[] = [];
  while (targets.length < 200) {
    const file = files[Math.floor(r() * files.length)]!;
    const objects = objectsOfText(readFileSync(file, 'utf8'));
    const o = objects.length ? objects.at(Math.floor(r() * objects.length)) : undefined;
    if (o) targets.push({ uri: pathToFileURL(file).href, position: { line: o.line, character: o.character + 1 } });
  }
  const definition: number[] = [];
  const references: number[] = [];
  for (const t of targets) {
    let s = now();
    await c.request<unknown[] | null>('textDocument/definition', { textDocument: { uri: t.uri }, position: t.position });
    definition.push(now() - s);
    s = now();
    await c.request('textDocument/references', {
      textDocument: { uri: t.uri },
      position: t.position,
      context: { includeDeclaration: true },
    });
    references.push(now() - s);
  }
  const open = pathToFileURL(join(dir, 'complete.svcsql')).href;
  const text = "CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a.py') CLUSTER = ";
  const opened = c.diagnosticsFor(open);
  c.notify('textDocument/didOpen', { textDocument: { uri: open, languageId: 'svcsql', version: 1, text } });
  await opened;
  // A pause, as a user's between typing two things: the server's idle work reads the workspace's
  // names for completion (server/src/workspace/workspaceNames.ts: syncSteps) before the first asks.
  await new Promise((r) => setTimeout(r, 1000));
  const firstStart = now();
  await c.request('textDocument/completion', { textDocument: { uri: open }, position: { line: 0, character: text.length } });
  const first = now() - firstStart;
  const completion: number[] = [];
  for (let i = 0; i < 100; i++) {
    const s = now();
    await c.request('textDocument/completion', { textDocument: { uri: open }, position: { line: 0, character: text.length } });
    completion.push(now() - s);
  }
  const at = (xs: number[]) => ({ '1,000 files': { ms: pct(xs, 95) } });
  return [
    { measure: 'workspace: definition p95 (200 names)', sizes: at(definition) },
    { measure: 'workspace: references p95 (200 names)', sizes: at(references) },
    { measure: 'workspace: completion of workspace names p95 (500 clusters)', sizes: at(completion) },
    { measure: 'workspace: the first completion of workspace names, after 1 s idle', sizes: { '1,000 files': { ms: first } } },
  ];
}

export async function measure(): Promise<BenchRow[]> {
  const core: BenchRow['sizes'] = {};
  const server: BenchRow['sizes'] = {};
  const openWhile: BenchRow['sizes'] = {};
  const serverCpu: BenchRow['sizes'] = {};
  const serverFaults: string[] = [];
  const serverMainCpu: string[] = [];
  let extra: BenchRow[] = [];
  let megabytes = '';
  for (const [key, files] of FILE_SIZES) {
    if (ONLY_FILES && !ONLY_FILES.includes(files)) continue;
    const dir = mkdtempSync(join(tmpdir(), 'svcsql-bench-ws-'));
    try {
      const ws = writeWorkspace(dir, files);
      if (files === 1000) megabytes = `${(ws.bytes / 1e6).toFixed(1)} MB`;
      const got = JSON.parse(
        execFileSync(process.execPath, [process.argv[1]!, '--workspace-child', dir], { encoding: 'utf8', maxBuffer: 1 << 20 }),
      ) as { ms: number; peakMB: number };
      core[key] = { ms: got.ms, peakMB: got.peakMB };
      const run = await serverIndex(dir, files === 1000 ? async (c) => void (extra = await latencies(c, dir)) : undefined);
      server[key] = { ms: run.indexMs, peakMB: run.peakMB };
      openWhile[key] = { ms: run.openMs };
      serverCpu[key] = { ms: run.cpuMs };
      serverFaults.push(`${key} ${run.faults.toLocaleString('en-US')}`);
      serverMainCpu.push(`${key} ${Math.round(run.mainCpuMs).toLocaleString('en-US')} ms`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return [
    { measure: 'workspace index, core alone (fresh process)', sizes: core, note: `~10 KB files; 1,000 files = ${megabytes}` },
    { measure: 'workspace index, LSP: initialize → indexing done', sizes: server, note: 'target ≤ 500 ms at 1,000 files' },
    {
      measure: 'workspace index, LSP: server CPU time to indexing done',
      sizes: serverCpu,
      note: `all threads (index workers: server/src/host/indexWorkers.ts); wall time above is lower with more cores; of it on the server's own thread (its start, the walk, each file's objects put into the index, its part of garbage collection): ${serverMainCpu.join(', ')}; minor page faults: ${serverFaults.join(', ')}`,
    },
    { measure: 'workspace: didOpen → diagnostics while indexing', sizes: openWhile },
    ...extra,
  ];
}
