// No Node-only module may reach the browser build: the browser entries are bundled again here with
// the build's own guard (scripts/browserBuild.mjs: any Node built-in left after the swaps fails the
// build), and the guard is shown to fail on a module that imports one.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';

const root = resolve(__dirname, '../../..');

/** Bundles entry with the browser build's options (written to outdir, not out/); returns esbuild's errors. */
function bundle(entry: string, outdir: string, swapsOf?: string): { ok: boolean; errors: string } {
  const script = `
    import * as esbuild from 'esbuild';
    import { browserOptions, browserPrograms } from ${JSON.stringify(pathToFileURL(join(root, 'scripts/browserBuild.mjs')).href)};
    const base = browserPrograms.find((p) => p.in === ${JSON.stringify(swapsOf ?? '')}) ?? {};
    const options = browserOptions({ ...base, in: ${JSON.stringify(entry)}, out: 'bundle' }, { production: true });
    try {
      await esbuild.build({ ...options, outdir: ${JSON.stringify(outdir)}, write: false });
    } catch (e) {
      console.error(e.errors.map((x) => x.text).join('\\n'));
      process.exit(1);
    }`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  return { ok: r.status === 0, errors: r.stderr };
}

describe('browser build', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'svcsql-browser-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('the extension and the server bundle with no Node built-in', () => {
    for (const entry of ['client/src/browserExtension.ts', 'server/src/browserServer.ts']) {
      const r = bundle(entry, tmp, entry);
      assert.ok(r.ok, `${entry}: ${r.errors}`);
    }
  });

  it('fails on a module that imports a Node built-in, naming it', () => {
    const fixture = join(tmp, 'usesFs.ts');
    writeFileSync(
      fixture,
      "import { readFileSync } from 'node:fs';\nimport { join } from 'path';\nexport const x = readFileSync(join('a', 'b'));\n",
    );
    const r = bundle(fixture, tmp);
    assert.equal(r.ok, false);
    assert.match(r.errors, /Node built-in "node:fs" imported by/);
    assert.match(r.errors, /Node built-in "path" imported by/);
  });
});
