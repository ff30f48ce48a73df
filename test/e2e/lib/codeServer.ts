// code-server (VS Code's workbench served to a browser, with a real Node extension host), started on a
// free loopback port in its own process group, with every folder it writes to inside the run folder.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './ports';
import { runToEnd, startGroup, type Proc } from './procs';
import type { Tools } from './paths';
import { waitForHttp } from './wait';

export interface CodeServerDirs {
  userDataDir: string;
  extensionsDir: string;
  xdgConfig: string;
  xdgData: string;
  logs: string;
}

/** The folders code-server writes to, all below root. */
export function codeServerDirs(root: string): CodeServerDirs {
  const dirs = {
    userDataDir: join(root, 'user-data'),
    extensionsDir: join(root, 'extensions'),
    xdgConfig: join(root, 'xdg-config'),
    xdgData: join(root, 'xdg-data'),
    logs: join(root, 'logs'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  mkdirSync(join(dirs.userDataDir, 'User'), { recursive: true });
  return dirs;
}

function env(tools: Tools, dirs: CodeServerDirs, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Node 24 first: code-server 4.139.1 requires it, and its extension host and the language
    // servers it forks run on the same binary.
    PATH: `${join(tools.node, '..')}:${process.env.PATH ?? ''}`,
    XDG_CONFIG_HOME: dirs.xdgConfig,
    XDG_DATA_HOME: dirs.xdgData,
    ...extra,
  };
}

/** `code-server --install-extension x.vsix` into the run's extensions folder. */
export async function installExtension(tools: Tools, dirs: CodeServerDirs, vsix: string): Promise<string> {
  return runToEnd(
    tools.node,
    [
      tools.codeServerEntry,
      '--user-data-dir',
      dirs.userDataDir,
      '--extensions-dir',
      dirs.extensionsDir,
      '--install-extension',
      vsix,
      '--force',
    ],
    { env: env(tools, dirs), ms: 120_000 },
  );
}

export interface RunningCodeServer {
  url: string;
  host: string;
  port: number;
  proc: Proc;
  dirs: CodeServerDirs;
}

export async function startCodeServer(
  tools: Tools,
  dirs: CodeServerDirs,
  options: { workspace?: string; env?: NodeJS.ProcessEnv; port?: number; echo?: boolean; smokeTestDriver?: boolean },
): Promise<RunningCodeServer> {
  const port = options.port ?? (await freePort());
  const host = `127.0.0.1:${port}`;
  const args = [
    tools.codeServerEntry,
    '--bind-addr',
    host,
    '--auth',
    'none',
    '--user-data-dir',
    dirs.userDataDir,
    '--extensions-dir',
    dirs.extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    // Without it, extension hosts and language servers outlive the browser for 3 hours.
    '--reconnection-grace-time',
    '5',
    // The test driver: honours the `payload` URL parameter and reports to codeAutomationExit/Log.
    ...(options.smokeTestDriver === false ? [] : ['--vscode-option', 'enable-smoke-test-driver']),
    ...(options.workspace ? [options.workspace] : []),
  ];
  const proc = startGroup('code-server', tools.node, args, {
    env: env(tools, dirs, options.env),
    logFile: join(dirs.logs, 'code-server.log'),
    echo: options.echo,
  });
  const url = `http://${host}`;
  try {
    await Promise.race([
      waitForHttp(`${url}/healthz`, 30_000),
      proc.exited.then((code) => {
        throw new Error(`code-server exited (${code}) before answering:\n${proc.output().slice(-2000)}`);
      }),
    ]);
  } catch (e) {
    await proc.stop();
    throw e;
  }
  return { url, host, port, proc, dirs };
}
