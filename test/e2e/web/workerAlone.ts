// The browser build of the language server alone: out/browser/server.js started as a dedicated Web
// Worker in a blank chromium page (served from 127.0.0.1), spoken to over postMessage with LSP
// message objects, as vscode-languageserver/browser's BrowserMessageReader/Writer exchange them.
// The page plays the client: it answers the server's svcsql/fs/* requests from an in-page folder
// (the file access a web worker lacks), so definition across files proves the index reads through it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from '../lib/paths';
import type { Tally } from '../lib/results';
import { within } from '../lib/wait';

const SUITE = 'web: server worker';

/** The in-page folder file:///w (what the worker may read through svcsql/fs/*). */
const FILES: Record<string, string> = {
  '/w/infra/clusters.svcsql': readFileSync(join(repoRoot, 'test/e2e/fixtures/project/infra/clusters.svcsql'), 'utf8'),
};
const OPEN_URI = 'file:///w/flows/orders.svcsql';
const OPEN_TEXT = readFileSync(join(repoRoot, 'test/e2e/fixtures/project/flows/orders.svcsql'), 'utf8');
const BROKEN_URI = 'file:///w/broken.svcsql';
const BROKEN_TEXT = 'create cluster c type = \nshow flows';

/** The page's Worker (the project compiles without the DOM's types). */
interface PageWorker {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}
declare const Worker: new (url: string) => PageWorker;

const PAGE = '<!doctype html><meta charset="utf-8"><title>svcsql server worker</title><body>worker test</body>';

function serve(): Promise<Server> {
  const serverJs = readFileSync(join(repoRoot, 'out/browser/server.js'));
  const server = createServer((req, res) => {
    if (req.url === '/server.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(serverJs);
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    } else res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Installs the worker and a tiny LSP client (window.lsp) in the page. */
async function startWorker(page: Page, files: Record<string, string>): Promise<void> {
  await page.evaluate((folder) => {
    type Msg = { id?: number; method?: string; params?: unknown; result?: unknown; error?: unknown };
    const worker = new Worker('/server.js');
    const received: Msg[] = [];
    const waiters: { test: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
    const fsAnswer = (method: string, params: { uri: string; maxBytes?: number }): unknown => {
      const path = decodeURIComponent(new URL(params.uri).pathname);
      const isDir = path === '/w' || Object.keys(folder).some((f) => f.startsWith(`${path}/`));
      if (method === 'svcsql/fs/stat') {
        if (path in folder) return { type: 1, size: folder[path]!.length };
        return isDir ? { type: 2, size: 0 } : null;
      }
      if (method === 'svcsql/fs/readDirectory') {
        if (!isDir) return null;
        const names = new Map<string, number>();
        for (const f of Object.keys(folder)) {
          if (!f.startsWith(`${path}/`)) continue;
          const [first, ...rest] = f.slice(path.length + 1).split('/');
          names.set(first!, rest.length ? 2 : 1);
        }
        return [...names];
      }
      if (method === 'svcsql/fs/readFile') return folder[path] ?? null;
      return null;
    };
    worker.onmessage = (e) => {
      const m = e.data as Msg;
      // A request from the server: answered (file access) or acknowledged, so that it never waits.
      if (m.method && m.id !== undefined) {
        const result = m.method.startsWith('svcsql/fs/') ? fsAnswer(m.method, m.params as { uri: string }) : null;
        worker.postMessage({ jsonrpc: '2.0', id: m.id, result });
        (globalThis as unknown as { fsRequests: number }).fsRequests++;
        return;
      }
      received.push(m);
      for (const w of [...waiters]) {
        if (!w.test(m)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    };
    let nextId = 1;
    const lsp = {
      notify: (method: string, params: unknown) => worker.postMessage({ jsonrpc: '2.0', method, params }),
      request: (method: string, params: unknown) =>
        new Promise<Msg>((resolve) => {
          const id = nextId++;
          waiters.push({ test: (m) => m.id === id, resolve });
          worker.postMessage({ jsonrpc: '2.0', id, method, params });
        }),
      /** The first (already received or coming) notification of method whose params pass test. */
      notification: (method: string, test: (p: unknown) => boolean) =>
        new Promise<Msg>((resolve) => {
          const seen = received.find((m) => m.method === method && test(m.params));
          if (seen) return resolve(seen);
          waiters.push({ test: (m) => m.method === method && test(m.params), resolve });
        }),
    };
    Object.assign(globalThis, { lsp, fsRequests: 0 });
  }, files);
}

type Lsp = {
  notify(method: string, params: unknown): void;
  request(method: string, params: unknown): Promise<{ result?: unknown; error?: unknown }>;
  notification(method: string, test: (p: unknown) => boolean): Promise<{ params?: unknown }>;
};
declare const lsp: Lsp;

export async function workerAloneSuite(tally: Tally, browser: Browser): Promise<void> {
  const server = await serve();
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const request = (method: string, params: unknown) =>
    within(
      20_000,
      method,
      page.evaluate(([m, p]) => lsp.request(m, p), [method, params] as const),
    );
  try {
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    await startWorker(page, FILES);

    await tally.run(SUITE, 'answers initialize with the editing capabilities', async () => {
      const init = (await request('initialize', {
        processId: null,
        rootUri: 'file:///w',
        workspaceFolders: [{ uri: 'file:///w', name: 'w' }],
        capabilities: { workspace: { workspaceFolders: true } },
      })) as { result: { capabilities: Record<string, unknown>; serverInfo: { name: string } } };
      assert.equal(init.result.serverInfo.name, 'svcsql-language-server');
      for (const c of ['completionProvider', 'hoverProvider', 'documentFormattingProvider', 'definitionProvider', 'renameProvider'])
        assert.ok(init.result.capabilities[c], `capability ${c}`);
      await page.evaluate(() => lsp.notify('initialized', {}));
    });

    await tally.run(SUITE, 'publishes diagnostics for a broken statement', async () => {
      await page.evaluate(
        ([uri, text]) => lsp.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'svcsql', version: 1, text } }),
        [BROKEN_URI, BROKEN_TEXT] as const,
      );
      const published = (await within(
        20_000,
        'publishDiagnostics',
        page.evaluate((uri) => lsp.notification('textDocument/publishDiagnostics', (p) => (p as { uri: string }).uri === uri), BROKEN_URI),
      )) as { params: { diagnostics: { message: string; range: { start: { line: number } } }[] } };
      assert.ok(published.params.diagnostics.length > 0, 'at least one diagnostic');
      assert.equal(published.params.diagnostics[0]!.range.start.line, 0);
    });

    await tally.run(SUITE, 'completes a statement keyword', async () => {
      await page.evaluate(
        (uri) => lsp.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'svcsql', version: 1, text: '' } }),
        'file:///w/empty.svcsql',
      );
      const res = (await request('textDocument/completion', {
        textDocument: { uri: 'file:///w/empty.svcsql' },
        position: { line: 0, character: 0 },
      })) as { result: { label: string }[] | { items: { label: string }[] } };
      const items = Array.isArray(res.result) ? res.result : res.result.items;
      const labels = items.map((i) => i.label.toUpperCase());
      assert.ok(
        labels.some((l) => l.startsWith('CREATE')),
        `CREATE among ${labels.slice(0, 10).join(', ')}`,
      );
    });

    await tally.run(SUITE, 'formats a document', async () => {
      const messy = 'create   lake   l1 ;;\nshow    flows';
      await page.evaluate(
        ([uri, text]) => lsp.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'svcsql', version: 1, text } }),
        ['file:///w/messy.svcsql', messy] as const,
      );
      const res = (await request('textDocument/formatting', {
        textDocument: { uri: 'file:///w/messy.svcsql' },
        options: { tabSize: 2, insertSpaces: true },
      })) as { result: { newText: string }[] };
      assert.ok(res.result.length > 0, 'edits');
      const text = res.result.map((e) => e.newText).join('');
      assert.match(text, /CREATE LAKE l1/);
    });

    await tally.run(SUITE, 'finds a definition in an unopened file read through svcsql/fs', async () => {
      await page.evaluate(
        ([uri, text]) => lsp.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'svcsql', version: 1, text } }),
        [OPEN_URI, OPEN_TEXT] as const,
      );
      const line = OPEN_TEXT.split('\n').findIndex((l) => l.includes("CLUSTER = 'etl'"));
      const character = OPEN_TEXT.split('\n')[line]!.indexOf("'etl'") + 2;
      let found: { uri: string; range: { start: { line: number } } }[] = [];
      const deadline = Date.now() + 20_000;
      while (found.length === 0 && Date.now() < deadline) {
        const res = (await request('textDocument/definition', { textDocument: { uri: OPEN_URI }, position: { line, character } })) as {
          result: typeof found | null;
        };
        found = res.result ?? [];
        if (found.length === 0) await page.waitForTimeout(200);
      }
      assert.equal(found.length, 1, 'one definition');
      assert.equal(found[0]!.uri, 'file:///w/infra/clusters.svcsql');
      assert.equal(found[0]!.range.start.line, 3);
      const fsRequests = await page.evaluate(() => (globalThis as unknown as { fsRequests: number }).fsRequests);
      assert.ok(fsRequests >= 3, `the server read through the client (${fsRequests} requests)`);
    });

    await tally.run(SUITE, 'no uncaught error in the page or the worker', async () => {
      assert.deepEqual(errors, []);
    });
  } finally {
    await page.close().catch(() => undefined);
    server.close();
  }
}
