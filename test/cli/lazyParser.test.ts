// A lint of a clean file never evaluates antlr4ng, the generated ANTLR parser, antlr4-c3 or ignore: they
// are loaded on first use (core/src/syntax/antlrParser.ts, core/src/workspace/workspaceFiles.ts). V8's precise coverage of the CLI run
// (NODE_V8_COVERAGE) lists the functions of main.js that ran, main.js's source map says which
// source each comes from; a statement only ANTLR can parse shows that the check does see them.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { FIXTURES, ROOT, runCli, tempDir } from './helpers';

interface Coverage {
  result: { url: string; functions: { ranges: { startOffset: number; count: number }[] }[] }[];
}

/** The CLI's bundles whose functions are looked at: main.js and the ANTLR parser's own (out/cli/antlr.js). */
const BUNDLES = ['main', 'antlr'];
const WATCHED = /node_modules[\\/](antlr4ng|antlr4-c3|ignore)[\\/]|generated[\\/]SvcSqlParser/;

interface Bundle {
  lineStarts: number[];
  map: SourceMap;
}

function bundle(name: string): Bundle {
  const file = join(ROOT, 'out', 'cli', `${name}.js`);
  const code = readFileSync(file, 'utf8');
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
  return { lineStarts, map };
}

/**
 * The watched sources (antlr4ng, antlr4-c3, the generated parser) whose code ran in `svcsql lint file`,
 * how many of main.js's functions ran, and which bundles' code ran.
 */
async function antlrSourcesRun(text: string): Promise<{ sources: string[]; ranFromMain: number; bundles: string[] }> {
  const dir = tempDir();
  const file = join(dir, 'input.svcsql');
  writeFileSync(file, text);
  const coverage = join(dir, 'coverage');
  await runCli(['lint', file], { cwd: dir, env: { NODE_V8_COVERAGE: coverage, SVCSQL_CACHE_DIR: join(dir, 'cache') } });
  const sources = new Set<string>();
  const bundles = new Set<string>();
  let ranFromMain = 0;
  for (const name of readdirSync(coverage)) {
    const report = JSON.parse(readFileSync(join(coverage, name), 'utf8')) as Coverage;
    for (const script of report.result) {
      const which = BUNDLES.find((b) => script.url.endsWith(`cli/${b}.js`) || script.url.endsWith(`cli\\${b}.js`));
      if (!which) continue;
      const { lineStarts, map } = bundle(which);
      for (const fn of script.functions) {
        const own = fn.ranges[0];
        if (!own || own.count === 0) continue;
        bundles.add(which);
        if (which === 'main') ranFromMain++;
        let line = lineStarts.length - 1;
        while (lineStarts[line]! > own.startOffset) line--;
        const entry = map.findEntry(line, own.startOffset - lineStarts[line]!) as { originalSource?: string };
        if (entry.originalSource && WATCHED.test(entry.originalSource))
          sources.add(entry.originalSource.replace(/^.*node_modules[\\/]/, ''));
      }
    }
  }
  return { sources: [...sources].sort(), ranFromMain, bundles: [...bundles].sort() };
}

test('lint of a clean file evaluates no ANTLR code; a statement only ANTLR parses does', async () => {
  const clean = await antlrSourcesRun(readFileSync(join(FIXTURES, 'clean', 'ok.svcsql'), 'utf8'));
  assert.ok(clean.ranFromMain > 100, `main.js's functions are in the coverage (${clean.ranFromMain})`);
  assert.deepEqual(clean.sources, []);
  assert.deepEqual(clean.bundles, ['main'], 'the ANTLR bundle is not even read');
  const broken = await antlrSourcesRun('CREATE ) ( = = WITH WITH , ;\n');
  assert.ok(
    broken.sources.some((s) => s.startsWith('antlr4ng')),
    `antlr4ng ran for the broken statement: ${broken.sources.join(', ')}`,
  );
  assert.deepEqual(broken.bundles, ['antlr', 'main']);
});
