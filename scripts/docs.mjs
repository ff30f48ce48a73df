// npm run docs: writes docs/statements.md from the catalog (core/src/reference/statementsMarkdown.ts).
// test/catalog/statementsDoc.test.ts fails when the committed file differs from what this writes.
import * as esbuild from 'esbuild';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = `
export { statementsMarkdown } from './core/src/reference/statementsMarkdown';
export { catalog, objectKinds } from './core/src/catalog/index';
`;
const built = await esbuild.build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'docs-entry.ts' },
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  logLevel: 'warning',
});
const code = built.outputFiles[0].text;
const { statementsMarkdown, catalog, objectKinds } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
const out = join(root, 'docs', 'statements.md');
writeFileSync(out, statementsMarkdown(catalog, objectKinds));
console.log(`docs: wrote docs/statements.md (${catalog.statements.length} statements)`);
