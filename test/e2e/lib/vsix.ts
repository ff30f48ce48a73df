// Packages the already-built extension into a .vsix (offline: --no-dependencies, bundles only).
// vsce runs on a copy of the files it ships, staged in the run folder: others may rebuild out/ in
// this tree while a run packages, and a bundle rewritten mid-zip breaks the archive.
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { repoRoot } from './paths';
import { runToEnd } from './procs';

/** What the .vsix ships (mirrors .vscodeignore's allow-list) plus what vsce reads. */
const SHIPPED = ['package.json', '.vscodeignore', 'LICENSE', 'LICENSE.md', 'README.md', 'CHANGELOG.md', 'language-configuration.json', 'syntaxes', 'media', 'out/client.js', 'out/server.js'];

export async function packageVsix(outFile: string): Promise<{ file: string; bytes: number }> {
  for (const f of ['out/client.js', 'out/server.js']) {
    if (!existsSync(join(repoRoot, f))) throw new Error(`${f} missing: the extension is not built (npm run build)`);
  }
  const stage = join(dirname(outFile), 'vsix-stage');
  const vsce = join(repoRoot, 'node_modules', '.bin', 'vsce');
  let lastError: unknown;
  for (let attempt = 1; attempt <= 3; attempt++) {
    rmSync(stage, { recursive: true, force: true });
    mkdirSync(join(stage, 'out'), { recursive: true });
    for (const f of SHIPPED) if (existsSync(join(repoRoot, f))) cpSync(join(repoRoot, f), join(stage, f), { recursive: true });
    // --no-rewrite-relative-links: the repository URL is no GitHub/GitLab one, so vsce cannot turn
    // README's relative links into absolute ones and would refuse; offline they stay relative.
    const args = ['package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '-o', outFile];
    // vsce asks (on stdin) to continue without a LICENSE; say so instead of hanging or failing.
    if (!existsSync(join(stage, 'LICENSE')) && !existsSync(join(stage, 'LICENSE.md'))) args.push('--skip-license');
    try {
      await runToEnd(vsce, args, { cwd: stage, ms: 120_000, input: 'y\n' });
      return { file: outFile, bytes: statSync(outFile).size };
    } catch (e) {
      lastError = e;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
