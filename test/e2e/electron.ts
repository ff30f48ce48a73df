// `npm run test:electron`: the same in-extension-host suite under @vscode/test-electron, on a machine
// that has desktop VS Code. It needs either the network (test-electron downloads VS Code) or a local
// VS Code named by VSCODE_EXECUTABLE (e.g. /usr/share/code/code). Starts the project's emulator, so
// the Run Statement tests run too.
import { runTests } from '@vscode/test-electron';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulatorProcess, type RunningEmulator } from './lib/emulator';
import { repoRoot } from './lib/paths';
import { installTeardownHooks, stopAll } from './lib/procs';
import type { HostReport } from './lib/results';
import { Tally } from './lib/results';
import { within } from './lib/wait';
import { copyWorkspace, quietUserSettings, writeUserSettings } from './lib/workspace';

async function main(): Promise<number> {
  installTeardownHooks();
  const tally = new Tally();
  const runDir = mkdtempSync(join(tmpdir(), 'svcsql-electron-'));
  const workspace = copyWorkspace('test/e2e/fixtures', join(runDir, 'workspace'));
  const userDataDir = join(runDir, 'user-data');
  writeUserSettings(userDataDir, quietUserSettings);
  const resultsFile = join(runDir, 'host-results.json');
  let emulator: RunningEmulator | undefined;
  try {
    emulator = await startEmulatorProcess();
  } catch (e) {
    process.stdout.write(`emulator not started (${e instanceof Error ? e.message : String(e)}): Run Statement tests will skip\n`);
  }
  let exitCode = 1;
  try {
    // runTests has no overall deadline of its own (its timeout is the download's idle timeout).
    exitCode = await within(
      15 * 60_000,
      'VS Code to run the suite',
      runTests({
        vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
        version: process.env.VSCODE_VERSION || undefined,
        extensionDevelopmentPath: repoRoot,
        extensionTestsPath: join(repoRoot, 'out', 'test-e2e', 'suite', 'index.js'),
        launchArgs: [
          workspace,
          '--disable-extensions',
          '--disable-workspace-trust',
          '--skip-welcome',
          '--skip-release-notes',
          `--user-data-dir=${userDataDir}`,
        ],
        extensionTestsEnv: {
          SVCSQL_E2E_RESULTS: resultsFile,
          SVCSQL_E2E_USER_SETTINGS: join(userDataDir, 'User', 'settings.json'),
          SVCSQL_E2E_LOGS_DIR: join(userDataDir, 'logs'),
          SVCSQL_E2E_EXAMPLES: join(repoRoot, 'examples'),
          ...(emulator ? { SVCSQL_E2E_EMULATOR_URL: emulator.url } : {}),
        },
        timeout: 60_000,
      }),
    );
  } catch (e) {
    process.stdout.write(`VS Code run failed: ${e instanceof Error ? e.message : String(e)}\n`);
    if (!process.env.VSCODE_EXECUTABLE) {
      process.stdout.write(
        '@vscode/test-electron downloads VS Code unless VSCODE_EXECUTABLE names an installed one (e.g. VSCODE_EXECUTABLE=/usr/share/code/code).\n',
      );
    }
  } finally {
    await stopAll();
  }
  try {
    const report = JSON.parse(readFileSync(resultsFile, 'utf8')) as HostReport;
    for (const r of report.results) tally.add({ ...r, suite: `host: ${r.suite}` });
  } catch {
    tally.add({ suite: 'host', title: 'the suite reported its results', ok: false, ms: 0 });
  }
  if (exitCode !== 0 && tally.failed === 0) tally.add({ suite: 'host', title: `VS Code exited ${exitCode}`, ok: false, ms: 0 });
  rmSync(runDir, { recursive: true, force: true });
  process.stdout.write(`${tally.closingLine()}\n`);
  return tally.failed > 0 || tally.passed === 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stdout.write(`${e instanceof Error ? e.stack : String(e)}\n0 passed, 1 failed\n`);
    process.exit(1);
  },
);
