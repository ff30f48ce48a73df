// What the LSP benchmark modules share (bench/lspBench.ts, bench/throughput.ts): the built server
// started as the extension starts it, one document opened (open → first diagnostics) and typed
// into around its middle (keystroke → diagnostics), with a core document mirroring the edits.
import { SvcSqlDocument } from '../core/src/index';
import { collectAll, collectYoung } from './clientGc';
import { rng } from './corpus';
import { LspClient } from './lspClient';
import { SERVER_EXEC_ARGV } from '../protocol/src/serverProcess';
import { now } from './stats';
import { LEADING_ABOVE } from '../server/src/lsp/leadingPublish';

/** What VS Code announces that changes the server's answers (the completion list's item defaults). */
const EDITOR_CAPABILITIES = {
  textDocument: {
    completion: { completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextMode', 'insertTextFormat', 'data'] } },
  },
};

/** A position around the middle of the text, on a random line, column within the line. */
export function middlePosition(doc: SvcSqlDocument, r: () => number) {
  const lines = doc.lines;
  const line = Math.floor(lines.lineCount / 2 + (r() - 0.5) * 200);
  const length = lines.offsetAt({ line, character: 1e9 }) - lines.lineStart(line);
  return { line, character: Math.floor(r() * (length + 1)) };
}

/**
 * Caret positions inside statements (and just after them), anywhere in the file. The statements'
 * offsets are read into two typed arrays: doc.statements() would leave 100,000 objects in this
 * process's young generation, and copying them in the scavenges during the timed requests that
 * follow was part of the measured time (up to ~10 ms a request at 100k).
 */
export function caretPositions(doc: SvcSqlDocument, count: number, r: () => number) {
  const starts: number[] = [];
  const ends: number[] = [];
  doc.eachStatement((start, end) => {
    starts.push(start);
    ends.push(end);
  });
  const s0 = Int32Array.from(starts);
  const e0 = Int32Array.from(ends);
  starts.length = ends.length = 0;
  const out = [];
  for (let i = 0; i < count; i++) {
    const k = Math.floor(r() * s0.length);
    const start = s0[k]!;
    out.push(doc.lines.positionAt(start + Math.floor(r() * (e0[k]! - start + 1))));
  }
  return out;
}

/** ms from `send` to the answer it returns, this process's young generation emptied first (clientGc.ts). */
async function timed(send: () => Promise<unknown>): Promise<number> {
  collectYoung();
  const t = now();
  await send();
  return now() - t;
}

/**
 * ms of `count` completion requests at caret positions drawn with `seed`, and of the first one
 * before them: a fresh server's first completion pays once for what later ones find ready
 * (antlr4-c3's follow sets, code not yet compiled: ~30 ms), which is reported on its own row
 * rather than as one of the samples whose p95 it would set.
 */
export async function completionTimes(
  client: LspClient,
  uri: string,
  doc: SvcSqlDocument,
  count: number,
  seed: number,
): Promise<{ first: number; times: number[] }> {
  const positions = caretPositions(doc, count + 1, rng(seed));
  // What finding the positions left (the statements of the whole document) is not collected during the requests.
  collectAll();
  const ask = (position: unknown) => () => client.request('textDocument/completion', { textDocument: { uri }, position });
  const first = await timed(ask(positions[0]));
  const times: number[] = [];
  for (const position of positions.slice(1)) times.push(await timed(ask(position)));
  return { first, times };
}

/**
 * ms of completion requests where a statement names a cluster (`CLUSTER = '` plus three letters), once
 * the server has read the document's names: a large document's names are read when completion pauses
 * (server/src/workspace/workspaceProject.ts), so the first request asks for them and the pause lets it.
 */
export async function nameCompletionTimes(client: LspClient, uri: string, doc: SvcSqlDocument, count: number): Promise<number[]> {
  const text = doc.text;
  const slot = "CLUSTER = '";
  const positions = [];
  for (let at = text.indexOf(slot); at >= 0 && positions.length < count; at = text.indexOf(slot, at + 1)) {
    positions.push(doc.lines.positionAt(at + slot.length + 3));
  }
  if (positions.length === 0) return [];
  await client.request('textDocument/completion', { textDocument: { uri }, position: positions[0] });
  await new Promise((r) => setTimeout(r, 1000));
  await client.request('textDocument/completion', { textDocument: { uri }, position: positions[0] });
  const times: number[] = [];
  for (const position of positions) {
    times.push(await timed(() => client.request('textDocument/completion', { textDocument: { uri }, position })));
  }
  return times;
}

export interface OpenedSession {
  client: LspClient;
  uri: string;
  /** ms from didOpen sent to its first publishDiagnostics (a large file's first statements, see leadingPublish.ts). */
  open: number;
  /** ms from didOpen sent to the publish of the whole file's diagnostics (the first one for a file that is not large). */
  whole: number;
  /** ms from each didChange (one character typed) to its publishDiagnostics. */
  keystroke: number[];
  /** The document as the server holds it after the edits. */
  mirror: SvcSqlDocument;
}

/**
 * Starts the server (diagnostics without delay), opens `text` and types `edits` characters into
 * it. The caller measures more on `client` and closes it.
 */
export async function openAndType(serverPath: string, text: string, edits: number, timeoutMs: number): Promise<OpenedSession> {
  const client = new LspClient(serverPath, SERVER_EXEC_ARGV);
  try {
    // As the extension starts it: the client links the codes to their docs (client/src/diagnosticLinks.ts).
    // and it takes completion lists with item defaults (server/src/lsp/completionDefaults.ts).
    await client.initialize({ diagnosticsDelayMs: 0, diagnosticLinks: 'client' }, undefined, EDITOR_CAPABILITIES);
    const uri = 'file:///bench.svcsql';
    let version = 1;
    // Both publishes of a large file awaited from the start: they may arrive in one read.
    const stamp = (p: Promise<unknown>) => p.then(() => now());
    const opened = stamp(client.diagnosticsFor(uri, undefined, timeoutMs));
    const completed = text.length > LEADING_ABOVE ? stamp(client.diagnosticsFor(uri, version, timeoutMs)) : opened;
    const t0 = now();
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'svcsql', version, text } });
    const open = (await opened) - t0;
    const whole = (await completed) - t0;
    const mirror = new SvcSqlDocument(text);
    // Its line index made, and what building the text and opening left collected, before the keystrokes are timed.
    void mirror.lines;
    collectAll();
    const r = rng(43);
    const keystroke: number[] = [];
    for (let i = 0; i < edits; i++) {
      const at = middlePosition(mirror, r);
      const change = { range: { start: at, end: at }, text: 'x' };
      mirror.update([change]);
      version++;
      const got = client.diagnosticsFor(uri, version, timeoutMs);
      const v = version;
      keystroke.push(
        await timed(() => {
          client.notify('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [change] });
          return got;
        }),
      );
    }
    return { client, uri, open, whole, keystroke, mirror };
  } catch (e) {
    await client.close();
    throw e;
  }
}
