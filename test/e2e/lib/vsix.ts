// Packages the already-built extension into a .vsix (offline: --no-dependencies, bundles only).
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';
import { runToEnd } from './procs';

export async function packageVsix(outFile: string): Promise<{ file: string; bytes: number }> {
  for (const f of ['out/client.js', 'out/server.js']) {
    if (!existsSync(join(repoRoot, f))) throw new Error(`${f} missing: the extension is not built (npm run build)`);
  }
  const vsce = join(repoRoot, 'node_modules', '.bin', 'vsce');
  const args = ['package', '--no-dependencies', '--allow-missing-repository', '-o', outFile];
  // vsce asks (on stdin) to continue without a LICENSE; say so instead of hanging or failing.
  if (!existsSync(join(repoRoot, 'LICENSE')) && !existsSync(join(repoRoot, 'LICENSE.md'))) args.push('--skip-license');
  await runToEnd(vsce, args, { cwd: repoRoot, ms: 120_000, input: 'y\n' });
  return { file: outFile, bytes: statSync(outFile).size };
}
