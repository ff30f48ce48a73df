// Packages the extension into a .vsix as `npm run package` ships it: production (minified) bundles
// made by the project's own scripts/bundle.mjs, then `vsce package --no-dependencies` (offline).
// Both run in a stage folder of the run: others may rebuild out/ in this tree while a run packages
// (a bundle rewritten mid-zip breaks the archive), and `bundle.mjs --production` in place would
// overwrite everyone's out/.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { repoRoot } from './paths';
import { runToEnd } from './procs';

/** What the .vsix ships (mirrors .vscodeignore's allow-list) plus what vsce reads. */
const SHIPPED = [
  'package.json',
  '.vscodeignore',
  'LICENSE',
  'LICENSE.md',
  'README.md',
  'CHANGELOG.md',
  'language-configuration.json',
  'syntaxes',
  'media',
];
/** Sources the extension's two bundles are built from (linked into the stage, removed before vsce). */
const SOURCES = ['client', 'server', 'service', 'scripts', 'node_modules'];

export async function packageVsix(outFile: string, options: { production?: boolean } = {}): Promise<{ file: string; bytes: number }> {
  const production = options.production ?? true;
  const stage = join(dirname(outFile), 'vsix-stage');
  const vsce = join(repoRoot, 'node_modules', '.bin', 'vsce');
  let lastError: unknown;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      rmSync(stage, { recursive: true, force: true });
      mkdirSync(join(stage, 'out'), { recursive: true });
      if (production) {
        for (const s of SOURCES) if (existsSync(join(repoRoot, s))) symlinkSync(join(repoRoot, s), join(stage, s));
        await runToEnd(process.execPath, [join(stage, 'scripts', 'bundle.mjs'), '--production'], { cwd: stage, ms: 120_000 });
        for (const s of SOURCES) rmSync(join(stage, s), { force: true });
        for (const f of ['out/client.js', 'out/server.js'])
          if (!existsSync(join(stage, f))) throw new Error(`bundle.mjs --production made no ${f}`);
      } else {
        // out/server.js and out/indexWorker.js are launchers of the bundles in out/server/ (server/src/host/launchServer.ts).
        for (const f of ['out/client.js', 'out/server.js', 'out/indexWorker.js', 'out/server']) {
          if (!existsSync(join(repoRoot, f))) throw new Error(`${f} missing: the extension is not built (npm run build)`);
          cpSync(join(repoRoot, f), join(stage, f), { recursive: true });
        }
      }
      for (const f of SHIPPED) if (existsSync(join(repoRoot, f))) cpSync(join(repoRoot, f), join(stage, f), { recursive: true });
      withoutPrepublish(join(stage, 'package.json'));
      // --no-rewrite-relative-links: the repository URL is no GitHub/GitLab one, so vsce cannot turn
      // README's relative links into absolute ones and may refuse; offline they stay relative.
      const args = ['package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '-o', outFile];
      // vsce asks (on stdin) to continue without a LICENSE; say so instead of hanging or failing.
      if (!existsSync(join(stage, 'LICENSE')) && !existsSync(join(stage, 'LICENSE.md'))) args.push('--skip-license');
      await runToEnd(vsce, args, { cwd: stage, ms: 120_000, input: 'y\n' });
      return { file: outFile, bytes: statSync(outFile).size };
    } catch (e) {
      lastError = e;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

/** The stage holds its bundles already and no sources: vsce must not run `vscode:prepublish` (a full build) there. */
function withoutPrepublish(manifestPath: string): void {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { scripts?: Record<string, string> };
  if (!manifest.scripts?.['vscode:prepublish']) return;
  delete manifest.scripts['vscode:prepublish'];
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}
