// The built server over stdio on one document of 1,000 / 10,000 / 100,000 statements, and on a
// 20 MiB one (the full-feature limit, server/src/largeDocument.ts): open → first diagnostics,
// keystroke → publishDiagnostics, completion, and `svcsql/statements` (every statement, and the
// ones a cursor's line meets, as Run Statement asks). Peak memory is the server's.
import { join } from 'node:path';
import type { BenchRow } from './benchRow';
import { buildCorpus, rng } from './corpus';
import { caretPositions, completionTimes, nameCompletionTimes, openAndType } from './lspSession';
import { median, now, peakMBOf, pct, STATEMENT_SIZES } from './stats';
import { NAME_LIMIT, SvcSqlDocument } from '../core/src/index';
import { LARGE_FILE_CHARS } from '../server/src/largeDocument';
import type { StatementsResult } from '../protocol/src/lspExtensions';
import { decodeStatementSpans } from '../protocol/src/statementSpans';

const serverPath = join(__dirname, '..', 'server.js');

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

/**
 * Keystrokes typed, and completion requests asked, per size: their p95 is the tenth slowest. With
 * 60 the p95 was the third slowest, and one stall of the loaded machine (a few ms of either process
 * waiting for a core) or one collection set it.
 */
const SAMPLES = 200;

interface One {
  open: number;
  whole: number;
  keystroke: number[];
  completion: number[];
  firstCompletion: number;
  names: number[];
  statements: number[];
  atCursor: number[];
  peakMB: number;
  statementCount: number;
}

async function measureOne(text: string, withStatements: boolean): Promise<One> {
  const { client: c, uri, open, whole, keystroke, mirror } = await openAndType(serverPath, text, SAMPLES, 600_000);
  try {
    const { first: firstCompletion, times: completion } = await completionTimes(c, uri, mirror, SAMPLES, 8);
    const names = await nameCompletionTimes(c, uri, mirror, SAMPLES);
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
    return {
      open,
      whole,
      keystroke,
      completion,
      firstCompletion,
      names,
      statements,
      atCursor,
      peakMB: peakMBOf(c.child.pid!),
      statementCount,
    };
  } finally {
    await c.close();
  }
}

/** Quiet time given to a fresh server after its first diagnostics, before completion is asked. */
const IDLE_MS = 2000;

/**
 * Completion as measureOne asks it (the first request, then SAMPLES), on a fresh server left idle for
 * IDLE_MS after opening: its idle work (server/src/lsp/idleWork.ts, the completion warm-up) has run,
 * as it has for a person who opened a file and paused before asking.
 */
async function completionAfterIdle(text: string): Promise<{ first: number; times: number[] }> {
  const { client, uri, mirror } = await openAndType(serverPath, text, 0, 600_000);
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return await completionTimes(client, uri, mirror, SAMPLES, 8);
  } finally {
    await client.close();
  }
}

export async function measure(): Promise<BenchRow[]> {
  const open: Figures = {};
  const whole: Figures = {};
  const k50: Figures = {};
  const k95: Figures = {};
  const c50: Figures = {};
  const c95: Figures = {};
  const c1: Figures = {};
  const i95: Figures = {};
  const i1: Figures = {};
  const n95: Figures = {};
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
    whole[key] = { ms: m.whole };
    k50[key] = { ms: median(m.keystroke) };
    k95[key] = { ms: pct(m.keystroke, 95), peakMB: m.peakMB };
    c50[key] = { ms: median(m.completion) };
    c95[key] = { ms: pct(m.completion, 95) };
    c1[key] = { ms: m.firstCompletion };
    if (m.names.length) n95[key] = { ms: pct(m.names, 95) };
    if (m.statements.length) {
      all[key] = { ms: median(m.statements), peakMB: m.peakMB };
      cursor[key] = { ms: median(m.atCursor) };
    }
    if (key === '20 MiB') largest = new SvcSqlDocument(text).statements().length;
    if (key === '1k') {
      const idle = await completionAfterIdle(text);
      i95[key] = { ms: pct(idle.times, 95) };
      i1[key] = { ms: idle.first };
    }
  }
  return [
    {
      measure: 'LSP: open → first diagnostics',
      sizes: open,
      note: `above 256 KB the first statements' first; 20 MiB = ${largest} statements`,
    },
    { measure: 'LSP: open → the whole file’s diagnostics', sizes: whole },
    { measure: 'LSP: keystroke → diagnostics p50', sizes: k50 },
    { measure: 'LSP: keystroke → diagnostics p95', sizes: k95, note: `target p95 ≤ 10 ms; ${SAMPLES} keystrokes` },
    { measure: 'LSP: completion p50', sizes: c50 },
    { measure: 'LSP: completion p95', sizes: c95, note: `target p95 ≤ 5 ms; ${SAMPLES} requests after the first` },
    { measure: 'LSP: the first completion after opening and typing', sizes: c1, note: 'once per server: what later ones find ready' },
    {
      measure: `LSP: completion p95 after ${IDLE_MS / 1000} s idle`,
      sizes: i95,
      note: `a fresh server, quiet after opening: the warm-up (server/src/lsp/idleWork.ts) has run; ${SAMPLES} requests after the first`,
    },
    { measure: `LSP: the first completion after ${IDLE_MS / 1000} s idle`, sizes: i1 },
    {
      measure: 'LSP: completion of the document’s cluster names p95',
      sizes: n95,
      note: `CLUSTER = 'etl|, after the names are read; at most ${NAME_LIMIT} names a list`,
    },
    { measure: 'LSP: svcsql/statements, every statement, compact (median of 3)', sizes: all, note: 'target < 200 ms at 100k' },
    { measure: 'LSP: svcsql/statements, the cursor’s line (Run Statement)', sizes: cursor },
  ];
}
