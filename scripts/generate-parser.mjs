// Generates the TypeScript parser from grammar/*.g4 with antlr-ng.
// antlr-ng exits 0 even after error(NN) lines, so this script reads its output and fails itself.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = 'core/src/generated';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const grammars = readdirSync('grammar')
  .filter((f) => f.endsWith('.g4'))
  .map((f) => join('grammar', f));
const result = spawnSync(
  process.execPath,
  [
    'node_modules/antlr-ng/dist/cli/runner.js',
    '-Dlanguage=TypeScript',
    '--generate-visitor',
    'false',
    '--generate-listener',
    'false',
    '-o',
    out,
    ...grammars,
  ],
  { encoding: 'utf8' },
);
const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
if (output.trim()) process.stdout.write(output);
if (result.status !== 0 || /error\(\d+\)/i.test(output)) {
  console.error('generate-parser: antlr-ng reported errors; the parser was not generated.');
  process.exit(1);
}
const files = readdirSync(out);
if (!files.some((f) => f.endsWith('Parser.ts'))) {
  console.error(`generate-parser: no parser in ${out} (found: ${files.join(', ')})`);
  process.exit(1);
}
// Generated code is not ours to lint: strict unused-symbol checks would fail on it.
for (const f of files.filter((f) => f.endsWith('.ts'))) {
  const path = join(out, f);
  writeFileSync(path, `// @ts-nocheck\n${readFileSync(path, 'utf8')}`);
}
console.log(`generate-parser: ${files.filter((f) => f.endsWith('.ts')).join(', ')}`);
