// The built server over stdio on one document of 1,000 / 10,000 / 100,000 statements, and on a
// 20 MiB one (the full-feature limit, server/src/largeDocument.ts): open → first diagnostics,
// keystroke → publishDiagnostics, completion, and `svcsql/statements` (every statement, and the
// ones a cursor's line meets, as Run Statement asks). Peak memory is the server's.
import { join } from 'node:path';
import type { BenchRow } from './benchRow';
import { buildCorpus, rng } from './corpus';
import { LspClient } from './lspClient';
import { median, now, peakMBOf, pct, STATEMENT_SIZES } from './stats';
import { SvcSqlDocument } from '../core/src/index';
import { LARGE_FILE_CHARS } from '../server/src/largeDocument';
import type { StatementsResult } from '../protocol/src/lspExtensions';
import { decodeStatementSpans } from '../protocol/src/statementSpans';

const serverPath = join(__dirname, '..', 'server.js');
/** The extension starts the server with these flags (client/src/languageClient.ts). */
export const SERVER_EXEC_ARGV = ['--max-semi-space-size=32'];

/** A position around the middle of the text, on a random line, column within the line. */
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

/** The largest corpus of whole statements within `chars` UTF-16 units. */
function corpusOfSize(chars: number): string {
  let n = Math.floor(chars / (buildCorpus(1000).length / 1000));
  let text = buildCorpus(n);
  while (text.length > chars) {
    n = Math.floor(n * (chars / text.length) * 0.998);
    text = buildCorpus(n);
  }
  return text;
}

type Figures = Record<string, { ms: number; peakMB?: number }>;

interface One {
  open: number;
  keystroke: number[];
  completion: number[];
  statements: number[];
  atCursor: number[];
  peakMB: number;
  statementCount: number;
}

async function measureOne(text: string, withStatements: boolean): Promise<One> {
  const c = new LspClient(serverPath, SERVER_EXEC_ARGV);
  try {
    await c.initialize({ diagnosticsDelayMs: 0 });
    const uri = 'file:///bench.svcsql';
    let version = 1;
    const opened = c.diagnosticsFor(uri, undefined, 600_000);
    const t0 = now();
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'svcsql', version, text } });
    await opened;
    const open = now() - t0;
    const mirror = new SvcSqlDocument(text);
    const r = rng(43);
    const keystroke: number[] = [];
    for (let i = 0; i < 60; i++) {
      const at = middlePosition(mirror, r);
      const change = { range: { start: at, end: at }, text: 'x' };
      mirror.update([change]);
      version++;
      const got = c.diagnosticsFor(uri, version, 120_000);
      const t = now();
      c.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
      await got;
      keystroke.push(now() - t);
    }
    const completion: number[] = [];
    for (const position of caretPositions(mirror, 60, rng(8))) {
      const t = now();
      await c.request('textDocument/completion', { textDocument: { uri }, position });
      completion.push(now() - t);
    }
    const statements: number[] = [];
    const atCursor: number[] = [];
    let statementCount = 0;
    if (withStatements) {
      for (let i = 0; i < 3; i++) {
        const t = now();
        // The compact form the code lenses and the notebook conversion ask for (protocol/src/statementSpans.ts).
        const got = await c.request<StatementsResult>('svcsql/statements', { uri, spans: true });
        statements.push(now() - t);
        statementCount = decodeStatementSpans(got.spans).length;
      }
      for (const position of caretPositions(mirror, 30, rng(9))) {
        const t = now();
        await c.request('svcsql/statements', { uri, range: { start: position, end: position } });
        atCursor.push(now() - t);
      }
    }
    return { open, keystroke, completion, statements, atCursor, peakMB: peakMBOf(c.child.pid!), statementCount };
  } finally {
    await c.close();
  }
}

export async function measure(): Promise<BenchRow[]> {
  const open: Figures = {};
  const k50: Figures = {};
  const k95: Figures = {};
  const c50: Figures = {};
  const c95: Figures = {};
  const all: Figures = {};
  const cursor: Figures = {};
  const sizes: [string, string][] = [
    ...STATEMENT_SIZES.map(([key, n]) => [key, buildCorpus(n)] as [string, string]),
    ['20 MiB', corpusOfSize(LARGE_FILE_CHARS)],
  ];
  let largest = 0;
  for (const [key, text] of sizes) {
    const m = await measureOne(text, key !== '20 MiB');
    open[key] = { ms: m.open, peakMB: m.peakMB };
    k50[key] = { ms: median(m.keystroke) };
    k95[key] = { ms: pct(m.keystroke, 95), peakMB: m.peakMB };
    c50[key] = { ms: median(m.completion) };
    c95[key] = { ms: pct(m.completion, 95) };
    if (m.statements.length) {
      all[key] = { ms: median(m.statements), peakMB: m.peakMB };
      cursor[key] = { ms: median(m.atCursor) };
    }
    if (key === '20 MiB') largest = new SvcSqlDocument(text).statements().length;
  }
  return [
    { measure: 'LSP: open → first diagnostics', sizes: open, note: `20 MiB = ${largest} statements` },
    { measure: 'LSP: keystroke → diagnostics p50', sizes: k50 },
    { measure: 'LSP: keystroke → diagnostics p95', sizes: k95, note: 'target p95 ≤ 10 ms' },
    { measure: 'LSP: completion p50', sizes: c50 },
    { measure: 'LSP: completion p95', sizes: c95, note: 'target p95 ≤ 5 ms' },
    { measure: 'LSP: svcsql/statements, every statement, compact (median of 3)', sizes: all, note: 'target < 200 ms at 100k' },
    { measure: 'LSP: svcsql/statements, the cursor’s line (Run Statement)', sizes: cursor },
  ];
}
