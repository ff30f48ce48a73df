// `npm start`: the one-command demo. Starts the project's service emulator, then opens examples/ in
// VS Code with the extension loaded and the demo connection configured: desktop VS Code when `code`
// is on PATH (--extensionDevelopmentPath), else the browser VS Code of the e2e harness (code-server
// on 127.0.0.1), printing the URL to open. Ctrl+C stops everything it started.
//
// Options: --browser (use code-server even when `code` exists), --port N (code-server's port),
// --check (code-server mode: open it in headless chromium, run a statement, screenshot, exit).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_IDS, DEMO_KEY, DEMO_PROFILE, demoEnv, demoHelperDir, startDemoCodeServer, writeDemoSettings } from './lib/demoSetup';
import { startEmulatorProcess } from './lib/emulator';
import { cacheDir, locateTools, repoRoot, resultsDir } from './lib/paths';
import { installTeardownHooks, isStopping, startGroup, stopAll } from './lib/procs';
import { packageVsix } from './lib/vsix';
import { checkDemoInBrowser } from './lib/demoCheck';

const say = (s: string): void => void process.stdout.write(`demo: ${s}\n`);

function onPath(cmd: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const p = join(dir, cmd);
    if (dir && existsSync(p)) return p;
  }
  return undefined;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { browser: { type: 'boolean' }, port: { type: 'string' }, check: { type: 'boolean' } },
    strict: true,
  });
  installTeardownHooks();
  const runDir = mkdtempSync(join(tmpdir(), 'svcsql-demo-'));
  process.on('exit', () => rmSync(runDir, { recursive: true, force: true }));
  const examples = join(repoRoot, 'examples');

  say('starting the service emulator (demo project, demo credentials built in)');
  const emulator = await startEmulatorProcess({ logFile: join(runDir, 'emulator.log') });
  say(`emulator listening on ${emulator.url}`);

  const code = values.browser || values.check ? undefined : onPath('code');
  if (code) {
    const userDataDir = join(runDir, 'user-data');
    writeDemoSettings(userDataDir, emulator.url);
    say(`opening ${examples} in desktop VS Code (${code}) with the extension from ${repoRoot}`);
    const vscode = startGroup(
      'code',
      code,
      [
        '--wait',
        '--new-window',
        `--user-data-dir=${userDataDir}`,
        `--extensionDevelopmentPath=${repoRoot}`,
        `--extensionDevelopmentPath=${demoHelperDir}`,
        '--disable-workspace-trust',
        examples,
      ],
      { env: { ...process.env, ...demoEnv() }, echo: true },
    );
    say('close the VS Code window or press Ctrl+C to stop the demo');
    const exit = await vscode.exited;
    if (isStopping()) return new Promise(() => undefined);
    say(`VS Code exited (${exit}); stopping the emulator`);
    await stopAll();
    return 0;
  }

  say(
    `${values.browser || values.check ? 'asked for the browser' : 'no `code` on PATH'}: using the browser VS Code (code-server on 127.0.0.1)`,
  );
  // Instant when the cache is ready; the first time it installs code-server, Node 24 and chromium.
  if (!existsSync(join(cacheDir(), 'stamp'))) say(`installing the browser VS Code into ${cacheDir()} first (one time, a few minutes)`);
  const r = spawnSync('bash', [join(repoRoot, 'test', 'e2e', 'setup.sh')], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('test/e2e/setup.sh failed');
  const tools = locateTools();
  say('packaging the extension and installing it into the demo profile');
  const vsix = await packageVsix(join(runDir, 'svcsql.vsix'));
  const { server, url, logsRoot } = await startDemoCodeServer(tools, join(runDir, 'code-server'), {
    vsix: vsix.file,
    emulatorUrl: emulator.url,
    folder: examples,
    ...(values.port ? { port: Number(values.port) } : {}),
  });

  if (values.check) {
    mkdirSync(resultsDir, { recursive: true });
    const ok = await checkDemoInBrowser(tools.chromium, url, join(resultsDir, 'demo.png'), logsRoot).then(
      (m) => (say(m), true),
      (e: unknown) => (say(`check failed: ${e instanceof Error ? e.message : String(e)}`), false),
    );
    await stopAll();
    return ok ? 0 : 1;
  }

  process.stdout.write(
    [
      '',
      '  Service SQL demo is running.',
      `  Open in your browser:  ${url}`,
      '',
      `  Connection: profile "${DEMO_PROFILE}" -> ${emulator.url} (the local emulator; its public demo`,
      `  identifiers ${DEMO_IDS.accountUid}/${DEMO_IDS.projectUid}). The demo key/secret (${DEMO_KEY.apiKey} / ${DEMO_KEY.apiSecret})`,
      '  are stored for you on first load; if not, run "Service SQL: Configure Connection" and enter them.',
      '  Try: open mistakes.svcsql, fix the squiggles; put the caret in a statement of clusters.svcsql',
      '  and press Ctrl+Enter; watch the Requests view and the "Service SQL" output.',
      '',
      '  Ctrl+C stops the demo (code-server and the emulator).',
      '',
    ].join('\n'),
  );
  // Runs until Ctrl+C (the teardown hooks stop both process groups) or until either one dies.
  const which = await Promise.race([server.proc.exited.then(() => 'code-server'), emulator.proc.exited.then(() => 'the emulator')]);
  if (isStopping()) return new Promise(() => undefined); // Ctrl+C: the signal handler finishes the exit
  say(`${which} stopped unexpectedly; stopping the rest`);
  await stopAll();
  return 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stdout.write(`demo failed: ${e instanceof Error ? e.message : String(e)}\n`);
    void stopAll().finally(() => process.exit(1));
  },
);
