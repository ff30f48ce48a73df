// npm run docs: writes docs/statements.md from the catalog (core/src/reference/statementsMarkdown.ts) and
// docs/diagnostics.md from the registry of codes (core/src/diagnostics/diagnosticsMarkdown.ts).
// test/catalog/statementsDoc.test.ts and diagnosticCodes.test.ts fail when a committed file differs from what this writes.
import * as esbuild from 'esbuild';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = `
export { statementsMarkdown } from './core/src/reference/statementsMarkdown';
export { catalog, objectKinds } from './core/src/catalog/index';
export { diagnosticsMarkdown } from './core/src/diagnostics/diagnosticsMarkdown';
export { diagnosticCodes } from './core/src/diagnostics/codes';
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
const { statementsMarkdown, catalog, objectKinds, diagnosticsMarkdown, diagnosticCodes } = await import(
  `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
);
const out = join(root, 'docs', 'statements.md');
writeFileSync(out, statementsMarkdown(catalog, objectKinds));
console.log(`docs: wrote docs/statements.md (${catalog.statements.length} statements)`);
writeFileSync(join(root, 'docs', 'diagnostics.md'), diagnosticsMarkdown(diagnosticCodes));
console.log(`docs: wrote docs/diagnostics.md (${diagnosticCodes.length} codes)`);
