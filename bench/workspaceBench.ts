// Figures of the workspace index (`npm run bench`): indexing a generated workspace of 1,000 files
// in the core and through the built server (time to the end of its work-done progress, heap), the
// open file's diagnostics while it indexes, and definition / references latency over LSP.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WorkspaceIndex, objectsOfText } from '../core/src/index';
import { rng } from './corpus';
import { LspClient } from './lspClient';
import { writeWorkspace } from './workspaceCorpus';

export interface BenchRow {
  what: string;
  value: string;
  target?: string;
}

const now = () => performance.now();
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

function svcsqlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...svcsqlFiles(p));
    else if (e.endsWith('.svcsql')) out.push(p);
  }
  return out.sort();
}

/** Child mode (fresh process, --expose-gc): the core index of the workspace, its time and retained heap. */
export function workspaceChild(dir: string): void {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const texts = svcsqlFiles(dir).map((p) => [relative(dir, p), readFileSync(p, 'utf8')] as const);
  gc();
  const before = process.memoryUsage().heapUsed;
  const t = now();
  const index = new WorkspaceIndex();
  for (const [id, text] of texts) index.setFile(id, id, objectsOfText(text));
  const took = now() - t;
  gc();
  const heap = process.memoryUsage().heapUsed - before;
  console.log(JSON.stringify({ ms: took, heap, ...index.stats() }));
}

export async function workspaceFigures(serverPath: string, benchPath: string, execArgv: string[]): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'svcsql-bench-ws-'));
  try {
    const ws = writeWorkspace(dir);
    const core = JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', benchPath, '--workspace-child', dir], { encoding: 'utf8' }),
    ) as Record<string, number>;
    rows.push({
      what: `workspace index, core: ${ws.files} files / ${mb(ws.bytes)} MB (${core.definitions} definitions, ${core.references} references): time / retained heap`,
      value: `${ms(core.ms!)} ms / ${mb(core.heap!)} MB`,
    });

    const c = new LspClient(serverPath, execArgv);
    try {
      const folder = { uri: pathToFileURL(dir).href, name: 'bench' };
      const ended = c.waitFor((m) => m.method === '$/progress' && (m.params as { value: { kind: string } }).value.kind === 'end', 300_000);
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
      rows.push({ what: 'server over LSP: initialize → indexing done (progress end), same workspace', value: `${ms(indexMs)} ms` });
      rows.push({ what: 'server over LSP: didOpen → diagnostics while the workspace is being indexed', value: `${ms(openMs)} ms` });
      await new Promise((r) => setTimeout(r, 300));
      const stats = await c.request<{ heapUsed: number; rss: number }>('svcsql/stats', null);
      rows.push({ what: 'server heap / RSS with the workspace indexed', value: `${mb(stats.heapUsed)} / ${mb(stats.rss)} MB` });

      // Definition and references on 200 names written anywhere in the workspace.
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
      let found = 0;
      for (const t of targets) {
        let s = now();
        const d = await c.request<unknown[] | null>('textDocument/definition', { textDocument: { uri: t.uri }, position: t.position });
        definition.push(now() - s);
        s = now();
        await c.request<unknown[] | null>('textDocument/references', {
          textDocument: { uri: t.uri },
          position: t.position,
          context: { includeDeclaration: true },
        });
        references.push(now() - s);
        if (d?.length) found++;
      }
      rows.push({
        what: `server over LSP: definition, p50 / p95 (200 names, ${found} with a definition)`,
        value: `${ms(pct(definition, 50))} / ${ms(pct(definition, 95))} ms`,
      });
      rows.push({
        what: 'server over LSP: references, p50 / p95 (200 names)',
        value: `${ms(pct(references, 50))} / ${ms(pct(references, 95))} ms`,
      });

      // Completion of the workspace's cluster names (500 of them) where a statement names a cluster.
      const open = pathToFileURL(join(dir, 'complete.svcsql')).href;
      const text = "CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a.py') CLUSTER = ";
      const opened = c.diagnosticsFor(open);
      c.notify('textDocument/didOpen', { textDocument: { uri: open, languageId: 'svcsql', version: 1, text } });
      await opened;
      const completion: number[] = [];
      let offered = 0;
      for (let i = 0; i < 100; i++) {
        const s = now();
        const items = await c.request<{ label: string }[] | { items: { label: string }[] }>('textDocument/completion', {
          textDocument: { uri: open },
          position: { line: 0, character: text.length },
        });
        completion.push(now() - s);
        offered = (Array.isArray(items) ? items : items.items).filter((x) => x.label.startsWith("'etl_")).length;
      }
      rows.push({
        what: `server over LSP: completion of workspace names, p50 / p95 (100 requests, ${offered} clusters offered)`,
        value: `${ms(pct(completion, 50))} / ${ms(pct(completion, 95))} ms`,
        target: 'p95 < 20 ms',
      });
    } finally {
      await c.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
