// `npm run bench`: throughput, keystroke and completion latency, memory and start-up of the
// language core and of the built server over LSP. Prints one table and writes bench/results.md.
// Not a test: figures vary with the machine; the targets are in the issue and in the table.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { SvcSqlDocument, analyze, complete, formatText } from '../core/src/index';
import { Token } from 'antlr4ng';
import { SvcSqlLexer, lex } from '../core/src/syntax/lex';
import { Utf16CharStream } from '../core/src/text/utf16CharStream';
import { buildCorpus, rng } from './corpus';
import { LspClient } from './lspClient';
import { workspaceChild, workspaceFigures } from './workspaceBench';
export { measure as startupBench } from './startup';

const SIZES = [100, 1000, 10000];
const loadAtStart = loadavg()[0]!.toFixed(1);
const root = join(__dirname, '..', '..');
const serverPath = join(root, 'out', 'server.js');

const now = () => performance.now();
function time(f: () => unknown): number {
  const t = now();
  f();
  return now() - t;
}
function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
const median = (xs: number[]) => pct(xs, 50);
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const mb = (bytes: number) => bytes / 1e6;

/**
 * Lexing that keeps no token: the ceiling without the cost of holding a file's tokens, which
 * lex() (an array of every token) pays in garbage collection on a large file.
 */
function lexStreamed(text: string): number {
  const lexer = new SvcSqlLexer(new Utf16CharStream(text));
  lexer.removeErrorListeners();
  let n = 0;
  while (lexer.nextToken().type !== Token.EOF) n++;
  return n;
}

/** Child mode: one cold measurement in a fresh process. */
function child(mode: string, n: number): void {
  const text = buildCorpus(n);
  if (mode === 'cold-lex') console.log(JSON.stringify({ ms: time(() => lex(text)) }));
  else if (mode === 'cold-analyze') console.log(JSON.stringify({ ms: time(() => analyze(text)) }));
  else if (mode === 'cold-format' || mode === 'input-only') {
    // Peak memory of a process that formats the file (as `svcsql format` does), against one that
    // only builds the input; then the heap still held with the output alive.
    const gc = (globalThis as { gc?: () => void }).gc!;
    const t = now();
    const out = mode === 'cold-format' ? formatText(text) : '';
    const took = now() - t;
    const maxRss = process.resourceUsage().maxRSS * 1024;
    gc();
    console.log(JSON.stringify({ ms: took, maxRss, heap: process.memoryUsage().heapUsed, outLength: out.length }));
  } else if (mode === 'heap') {
    const gc = (globalThis as { gc?: () => void }).gc!;
    gc();
    const before = process.memoryUsage().heapUsed;
    const doc = new SvcSqlDocument(text);
    doc.diagnostics();
    gc();
    const after = process.memoryUsage().heapUsed;
    console.log(JSON.stringify({ total: after, doc: after - before, len: doc.statements().length }));
  }
}

function cold(mode: string, n: number, extra: string[] = []): Record<string, number> {
  return JSON.parse(execFileSync(process.execPath, [...extra, __filename, '--child', mode, String(n)], { encoding: 'utf8' })) as Record<
    string,
    number
  >;
}

/** A position a little around the middle of the text, on a random line, column within the line. */
function middlePosition(doc: SvcSqlDocument, r: () => number) {
  const lines = doc.lines;
  const line = Math.floor(lines.lineCount / 2 + (r() - 0.5) * 200);
  const length = lines.offsetAt({ line, character: 1e9 }) - lines.lineStarts[line]!;
  return { line, character: Math.floor(r() * (length + 1)) };
}

/** Caret positions inside statements (and just after them), anywhere in the file. */
function caretPositions(doc: SvcSqlDocument, count: number, r: () => number) {
  const statements = doc.statements();
  const out = [];
  for (let i = 0; i < count; i++) {
    const s = statements[Math.floor(r() * statements.length)]!;
    out.push(doc.lines.positionAt(s.start + Math.floor(r() * (s.end - s.start + 1))));
  }
  return out;
}

interface Row {
  what: string;
  value: string;
  target?: string;
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const texts = new Map(SIZES.map((n) => [n, buildCorpus(n)]));

  // Throughput: lexing alone is the ceiling a full analysis is compared with; lex() (every token
  // in an array, as the "lexing alone"), and a lexer whose tokens are dropped at once.
  const throughput: string[] = [
    '| input | bytes | statements | lex cold ms | lex warm ms | lex warm MB/s | analysis cold ms | analysis warm ms | analysis warm stmt/s | analysis warm MB/s | analysis / lex | streamed lex warm ms | analysis / streamed lex |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  let bigRatio = 0;
  for (const n of SIZES) {
    const text = texts.get(n)!;
    const statements = analyze(text).statements.length;
    const lexCold = cold('cold-lex', n).ms!;
    const anaCold = cold('cold-analyze', n).ms!;
    const reps = n >= 10000 ? 7 : 15;
    for (let i = 0; i < 3; i++) {
      lex(text);
      analyze(text);
      lexStreamed(text);
    }
    const lexWarm = median(Array.from({ length: reps }, () => time(() => lex(text))));
    const anaWarm = median(Array.from({ length: reps }, () => time(() => analyze(text))));
    const streamedWarm = median(Array.from({ length: reps }, () => time(() => lexStreamed(text))));
    const ratio = lexWarm / anaWarm;
    if (n === 10000) bigRatio = ratio;
    throughput.push(
      `| ${n} statements | ${text.length} | ${statements} | ${ms(lexCold)} | ${ms(lexWarm)} | ${(mb(text.length) / (lexWarm / 1000)).toFixed(1)} | ${ms(anaCold)} | ${ms(anaWarm)} | ${Math.round(statements / (anaWarm / 1000))} | ${(mb(text.length) / (anaWarm / 1000)).toFixed(1)} | ${(ratio * 100).toFixed(0)}% | ${ms(streamedWarm)} | ${((streamedWarm / anaWarm) * 100).toFixed(0)}% |`,
    );
  }
  rows.push({
    what: 'warm full analysis throughput / lexing throughput (10,000 statements)',
    value: `${(bigRatio * 100).toFixed(0)}%`,
    target: '≥ 60%',
  });

  // Keystrokes on the 10,000-statement file: type a character, then delete it, around the middle.
  const big = texts.get(10000)!;
  const doc = new SvcSqlDocument(big);
  doc.diagnostics();
  const r = rng(42);
  const incremental: number[] = [];
  for (let i = 0; i < 200; i++) {
    const at = middlePosition(doc, r);
    const ch = "x;( \n'"[i % 6]!;
    incremental.push(time(() => (doc.update([{ range: { start: at, end: at }, text: ch }]), doc.diagnostics())));
    doc.update([{ range: { start: at, end: doc.lines.positionAt(doc.lines.offsetAt(at) + 1) }, text: '' }]);
    doc.diagnostics();
  }
  const full: number[] = [];
  for (let i = 0; i < 15; i++) {
    const at = middlePosition(doc, r);
    full.push(time(() => (doc.update([{ range: { start: at, end: at }, text: 'x' }]), new SvcSqlDocument(doc.text).diagnostics())));
  }
  rows.push({
    what: 'keystroke → diagnostics, incremental, p50 / p95 (200 edits)',
    value: `${ms(median(incremental))} / ${ms(pct(incremental, 95))} ms`,
    target: 'p95 < 10 ms',
  });
  rows.push({
    what: 'keystroke → diagnostics, full reanalysis, p50 / p95 (15 edits)',
    value: `${ms(median(full))} / ${ms(pct(full, 95))} ms`,
  });
  rows.push({ what: 'full / incremental (p50)', value: `${(median(full) / median(incremental)).toFixed(0)}×` });

  const carets = caretPositions(doc, 200, rng(7));
  for (const p of carets.slice(0, 20)) complete(doc, p);
  const completion = carets.map((p) => time(() => complete(doc, p)));
  rows.push({
    what: 'completion, p50 / p95 (200 carets)',
    value: `${ms(median(completion))} / ${ms(pct(completion, 95))} ms`,
    target: 'p95 < 20 ms',
  });

  // The formatter on the 10,000-statement file: warm (median of 3 here) and in a fresh process.
  for (let i = 0; i < 2; i++) formatText(texts.get(1000)!);
  const formatWarm = [0, 1, 2].map(() => time(() => formatText(big)));
  const formatCold = cold('cold-format', 10000, ['--expose-gc']);
  const inputOnly = cold('input-only', 10000, ['--expose-gc']);
  rows.push({
    what: 'format the 10,000-statement file, warm (median of 3) / cold process',
    value: `${ms(median(formatWarm))} / ${ms(formatCold.ms!)} ms`,
  });
  rows.push({
    what: 'format it: peak RSS of the process / of one that only builds the input; heap held after (output alive)',
    value: `${mb(formatCold.maxRss!).toFixed(0)} / ${mb(inputOnly.maxRss!).toFixed(0)} MB; ${mb(formatCold.heap!).toFixed(0)} MB`,
  });

  const heap = cold('heap', 10000, ['--expose-gc']);
  rows.push({
    what: 'core heap with the 10,000-statement file open (whole process / the document)',
    value: `${mb(heap.total!).toFixed(0)} / ${mb(heap.doc!).toFixed(0)} MB`,
  });

  // The built server over stdio.
  const lsp = await serverFigures(big, texts.get(100)!);
  rows.push(...lsp);

  // The workspace index: 1,000 files.
  rows.push(...(await workspaceFigures(serverPath, __filename, SERVER_EXEC_ARGV)));

  const table = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load average at start ${loadAtStart}, at end ${loadavg()[0]!.toFixed(1)} (other work shares the machine: figures are wall-clock medians). Inputs: bench/corpus.ts (every catalog statement, varied; ~10% with a mistake).`,
    '',
    ...throughput,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    ...rows.map((row) => `| ${row.what} | ${row.value} | ${row.target ?? ''} |`),
  ].join('\n');
  console.log(table);
  writeFileSync(join(root, 'bench', 'results.md'), `# Benchmark (\`npm run bench\`)\n\n${table}\n`);
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** The extension starts the server with these flags (client/src/languageClient.ts). */
const SERVER_EXEC_ARGV = ['--max-semi-space-size=32'];

async function serverFigures(big: string, small: string): Promise<Row[]> {
  const rows: Row[] = [];
  // Start-up to first diagnostics on a 100-statement file.
  const startups: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = now();
    const c = new LspClient(serverPath, SERVER_EXEC_ARGV);
    await c.initialize({ diagnosticsDelayMs: 0 });
    const uri = 'file:///small.svcsql';
    const got = c.diagnosticsFor(uri);
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'svcsql', version: 1, text: small } });
    await got;
    startups.push(now() - t);
    await c.close();
  }
  rows.push({
    what: 'server start → first diagnostics, 100-statement file (median of 3)',
    value: `${ms(median(startups))} ms`,
    target: '< 300 ms',
  });

  const c = new LspClient(serverPath, SERVER_EXEC_ARGV);
  try {
    await c.initialize({ diagnosticsDelayMs: 0 });
    const uri = 'file:///big.svcsql';
    let version = 1;
    const opened = c.diagnosticsFor(uri, undefined, 120000);
    const t0 = now();
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'svcsql', version, text: big } });
    await opened;
    rows.push({ what: 'server: open 10,000-statement file → diagnostics', value: `${ms(now() - t0)} ms` });
    await new Promise((res) => setTimeout(res, 300));
    const stats = await c.request<{ heapUsed: number; rss: number }>('svcsql/stats', null);
    rows.push({
      what: 'server heap / RSS with that file open',
      value: `${mb(stats.heapUsed).toFixed(0)} / ${mb(stats.rss).toFixed(0)} MB`,
      target: 'heap < 100 MB',
    });

    const mirror = new SvcSqlDocument(big);
    const r = rng(43);
    const keystrokes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const at = middlePosition(mirror, r);
      const change = { range: { start: at, end: at }, text: 'x' };
      mirror.update([change]);
      version++;
      const got = c.diagnosticsFor(uri, version);
      const t = now();
      c.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
      await got;
      keystrokes.push(now() - t);
    }
    rows.push({
      what: 'server over LSP: keystroke → publishDiagnostics, p50 / p95 (200 edits, debounce 0)',
      value: `${ms(median(keystrokes))} / ${ms(pct(keystrokes, 95))} ms`,
      target: 'p95 < 10 ms',
    });

    const carets = caretPositions(mirror, 200, rng(8));
    const completions: number[] = [];
    for (const position of carets) {
      const t = now();
      await c.request('textDocument/completion', { textDocument: { uri }, position });
      completions.push(now() - t);
    }
    rows.push({
      what: 'server over LSP: completion, p50 / p95 (200 carets)',
      value: `${ms(median(completions))} / ${ms(pct(completions, 95))} ms`,
      target: 'p95 < 20 ms',
    });
    rows.push({ what: 'server process RSS after the edits', value: `${mb(rssOf(c.child.pid!)).toFixed(0)} MB` });

    const formats: number[] = [];
    let edits = 0;
    for (let i = 0; i < 3; i++) {
      const t = now();
      const got = await c.request<unknown[]>('textDocument/formatting', {
        textDocument: { uri },
        options: { tabSize: 2, insertSpaces: true },
      });
      formats.push(now() - t);
      edits = got.length;
    }
    rows.push({ what: `server over LSP: Format Document on that file (${edits} edits), median of 3`, value: `${ms(median(formats))} ms` });
    const afterFormat = await c.request<{ heapUsed: number; rss: number }>('svcsql/stats', null);
    rows.push({
      what: 'server heap / RSS after formatting it',
      value: `${mb(afterFormat.heapUsed).toFixed(0)} / ${mb(afterFormat.rss).toFixed(0)} MB`,
    });
  } finally {
    await c.close();
  }
  return rows;
}

const childAt = process.argv.indexOf('--child');
const workspaceAt = process.argv.indexOf('--workspace-child');
if (workspaceAt >= 0) workspaceChild(process.argv[workspaceAt + 1]!);
else if (process.argv.includes('--workspace-only'))
  // The workspace rows alone (not written to results.md): `node out/bench/bench.js --workspace-only`.
  workspaceFigures(serverPath, __filename, SERVER_EXEC_ARGV).then(
    (rows) => console.log(rows.map((row) => `| ${row.what} | ${row.value} |`).join('\n')),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
else if (childAt >= 0) child(process.argv[childAt + 1]!, Number(process.argv[childAt + 2]));
else
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
