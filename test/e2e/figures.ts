// `npm run e2e:figures`: measured, printed, not asserted. In code-server with the emulator:
// time from opening the window to the extension being active, to the first diagnostics, and from
// Run to SUCCESS; and the .vsix size. Several windows (fresh extension hosts) per run; the table
// shows the median and the range.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './lib/browser';
import { codeServerDirs, startCodeServer } from './lib/codeServer';
import { startEmulatorProcess } from './lib/emulator';
import { runHostSuite } from './lib/hostSuite';
import { locateTools, repoRoot } from './lib/paths';
import { installTeardownHooks, stopAll } from './lib/procs';
import { packageVsix } from './lib/vsix';
import { copyWorkspace, quietUserSettings, writeUserSettings } from './lib/workspace';

const say = (s: string): void => void process.stdout.write(`figures: ${s}\n`);

interface Sample {
  activated: number;
  firstDiagnostics: number;
  openToActive: number;
  openToDiagnostics: number;
  run: number;
  results10kFirst?: number;
  results10k?: number;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { runs: { type: 'string' } }, strict: true });
  const runs = Math.max(1, Number(values.runs ?? 3));
  let browser: Browser | undefined;
  installTeardownHooks(async () => {
    await browser?.close().catch(() => undefined);
  });
  const runDir = mkdtempSync(join(tmpdir(), 'svcsql-figures-'));
  try {
    const tools = locateTools();
    const vsix = await packageVsix(join(runDir, 'svcsql.vsix'));
    const emulator = await startEmulatorProcess({ logFile: join(runDir, 'emulator.log') });
    const dirs = codeServerDirs(join(runDir, 'code-server'));
    writeUserSettings(dirs.userDataDir, quietUserSettings);
    const resultsFile = join(runDir, 'results.json');
    const server = await startCodeServer(tools, dirs, {
      env: { SVCSQL_E2E_RESULTS: resultsFile, SVCSQL_E2E_EMULATOR_URL: emulator.url, SVCSQL_E2E_SUITES: 'figures' },
    });
    browser = await launchBrowser(tools.chromium);
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      const workspace = copyWorkspace('test/e2e/fixtures', join(runDir, `ws-${i}`));
      rmSync(resultsFile, { force: true });
      const outcome = await runHostSuite({
        browser,
        baseUrl: server.url,
        host: server.host,
        workspace,
        extensionDevelopmentPath: repoRoot,
        extensionTestsPath: join(repoRoot, 'out', 'test-e2e', 'suite', 'index.js'),
        resultsFile,
        timeoutMs: 180_000,
      });
      const m = outcome.report?.marks ?? {};
      const failed = outcome.report?.results.find((r) => !r.ok);
      if (outcome.exitCode !== 0 || failed || !m.activated || !m.firstDiagnostics || !m.runEnd || !m.runStart) {
        say(`window ${i + 1}: no figures (exit ${outcome.exitCode}${failed ? `; ${failed.error?.split('\n')[0]}` : ''})`);
        continue;
      }
      const s: Sample = {
        activated: m.activated - outcome.openedAt,
        firstDiagnostics: m.firstDiagnostics - outcome.openedAt,
        openToActive: m.activated - (m.fileOpened ?? m.activated),
        openToDiagnostics: m.firstDiagnostics - (m.fileOpened ?? m.firstDiagnostics),
        run: m.runEnd - m.runStart,
        ...(m.results10kFirstMs !== undefined ? { results10kFirst: m.results10kFirstMs } : {}),
        ...(m.results10kMs !== undefined ? { results10k: m.results10kMs } : {}),
      };
      say(
        `window ${i + 1}: activated ${s.activated} ms, first diagnostics ${s.firstDiagnostics} ms, run ${s.run} ms (window opened -> suite start ${(m.hostSuiteStart ?? 0) - outcome.openedAt} ms)`,
      );
      samples.push(s);
    }
    await browser.close();
    browser = undefined;
    await stopAll();

    const stat = (k: keyof Sample): string => {
      const xs = samples
        .map((s) => s[k])
        .filter((x): x is number => x !== undefined)
        .sort((a, b) => a - b);
      if (xs.length === 0) return 'n/a';
      const med = xs[Math.floor((xs.length - 1) / 2)]!;
      return `${med} ms (${xs[0]}–${xs[xs.length - 1]})`;
    };
    const rows: [string, string][] = [
      ['window open → extension activated', stat('activated')],
      ['window open → first diagnostics', stat('firstDiagnostics')],
      ['  of which: file open → extension activated', stat('openToActive')],
      ['  of which: file open → first diagnostics', stat('openToDiagnostics')],
      ['Run → SUCCESS (emulator, 1.5 s pending)', stat('run')],
      ['results panel: 10,000 rows drawn (page loading too)', stat('results10kFirst')],
      ['results panel: 10,000 rows drawn (panel open)', stat('results10k')],
      ['.vsix size', `${(vsix.bytes / 1024).toFixed(1)} KiB (${vsix.bytes} bytes)`],
    ];
    const w = Math.max(...rows.map((r) => r[0].length));
    process.stdout.write(
      `\nsvcsql e2e figures: code-server 4.139.1 (VS Code 1.139.1), headless chromium, ${samples.length}/${runs} windows, median (min–max)\n`,
    );
    process.stdout.write(`| ${'figure'.padEnd(w)} | value |\n| ${'-'.repeat(w)} | ----- |\n`);
    for (const [k, v] of rows) process.stdout.write(`| ${k.padEnd(w)} | ${v} |\n`);
    return samples.length > 0 ? 0 : 1;
  } finally {
    await browser?.close().catch(() => undefined);
    await stopAll();
    rmSync(runDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stdout.write(`figures failed: ${e instanceof Error ? e.stack : String(e)}\n`);
    void stopAll().finally(() => process.exit(1));
  },
);
