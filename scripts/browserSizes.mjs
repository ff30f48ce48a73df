// Prints the sizes of the browser bundles as they ship (minified, production: no source map), and
// gzipped (what a browser downloads from vscode.dev's extension CDN): `npm run size:browser`.
// Builds in memory with the browser build's own options (scripts/browserBuild.mjs); writes nothing.
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { browserOptions, browserPrograms } from './browserBuild.mjs';

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
for (const p of browserPrograms.filter((q) => !q.in.startsWith('test/'))) {
  const result = await esbuild.build({ ...browserOptions(p, { production: true }), write: false });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  process.stdout.write(`${p.out}.js: ${kb(js.contents.length)} minified, ${kb(gzipSync(js.contents, { level: 9 }).length)} gzipped\n`);
}
