// What the demo (and the figures script) configure: the demo profile in the user settings of a
// user-data-dir of their own, and the helper extension that hands over the demo key/secret.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_CREDENTIALS } from '../../../emulator/src/options';
import { codeServerDirs, installExtension, startCodeServer, type RunningCodeServer } from './codeServer';
import { repoRoot, type Tools } from './paths';
import { runToEnd } from './procs';
import { quietUserSettings, writeUserSettings } from './workspace';

// The emulator's public demo identity (printed by it on start): the identifiers a profile's
// settings hold, and the key and secret that go to SecretStorage.
const { apiKey, apiSecret, ...ids } = DEMO_CREDENTIALS;
export const DEMO_IDS = ids;
export const DEMO_KEY = { apiKey, apiSecret };
export const DEMO_PROFILE = 'demo';

export function writeDemoSettings(userDataDir: string, emulatorUrl: string): void {
  writeUserSettings(userDataDir, {
    ...quietUserSettings,
    'svcsql.activeProfile': DEMO_PROFILE,
    'svcsql.profiles': { [DEMO_PROFILE]: { baseUrl: emulatorUrl, ...DEMO_IDS } },
  });
}

/** Environment for the process that hosts the extension: the helper reads key/secret from it. */
export function demoEnv(): NodeJS.ProcessEnv {
  return { SVCSQL_DEMO_API_KEY: DEMO_KEY.apiKey, SVCSQL_DEMO_API_SECRET: DEMO_KEY.apiSecret };
}

export const demoHelperDir = join(repoRoot, 'test', 'e2e', 'demo-connection');

/** Packages the helper extension (for code-server, which installs only .vsix files). */
export async function packageDemoHelper(outFile: string): Promise<string> {
  const vsce = join(repoRoot, 'node_modules', '.bin', 'vsce');
  if (!existsSync(vsce)) throw new Error('node_modules/.bin/vsce missing: npm ci');
  await runToEnd(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', outFile], {
    cwd: demoHelperDir,
    ms: 60_000,
  });
  return outFile;
}

/**
 * The browser half of the demo: a code-server of its own (folders below root) with the extension
 * (.vsix) and the helper installed and the demo profile in its user settings. Returns the URL that
 * opens folder and the folder its logs (the extension's output channel among them) go to.
 */
export async function startDemoCodeServer(
  tools: Tools,
  root: string,
  options: { vsix: string; emulatorUrl: string; folder: string; port?: number },
): Promise<{ server: RunningCodeServer; url: string; logsRoot: string }> {
  const dirs = codeServerDirs(root);
  writeDemoSettings(dirs.userDataDir, options.emulatorUrl);
  await installExtension(tools, dirs, options.vsix);
  await installExtension(tools, dirs, await packageDemoHelper(join(root, 'svcsql-demo-connection.vsix')));
  const server = await startCodeServer(tools, dirs, {
    env: demoEnv(),
    smokeTestDriver: false,
    ...(options.port ? { port: options.port } : {}),
  });
  return { server, url: `${server.url}/?folder=${encodeURIComponent(options.folder)}`, logsRoot: join(dirs.userDataDir, 'logs') };
}
