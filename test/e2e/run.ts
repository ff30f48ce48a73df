// The e2e runner (`npm run test:e2e`, after setup.sh and the build): packages the extension, starts the
// service emulator and code-server on free loopback ports in their own process groups, installs the
// .vsix, runs the in-extension-host mocha suite (payload URL) and the Playwright UI suite, tears
// everything down whatever happens, and prints `N passed, N failed` last.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './lib/browser';
import { codeServerDirs, installExtension, startCodeServer, type RunningCodeServer } from './lib/codeServer';
import { startEmulatorProcess, type RunningEmulator } from './lib/emulator';
import { runHostSuite } from './lib/hostSuite';
import { onlySuites } from './lib/onlySuites';
import { locateTools, repoRoot, resultsDir, type Tools } from './lib/paths';
import { installTeardownHooks, stopAll } from './lib/procs';
import { Tally } from './lib/results';
import { checkDemoInBrowser } from './lib/demoCheck';
import { startDemoCodeServer } from './lib/demoSetup';
import { findSecretOnDisk } from './lib/secrets';
import { packageVsix } from './lib/vsix';
import { within } from './lib/wait';
import { copyWorkspace, quietUserSettings, writeUserSettings } from './lib/workspace';
import { uiSuites } from './ui/index';
import { HOST_SUITE_SECRETS } from './host/secretValues';

const TOTAL_MS = Number(process.env.SVCSQL_E2E_TIMEOUT_MS ?? 15 * 60_000);
const HOST_SUITE_MS = Number(process.env.SVCSQL_E2E_HOST_TIMEOUT_MS ?? 5 * 60_000);
const keepRunDir = process.env.SVCSQL_E2E_KEEP === '1';

const say = (s: string): void => void process.stdout.write(`e2e: ${s}\n`);

async function main(): Promise<number> {
  const tally = new Tally();
  await body(tally);
  return finish(tally);
}

async function body(tally: Tally): Promise<void> {
  const runDir = mkdtempSync(join(tmpdir(), 'svcsql-e2e-'));
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  say(`run folder ${runDir}; screenshots and logs in ${resultsDir}`);

  let browser: Browser | undefined;
  const teardown = async (): Promise<void> => {
    await within(10_000, 'browser to close', browser?.close() ?? Promise.resolve()).catch(() => undefined);
    browser = undefined;
    await stopAll();
  };
  installTeardownHooks(teardown);

  const watchdog = setTimeout(() => {
    say(`the whole run exceeded ${TOTAL_MS} ms: tearing down`);
    tally.add({ suite: 'harness', title: `whole run within ${TOTAL_MS} ms`, ok: false, ms: TOTAL_MS });
    void within(15_000, 'teardown', teardown())
      .catch(() => undefined)
      .finally(() => {
        if (!keepRunDir) rmSync(runDir, { recursive: true, force: true });
        process.stdout.write(`${tally.closingLine()}\n`);
        process.exit(1);
      });
  }, TOTAL_MS);

  try {
    let tools: Tools | undefined;
    let vsix: string | undefined;
    let emulator: RunningEmulator | undefined;
    let server: RunningCodeServer | undefined;

    await tally.run('harness', 'e2e tools are installed (setup.sh)', async () => {
      tools = locateTools();
    });
    await tally.run('harness', 'package the extension (.vsix)', async () => {
      const v = await packageVsix(join(runDir, 'svcsql.vsix'));
      vsix = v.file;
      say(`packaged ${v.file} (${(v.bytes / 1024).toFixed(1)} KiB)`);
    });
    await tally.run('harness', 'start the service emulator', async () => {
      emulator = await startEmulatorProcess({ logFile: join(resultsDir, 'emulator.log') });
      say(`emulator at ${emulator.url}`);
    });
    if (!tools) return;

    const dirs = codeServerDirs(join(runDir, 'code-server'));
    writeUserSettings(dirs.userDataDir, quietUserSettings);
    if (vsix) {
      const t = tools;
      const v = vsix;
      await tally.run('harness', 'install the .vsix into code-server', async () => {
        const out = await installExtension(t, dirs, v);
        const installed = readdirSync(dirs.extensionsDir).filter((d) => d.startsWith('svcsql.svcsql-'));
        if (installed.length === 0) throw new Error(`no svcsql.svcsql-* folder in ${dirs.extensionsDir}:\n${out}`);
      });
    }

    const hostWorkspace = copyWorkspace('test/e2e/fixtures', join(runDir, 'host-workspace'));
    const hostResults = join(runDir, 'host-results.json');
    {
      const t = tools;
      const ok = await tally.run('harness', 'start code-server', async () => {
        server = await startCodeServer(t, dirs, {
          env: {
            SVCSQL_E2E_RESULTS: hostResults,
            SVCSQL_E2E_USER_SETTINGS: join(dirs.userDataDir, 'User', 'settings.json'),
            SVCSQL_E2E_LOGS_DIR: join(dirs.userDataDir, 'logs'),
            SVCSQL_E2E_EXAMPLES: join(repoRoot, 'examples'),
            ...(emulator ? { SVCSQL_E2E_EMULATOR_URL: emulator.url } : {}),
          },
        });
        say(`code-server at ${server.url}`);
      });
      if (!ok || !server) return;
    }
    await tally.run('harness', 'launch chromium', async () => {
      browser = await launchBrowser(tools!.chromium);
    });
    if (!browser || !server) return;

    // 1. The in-extension-host suite, with the extension loaded from the repo folder.
    say('running the in-extension-host suite (mocha inside code-server)');
    const hostLog: string[] = [];
    const outcome = await runHostSuite({
      browser,
      baseUrl: server.url,
      host: server.host,
      workspace: hostWorkspace,
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: join(repoRoot, 'out', 'test-e2e', 'suite', 'index.js'),
      resultsFile: hostResults,
      timeoutMs: HOST_SUITE_MS,
      screenshot: join(resultsDir, 'host-suite-failed.png'),
      storageDump: join(runDir, 'host-browser-storage.json'),
      onLog: (line) => hostLog.push(line),
    });
    writeFileSync(join(resultsDir, 'host-suite.log'), hostLog.join('\n'));
    const reported = outcome.report?.results ?? [];
    for (const r of reported) tally.add({ ...r, suite: `host: ${r.suite}` });
    const reportedFailures = reported.filter((r) => !r.ok).length;
    if (outcome.exitCode !== 0 && reportedFailures === 0) {
      tally.add({
        suite: 'host',
        title: `extension-host suite ended cleanly (exit: ${outcome.exitCode}, done: ${outcome.report?.done ?? false})`,
        ok: false,
        ms: 0,
        error: `${hostLog.slice(-12).join('\n')}\n(whole log: ${join(resultsDir, 'host-suite.log')})`,
      });
    }
    if (reported.length === 0 && outcome.exitCode === 0) {
      tally.add({ suite: 'host', title: 'extension-host suite reported its tests', ok: false, ms: 0, error: 'exit 0 but no results file' });
    }

    // 2. The UI suites, through the browser, with the extension installed from the .vsix.
    if (!vsix) {
      tally.add({ suite: 'ui', title: 'UI suites need the packaged extension (.vsix): not run', ok: false, ms: 0 });
    } else {
      // SVCSQL_E2E_SUITES names host suites by file stem; a UI suite of the same name runs with them.
      const only = onlySuites();
      for (const suite of uiSuites.filter((s) => !only.length || only.includes(s.name))) {
        say(`running UI suite "${suite.name}"`);
        await suite.run({ browser, server, emulator, runDir, tally, resultsDir, tools });
      }
    }

    // 3. The demo (`npm start` in the browser): examples/ opens with the demo connection in place,
    //    and Ctrl+Enter on a statement reaches SUCCESS without configuring anything.
    if (vsix && emulator) {
      const t = tools;
      const v = vsix;
      const e = emulator;
      await tally.run('demo', 'npm start (browser): examples open, the demo connection works, Ctrl+Enter reaches SUCCESS', async () => {
        const demo = await startDemoCodeServer(t, join(runDir, 'demo'), {
          vsix: v,
          emulatorUrl: e.url,
          folder: join(repoRoot, 'examples'),
        });
        try {
          await checkDemoInBrowser(t.chromium, demo.url, join(resultsDir, 'demo.png'), demo.logsRoot);
        } finally {
          await demo.server.proc.stop();
        }
      });
    }

    // 4. Nothing the host suite stored as a secret may have reached the disk on the server side.
    await tally.run(
      'harness',
      'secrets the suite stored are in no file: settings, state, logs, browser storage (only encrypted SecretStorage)',
      async () => {
        const found = findSecretOnDisk([runDir, resultsDir], HOST_SUITE_SECRETS);
        if (found.length) throw new Error(`secret found in: ${found.join(', ')}`);
        // code-server keeps SecretStorage in the browser's localStorage, encrypted, under secrets.provider.
        // The entry proves the check could fail; only the credentials suite is sure to store one, so a
        // run of other suites alone (SVCSQL_E2E_SUITES) checks the files and not the entry.
        const only = onlySuites();
        if (only.length && !only.includes('credentials')) return;
        const dump = join(runDir, 'host-browser-storage.json');
        if (!existsSync(dump)) throw new Error('no browser storage dump to check');
        if (!readFileSync(dump, 'utf8').includes('"secrets.provider"'))
          throw new Error('no SecretStorage entry (secrets.provider) in the browser profile');
      },
    );
  } catch (e) {
    tally.add({ suite: 'harness', title: 'runner', ok: false, ms: 0, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  } finally {
    clearTimeout(watchdog);
    say('tearing down');
    await within(30_000, 'teardown', teardown()).catch((e: Error) => say(e.message));
    if (!keepRunDir) rmSync(runDir, { recursive: true, force: true });
    else say(`kept ${runDir}`);
  }
}

function finish(tally: Tally): number {
  process.stdout.write(`${tally.closingLine()}\n`);
  return tally.failed > 0 || tally.passed === 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stdout.write(`e2e runner crashed: ${e instanceof Error ? e.stack : String(e)}\n0 passed, 1 failed\n`);
    void stopAll().finally(() => process.exit(1));
  },
);
