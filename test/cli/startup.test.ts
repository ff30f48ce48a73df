// What a CLI run loads (cli/src/launch/): linting named files loads out/cli/main.js alone, through
// the code cache; the HTTP client, the result table and the folder walker are in bundles of their
// own, loaded by the commands that use them. Counts of work, not time (timing is `npm run bench`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildCorpus } from '../../bench/corpus';
import { SEGMENT_LIMITS } from '../../cli/src/segments';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import {
  codeCacheDir,
  commonJsWrapped,
  entriesToEvict,
  partsMissing,
  readBundle,
  readEntry,
  scriptSource,
  WRAPPER_HEAD,
  WRAPPER_TAIL,
} from '../../launch/src/codeCache';
import { CLI_V8_FLAGS, flagsBinding, GROW_AFTER_BYTES } from '../../cli/src/launch/v8Flags';
import { asksVersionOnly } from '../../cli/src/launch/versionOnly';
import { plainLintPaths } from '../../cli/src/plainLint';
import { startEmulator } from '../../emulator/src/emulator';
import { envFor, FIXTURES, ROOT, runCli, tempDir } from './helpers';

interface Loaded {
  file: string;
  cache: string;
}

async function loads(
  args: string[],
  cacheDir: string,
  cwd = FIXTURES,
  build = join(ROOT, 'out'),
): Promise<{ loaded: Loaded[]; code: number | null }> {
  const r = await runCli(args, { cwd, script: join(build, 'cli.js'), env: { SVCSQL_CACHE_DIR: cacheDir, SVCSQL_CODE_CACHE_TRACE: '1' } });
  const line = /svcsql: bundles (\[.*\])/.exec(r.stderr);
  assert.ok(line, `trace line in: ${r.stderr}`);
  const loaded = (JSON.parse(line[1]!) as Loaded[]).map((l) => ({
    file: l.file.slice(join(build, 'cli').length + 1),
    cache: l.cache,
  }));
  return { loaded, code: r.code };
}

test('lint of a named file loads main.js only; the second run takes its code from the cache', async () => {
  const cache = tempDir();
  const first = await loads(['lint', 'errors/bad.svcsql'], cache);
  assert.deepEqual(first.loaded, [{ file: 'main.js', cache: 'miss' }]);
  assert.equal(first.code, 1);
  const entries = readdirSync(join(cache, 'code-cache'));
  assert.equal(entries.length, 1, 'one cache entry, written at exit');
  // Named by the bundle's hash, the CLI's flags (lint runs under them: v8Flags.ts) and Node's version.
  assert.match(entries[0]!, /^main-[0-9a-f]{16}-v8flags-v\d+\.\d+\.\d+-\w+\.bin$/);
  const second = await loads(['lint', 'errors/bad.svcsql'], cache);
  assert.deepEqual(second.loaded, [{ file: 'main.js', cache: 'hit' }]);
});

test('a damaged cache entry is refused by V8 and rewritten; the run is unaffected', async () => {
  const cache = tempDir();
  await loads(['lint', 'clean/ok.svcsql'], cache);
  const entry = join(cache, 'code-cache', readdirSync(join(cache, 'code-cache'))[0]!);
  writeFileSync(entry, Buffer.alloc(4096, 7));
  const damaged = await loads(['lint', 'clean/ok.svcsql'], cache);
  assert.deepEqual(damaged.loaded, [{ file: 'main.js', cache: 'rejected' }]);
  assert.equal(damaged.code, 0);
  const again = await loads(['lint', 'clean/ok.svcsql'], cache);
  assert.deepEqual(again.loaded, [{ file: 'main.js', cache: 'hit' }]);
});

test('a lint of a large input lets the young generation grow, and writes an entry that a small lint takes', async () => {
  const cache = tempDir();
  const dir = tempDir();
  // Past GROW_AFTER_BYTES (v8Flags.ts): the run changes V8's flags, which a cache entry is checked against.
  const large = join(dir, 'large.svcsql');
  writeFileSync(large, 'SHOW CLUSTERS;\n'.repeat(Math.ceil((GROW_AFTER_BYTES + 4096) / 15)));
  const first = await loads(['lint', large], cache);
  assert.deepEqual(first.loaded, [{ file: 'main.js', cache: 'miss' }]);
  assert.equal(first.code, 0);
  const small = await loads(['lint', 'clean/ok.svcsql'], cache);
  assert.deepEqual(small.loaded, [{ file: 'main.js', cache: 'hit' }], 'the entry was written under the flags a run starts with');
});

/** A copy of the built launcher and main bundle; `variant` changes main.js (and so its hash), as another build would. */
function copyOfBuild(variant: string): string {
  const out = tempDir('svcsql-build-');
  mkdirSync(join(out, 'cli'));
  copyFileSync(join(ROOT, 'out', 'cli.js'), join(out, 'cli.js'));
  copyFileSync(join(ROOT, 'out', 'cli', 'main.js'), join(out, 'cli', 'main.js'));
  appendFileSync(join(out, 'cli', 'main.js'), `\n// build ${variant}\n`);
  const hash = Buffer.from(variant.padEnd(8, '0')).toString('hex').slice(0, 16);
  writeFileSync(join(out, 'cli', 'manifest.json'), JSON.stringify({ main: hash }));
  return out;
}

test('two builds sharing one cache folder keep an entry each; the oldest beyond four are dropped', async () => {
  const cache = tempDir();
  const builds = ['a', 'b', 'c', 'd', 'e'].map(copyOfBuild);
  assert.deepEqual((await loads(['lint', 'clean/ok.svcsql'], cache, FIXTURES, builds[0])).loaded, [{ file: 'main.js', cache: 'miss' }]);
  assert.deepEqual((await loads(['lint', 'clean/ok.svcsql'], cache, FIXTURES, builds[1])).loaded, [{ file: 'main.js', cache: 'miss' }]);
  // Build a again after b: its entry is still there.
  assert.deepEqual((await loads(['lint', 'clean/ok.svcsql'], cache, FIXTURES, builds[0])).loaded, [{ file: 'main.js', cache: 'hit' }]);
  assert.deepEqual((await loads(['lint', 'clean/ok.svcsql'], cache, FIXTURES, builds[1])).loaded, [{ file: 'main.js', cache: 'hit' }]);
  for (const b of builds.slice(2)) await loads(['lint', 'clean/ok.svcsql'], cache, FIXTURES, b);
  const entries = readdirSync(join(cache, 'code-cache'));
  assert.equal(entries.length, 4, `four entries kept: ${entries.join(', ')}`);
  // a was written first: it is the one dropped.
  assert.deepEqual((await loads(['lint', 'clean/ok.svcsql'], cache, FIXTURES, builds[1])).loaded, [{ file: 'main.js', cache: 'hit' }]);
  assert.deepEqual((await loads(['lint', 'clean/ok.svcsql'], cache, FIXTURES, builds[0])).loaded, [{ file: 'main.js', cache: 'miss' }]);
});

/** The one entry of main.js in a cache folder (its first byte: the parts it holds). */
function mainEntry(cache: string): Buffer {
  const files = readdirSync(join(cache, 'code-cache')).filter((f) => f.startsWith('main-'));
  assert.equal(files.length, 1, files.join(', '));
  return readFileSync(join(cache, 'code-cache', files[0]!));
}

test('an entry written by a clean lint is widened once by a run that needed the ANTLR parser', async () => {
  const cache = tempDir();
  const dir = tempDir();
  writeFileSync(join(dir, 'broken.svcsql'), 'CREATE ) ( = = WITH WITH , ;\n');
  writeFileSync(join(dir, 'ok.svcsql'), readFileSync(join(FIXTURES, 'clean', 'ok.svcsql')));
  // main.js's entry; the ANTLR parser's own bundle (antlr.js) has an entry of its own once a run used it.
  const entry = () => mainEntry(cache);
  assert.deepEqual((await loads(['lint', 'ok.svcsql'], cache, dir)).loaded, [{ file: 'main.js', cache: 'miss' }]);
  const clean = entry();
  assert.equal(clean[0], 4 | 32, 'a clean lint used the lint command and the validation, no ANTLR part');
  assert.deepEqual((await loads(['lint', 'broken.svcsql'], cache, dir)).loaded, [
    { file: 'main.js', cache: 'widened' },
    { file: 'antlr.js', cache: 'miss' },
  ]);
  const widened = entry();
  assert.equal(widened[0], 4 | 32 | 1, 'the entry now holds the ANTLR parser');
  assert.ok(widened.length > clean.length, `the parser's code is in it: ${clean.length} → ${widened.length} bytes`);
  assert.deepEqual((await loads(['lint', 'broken.svcsql'], cache, dir)).loaded, [
    { file: 'main.js', cache: 'hit' },
    { file: 'antlr.js', cache: 'hit' },
  ]);
  assert.deepEqual((await loads(['lint', 'ok.svcsql'], cache, dir)).loaded, [{ file: 'main.js', cache: 'hit' }]);
  assert.equal(entry().length, widened.length, 'hits write nothing');
});

test('an entry lacking a part a run used is widened once: lint --help (commander, no analysis), a plain lint, format', async () => {
  const cache = tempDir();
  const entryParts = (): number => mainEntry(cache)[0]!;
  // lint and format run under the CLI's V8 flags, and share an entry (`svcsql --help` has one of its own).
  const [commander, lint, format, validation] = [16, 4, 8, 32];
  assert.deepEqual((await loads(['lint', '--help'], cache)).loaded, [{ file: 'main.js', cache: 'miss' }]);
  assert.equal(entryParts(), commander);
  assert.deepEqual((await loads(['lint', 'clean/ok.svcsql'], cache)).loaded, [{ file: 'main.js', cache: 'widened' }]);
  assert.equal(entryParts(), commander | lint | validation);
  assert.deepEqual((await loads(['lint', 'clean/ok.svcsql'], cache)).loaded, [{ file: 'main.js', cache: 'hit' }]);
  assert.deepEqual((await loads(['lint', '--format', 'json', 'clean/ok.svcsql'], cache)).loaded, [{ file: 'main.js', cache: 'hit' }]);
  assert.deepEqual((await loads(['format', '--check', 'clean/ok.svcsql'], cache)).loaded, [{ file: 'main.js', cache: 'widened' }]);
  assert.equal(entryParts(), commander | lint | validation | format);
  assert.deepEqual((await loads(['lint', '--help'], cache)).loaded, [{ file: 'main.js', cache: 'hit' }]);
  assert.deepEqual((await loads(['lint', 'clean/ok.svcsql'], cache)).loaded, [{ file: 'main.js', cache: 'hit' }]);
  // A plain lint first: no commander in the entry, until a command line that needs it.
  const fresh = tempDir();
  assert.deepEqual((await loads(['lint', 'clean/ok.svcsql'], fresh)).loaded, [{ file: 'main.js', cache: 'miss' }]);
  assert.deepEqual((await loads(['lint', '--max-warnings', '3', 'clean/ok.svcsql'], fresh)).loaded, [
    { file: 'main.js', cache: 'widened' },
  ]);
});

test('an entry written by a lint of an empty file or of unknown statements is widened once by the first lint that validates a statement', async () => {
  const cache = tempDir();
  const dir = tempDir();
  writeFileSync(join(dir, 'empty.svcsql'), '');
  writeFileSync(join(dir, 'unknown.svcsql'), 'CREATE ALKE l1;\nCREATE ALKE l2;\n');
  writeFileSync(join(dir, 'ok.svcsql'), readFileSync(join(FIXTURES, 'clean', 'ok.svcsql')));
  const entry = () => mainEntry(cache);
  const [lint, validation] = [4, 32];
  assert.deepEqual((await loads(['lint', 'empty.svcsql'], cache, dir)).loaded, [{ file: 'main.js', cache: 'miss' }]);
  assert.equal(entry()[0], lint, 'an empty file validates nothing');
  assert.deepEqual((await loads(['lint', 'unknown.svcsql'], cache, dir)).loaded, [{ file: 'main.js', cache: 'hit' }]);
  const thin = entry();
  assert.equal(thin[0], lint, 'unknown statements are not validated as a known kind');
  assert.deepEqual((await loads(['lint', 'ok.svcsql'], cache, dir)).loaded, [{ file: 'main.js', cache: 'widened' }]);
  const widened = entry();
  assert.equal(widened[0], lint | validation);
  assert.ok(widened.length > thin.length, `the validation's code is in it: ${thin.length} → ${widened.length} bytes`);
  assert.deepEqual((await loads(['lint', 'ok.svcsql'], cache, dir)).loaded, [{ file: 'main.js', cache: 'hit' }]);
  assert.deepEqual((await loads(['lint', 'empty.svcsql'], cache, dir)).loaded, [{ file: 'main.js', cache: 'hit' }]);
  assert.equal(entry().length, widened.length, 'hits write nothing');
});

/** The sources of main.js whose functions ran in a CLI run (V8's precise coverage, main.js's source map). */
async function mainSourcesRun(args: string[]): Promise<Set<string>> {
  const dir = tempDir();
  const coverage = join(dir, 'coverage');
  await runCli(args, { cwd: FIXTURES, env: { NODE_V8_COVERAGE: coverage, SVCSQL_CACHE_DIR: join(dir, 'cache') } });
  const file = join(ROOT, 'out', 'cli', 'main.js');
  const code = readFileSync(file, 'utf8');
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
  const sources = new Set<string>();
  for (const name of readdirSync(coverage)) {
    const report = JSON.parse(readFileSync(join(coverage, name), 'utf8')) as {
      result: { url: string; functions: { ranges: { startOffset: number; count: number }[] }[] }[];
    };
    for (const script of report.result.filter((r) => /cli[\\/]main\.js$/.test(r.url))) {
      for (const fn of script.functions) {
        const own = fn.ranges[0];
        if (!own || own.count === 0) continue;
        let line = lineStarts.length - 1;
        while (lineStarts[line]! > own.startOffset) line--;
        const entry = map.findEntry(line, own.startOffset - lineStarts[line]!) as { originalSource?: string };
        if (entry.originalSource) sources.add(entry.originalSource.replace(/\\/g, '/').replace(/^(\.\.\/)+/, ''));
      }
    }
  }
  return sources;
}

test('a plain lint runs no commander code; a lint with an option does', async () => {
  const plain = await mainSourcesRun(['lint', 'clean/ok.svcsql']);
  assert.ok(
    [...plain].some((s) => s.startsWith('core/src/')),
    `the analysis ran: ${[...plain].join(', ')}`,
  );
  const commander = (sources: Set<string>) => [...sources].filter((s) => s.includes('node_modules/commander/'));
  assert.deepEqual(commander(plain), []);
  assert.ok(!plain.has('cli/src/program.ts'));
  const parsed = await mainSourcesRun(['lint', '--format', 'json', 'clean/ok.svcsql']);
  assert.ok(commander(parsed).length > 0, 'commander ran for --format json');
  assert.ok(parsed.has('cli/src/program.ts'));
});

test('a plain `lint PATH…` (run without commander) and the same run through commander print the same', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'a.svcsql'), readFileSync(join(FIXTURES, 'errors', 'bad.svcsql')));
  writeFileSync(join(dir, 'b.svcsql'), 'CREATE ALKE x;\nSHOW CLUSTERS\n');
  for (const args of [['a.svcsql', 'b.svcsql'], ['.'], ['missing.svcsql', 'a.svcsql'], []]) {
    const plain = await runCli(['lint', ...args], { cwd: dir, env: { SVCSQL_CACHE_DIR: tempDir() } });
    const parsed = await runCli(['lint', '--format', 'text', ...args], { cwd: dir, env: { SVCSQL_CACHE_DIR: tempDir() } });
    assert.deepEqual(plain, parsed, `lint ${args.join(' ')}`);
    assert.ok(plain.stdout.length + plain.stderr.length > 0);
  }
  assert.deepEqual(plainLintPaths(['lint', 'a', 'b']), ['a', 'b']);
  assert.deepEqual(plainLintPaths(['lint']), []);
  assert.equal(plainLintPaths(['lint', '-f', 'json', 'a']), undefined);
  assert.equal(plainLintPaths(['lint', '--', 'a']), undefined);
  assert.equal(plainLintPaths(['lint', '-']), undefined);
  assert.equal(plainLintPaths(['format', 'a']), undefined);
  assert.equal(plainLintPaths(['--no-color', 'lint', 'a']), undefined);
});

test('partsMissing: what a run used that the entry lacks', () => {
  assert.equal(partsMissing(0, 0), 0);
  assert.equal(partsMissing(1, 1), 0);
  assert.equal(partsMissing(3, 1), 0);
  assert.equal(partsMissing(1, 3), 2);
  assert.equal(partsMissing(0, 1), 1);
});

test("a cache entry is read with V8's data 8-byte aligned (V8 copies data that is not), whatever its length, beside its bundle's text", () => {
  const dir = tempDir();
  for (const length of [0, 1, 2, 9, 5000, 70_001]) {
    const file = join(dir, `entry-${length}.bin`);
    const bytes = Buffer.alloc(length, 0);
    for (let i = 0; i < length; i++) bytes[i] = (i * 7 + 3) & 0xff;
    writeFileSync(file, bytes);
    const entry = readEntry(file)!;
    assert.equal(entry.held, length ? bytes[0] : 0, `held, ${length} bytes`);
    assert.deepEqual(Buffer.from(entry.data), bytes.subarray(1), `data, ${length} bytes`);
    if (length > 1) assert.equal(entry.data.byteOffset % 8, 0, `aligned, ${length} bytes`);
  }
  assert.equal(readEntry(join(dir, 'none.bin')), undefined);
  // A bundle's text and its entry through one buffer: each read whole, whichever is larger.
  const text = `// ${'é'.repeat(3000)} text\n`;
  for (const [name, length] of [
    ['small', 100],
    ['large', 50_000],
  ] as const) {
    const bundle = join(dir, `${name}.js`);
    writeFileSync(bundle, text);
    const bytes = Buffer.alloc(length, 9);
    bytes[0] = 5;
    writeFileSync(join(dir, `${name}.bin`), bytes);
    const read = readBundle(bundle, join(dir, `${name}.bin`));
    assert.equal(read.source, text, name);
    assert.equal(read.entry?.held, 5, name);
    assert.deepEqual(Buffer.from(read.entry!.data), bytes.subarray(1), name);
    assert.equal(read.entry!.data.byteOffset % 8, 0, name);
    assert.deepEqual(readBundle(bundle, join(dir, 'none.bin')), { source: text, entry: undefined });
    assert.deepEqual(readBundle(bundle, undefined), { source: text, entry: undefined });
  }
});

test('eviction keeps the newest entries of the bundle and never the other bundles or the one written', () => {
  const entries = [
    { file: 'main-1-v20.0.0-x64.bin', mtimeMs: 1 },
    { file: 'main-2-v20.0.0-x64.bin', mtimeMs: 2 },
    { file: 'main-3-v20.0.0-x64.bin', mtimeMs: 3 },
    { file: 'main-4-v20.0.0-x64.bin', mtimeMs: 4 },
    { file: 'main-5-v20.0.0-x64.bin', mtimeMs: 5 },
    { file: 'run-1-v20.0.0-x64.bin', mtimeMs: 0 },
  ];
  assert.deepEqual(entriesToEvict('main', entries, 'main-5-v20.0.0-x64.bin'), ['main-1-v20.0.0-x64.bin']);
  // The one just written counts as the newest, whatever its time stamp says.
  assert.deepEqual(entriesToEvict('main', entries, 'main-1-v20.0.0-x64.bin'), ['main-2-v20.0.0-x64.bin']);
  assert.deepEqual(entriesToEvict('run', entries, 'run-9-v20.0.0-x64.bin'), []);
  assert.deepEqual(entriesToEvict('main', entries.slice(0, 3), 'main-3-v20.0.0-x64.bin'), []);
});

test('a folder loads the walker; status loads the service bundle; SVCSQL_CODE_CACHE=0 runs without a cache', async () => {
  const cache = tempDir();
  assert.deepEqual(
    (await loads(['lint', 'clean'], cache)).loaded.map((l) => l.file),
    ['main.js', 'walk.js'],
  );
  assert.deepEqual(
    (await loads(['status', 'some-id'], cache)).loaded.map((l) => l.file),
    ['main.js', 'run.js'],
  );
  const r = await runCli(['lint', 'clean/ok.svcsql'], {
    cwd: FIXTURES,
    env: { SVCSQL_CACHE_DIR: cache, SVCSQL_CODE_CACHE: '0', SVCSQL_CODE_CACHE_TRACE: '1' },
  });
  assert.match(r.stderr, /"cache":"off"/);
});

test("the service and walk bundles hold no copy of the analysis: run and status take main.js's (its shared modules)", () => {
  const sources = (file: string) =>
    (JSON.parse(readFileSync(join(ROOT, 'out', 'cli', `${file}.map`), 'utf8')) as { sources: string[] }).sources.map((s) =>
      s.replace(/\\/g, '/'),
    );
  const run = sources('run.js');
  assert.ok(run.some((s) => s.endsWith('cli/src/run.ts')));
  assert.deepEqual(
    run.filter((s) => s.includes('core/src/')),
    [],
  );
  // The folder walk holds the workspace's file rules alone (walkFolder.ts imports them, not the core's index).
  assert.deepEqual(
    sources('walk.js').filter((s) => s.includes('core/src/') && !s.includes('core/src/workspace/')),
    [],
  );
  // What run.js takes from main.js is there, once.
  const main = sources('main.js');
  for (const m of ['core/src/secretValues.ts', 'core/src/statementAnalysis.ts', 'cli/src/analyzeFile.ts']) {
    assert.ok(
      main.some((s) => s.endsWith(m)),
      m,
    );
  }
});

/** The Node built-in modules a run loaded (SVCSQL_CODE_CACHE_TRACE's second line). */
async function nodeModules(args: string[], env: Record<string, string> = {}): Promise<string[]> {
  const r = await runCli(args, { cwd: FIXTURES, env: { ...env, SVCSQL_CACHE_DIR: tempDir(), SVCSQL_CODE_CACHE_TRACE: '1' } });
  const line = /svcsql: node modules (\[.*\])/.exec(r.stderr);
  assert.ok(line, `trace line in: ${r.stderr}`);
  return JSON.parse(line[1]!) as string[];
}

test('lint and format --check of a named file, small or read in pieces, load no HTTP client, child process, fs/promises, streams or stdio streams of Node', async () => {
  // Node compiles these from source under the CLI's V8 flags (v8Flags.ts): a read stream's modules
  // were ~5 ms of a format --check of 1,000 statements, and 5% of a lint of 10,000 (fileChunks.ts).
  const big = join(tempDir(), 'big.svcsql');
  writeFileSync(big, buildCorpus(3000, 3));
  assert.ok(statSync(big).size > SEGMENT_LIMITS.wholeFileBytes!, 'big.svcsql is read in pieces (segments.ts)');
  for (const [args, inPieces] of [
    [['lint', 'errors/bad.svcsql'], false],
    [['format', '--check', 'errors/bad.svcsql'], false],
    [['lint', big], true],
    [['format', '--check', '-f', 'github', big], true],
  ] as const) {
    const loaded = await nodeModules([...args]);
    // net and tty: Node's stdout and stderr streams (output.ts writes to the descriptors).
    for (const name of [
      'http',
      'https',
      'internal/deps/undici/undici',
      'child_process',
      'fs/promises',
      'readline',
      'zlib',
      'net',
      'tty',
      'stream',
      // A file read in pieces is decoded across them by Node's StringDecoder (Node 24 has it loaded at start).
      ...(inPieces ? [] : ['string_decoder']),
    ])
      assert.ok(!loaded.includes(name), `${args.join(' ')} loads ${name}: ${loaded.join(', ')}`);
  }
  // The trace does see what a command loads: status loads the run bundle, which imports node:http.
  assert.ok((await nodeModules(['status', 'some-id'])).includes('http'));
});

test("status asks through Node's http module: not its fetch (undici, HTTP/2, compression), nor TLS for a loopback service", async () => {
  const emu = await startEmulator({});
  try {
    const status = await nodeModules(['status', 'no-such-request'], envFor(emu));
    assert.ok(status.includes('http'), `status loads http: ${status.join(', ')}`);
    for (const name of ['internal/deps/undici/undici', 'http2', 'https', 'tls', 'zlib', 'worker_threads'])
      assert.ok(!status.includes(name), `status loads ${name}: ${status.join(', ')}`);
  } finally {
    await emu.close();
  }
});

test('the launcher sets its V8 flags without loading node:v8 (and with it node:stream) where Node has the binding, and no warning shows', () => {
  // A preloaded module sees every built-in module the launcher loads, its own imports included.
  const preload = join(tempDir(), 'modules.js');
  writeFileSync(
    preload,
    `const before = process.moduleLoadList.length;
process.on('exit', () => require('node:fs').writeSync(2, 'modules ' + JSON.stringify(process.moduleLoadList.slice(before)) + '\\n'));`,
  );
  // The cache in the platform's folder under HOME (codeCacheDir), as for a user.
  const home = tempDir();
  const r = spawnSync(process.execPath, ['--require', preload, join(ROOT, 'out', 'cli.js'), 'lint', 'errors/bad.svcsql'], {
    cwd: FIXTURES,
    env: { PATH: process.env.PATH, HOME: home },
    encoding: 'utf8',
  });
  assert.equal(r.status, 1, r.stderr);
  const line = /^modules (\[.*\])$/m.exec(r.stderr);
  assert.ok(line, r.stderr);
  const modules = JSON.parse(line[1]!) as string[];
  // os: codeCacheDir reads HOME itself where os.homedir() would. A Node without process.binding('v8')
  // (Node 24) sets them through node:v8 (v8Flags.ts says why that still pays).
  const unloaded = flagsBinding() ? ['NativeModule v8', 'NativeModule stream', 'NativeModule os'] : ['NativeModule os'];
  assert.ok(modules.includes('NativeModule vm'), "the launcher's own modules are listed");
  for (const name of unloaded) assert.ok(!modules.includes(name), `${name} in ${modules.join(', ')}`);
  assert.doesNotMatch(r.stderr, /Warning/);
  if (process.platform === 'linux') assert.equal(readdirSync(join(home, '.cache', 'svcsql', 'code-cache')).length, 1);
});

test('codeCacheDir: SVCSQL_CACHE_DIR, else the platform cache folder under the home folder; SVCSQL_CODE_CACHE=0: none', () => {
  assert.equal(codeCacheDir({ SVCSQL_CODE_CACHE: '0', SVCSQL_CACHE_DIR: '/c' }, 'linux'), undefined);
  assert.equal(codeCacheDir({ SVCSQL_CACHE_DIR: '/c', HOME: '/h' }, 'linux'), join('/c', 'code-cache'));
  assert.equal(codeCacheDir({ HOME: '/h' }, 'linux'), join('/h', '.cache', 'svcsql', 'code-cache'));
  assert.equal(codeCacheDir({ HOME: '/h', XDG_CACHE_HOME: '/x' }, 'linux'), join('/x', 'svcsql', 'code-cache'));
  assert.equal(codeCacheDir({ HOME: '/h' }, 'darwin'), join('/h', 'Library', 'Caches', 'svcsql', 'code-cache'));
  assert.equal(codeCacheDir({ LOCALAPPDATA: 'C:\\L', HOME: '/h' }, 'win32'), join('C:\\L', 'svcsql', 'code-cache'));
  // No HOME: the operating system's answer (os.homedir()).
  assert.equal(codeCacheDir({}, 'linux'), join(homedir(), '.cache', 'svcsql', 'code-cache'));
});

test('--version alone is answered by the launcher, without main.js; with more arguments commander answers', async () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  for (const args of [['--version'], ['-V']]) {
    const r = await runCli(args, { env: { SVCSQL_CACHE_DIR: tempDir(), SVCSQL_CODE_CACHE_TRACE: '1' } });
    assert.equal(r.code, 0);
    assert.equal(r.stdout, `${version}\n`);
    assert.equal(r.stderr, '', 'no bundle loaded, so no trace either');
  }
  const both = await loads(['--version', 'lint'], tempDir());
  assert.deepEqual(both.loaded, [{ file: 'main.js', cache: 'miss' }]);
  assert.equal(both.code, 0);
  assert.equal(asksVersionOnly(['--version'], 'linux'), true);
  assert.equal(asksVersionOnly(['-V'], 'darwin'), true);
  assert.equal(asksVersionOnly(['--version'], 'win32'), false, 'Windows: the CLI writes through streams');
  assert.equal(asksVersionOnly(['--version', 'lint'], 'linux'), false);
  assert.equal(asksVersionOnly(['-v'], 'linux'), false);
});

test('the CLI bundles are written in the CommonJS wrapper, compiled as read; other text is wrapped at load', () => {
  for (const name of ['main', 'run', 'walk', 'mcp', 'antlr']) {
    const text = readFileSync(join(ROOT, 'out', 'cli', `${name}.js`), 'utf8');
    assert.ok(text.startsWith(WRAPPER_HEAD) && text.endsWith(WRAPPER_TAIL), `${name}.js is wrapped`);
    assert.equal(scriptSource(text), text);
  }
  assert.equal(scriptSource('module.exports = 1;'), commonJsWrapped('module.exports = 1;'));
  // Starts as a wrapped bundle but does not end as one: wrapped again, as any bundle.
  assert.equal(scriptSource(`${WRAPPER_HEAD}1;`), commonJsWrapped(`${WRAPPER_HEAD}1;`));
});

/** The sources a CLI bundle was built from (its source map), relative to the repository. */
function bundleSources(name: string): string[] {
  const map = JSON.parse(readFileSync(join(ROOT, 'out', 'cli', `${name}.js.map`), 'utf8')) as { sources: string[] };
  // A dependency's path from its first node_modules/ on: a worktree whose node_modules is a link to
  // another checkout's has them as ../other/node_modules/….
  return map.sources.map((s) =>
    s
      .replace(/\\/g, '/')
      .replace(/^(\.\.\/)+/, '')
      .replace(/^(?:.*?\/)?(node_modules\/)/, '$1'),
  );
}

test('main.js holds no HTTP client, result table, folder walker or ANTLR parser', () => {
  // Sources, not names: main.js is minified without kept names (no __name call per function at load).
  const own: Record<string, RegExp[]> = {
    run: [/^cli\/src\/resultTable\.ts$/, /^cli\/src\/interrupt\.ts$/],
    walk: [/^cli\/src\/walkFolder\.ts$/, /^node_modules\/globby\//],
    // antlr4ng and the generated parser: only a statement the hand-written path rejects needs them.
    antlr: [/^node_modules\/antlr4ng\//, /^core\/src\/generated\/SvcSqlParser\.ts$/],
  };
  const main = bundleSources('main');
  for (const [bundle, patterns] of Object.entries(own)) {
    const sources = bundleSources(bundle);
    for (const re of patterns) {
      assert.ok(
        sources.some((s) => re.test(s)),
        `${bundle}.js is built from ${re}`,
      );
      assert.ok(!main.some((s) => re.test(s)), `main.js holds ${re}: ${main.filter((s) => re.test(s)).join(', ')}`);
    }
  }
  // The HTTP client's body (main.js imports its module for types and constants only).
  const sent = 'The run timed out before the statement was sent';
  assert.ok(readFileSync(join(ROOT, 'out', 'cli', 'run.js'), 'utf8').includes(sent), 'run.js holds the HTTP client');
  assert.ok(!readFileSync(join(ROOT, 'out', 'cli', 'main.js'), 'utf8').includes(sent), 'main.js holds no HTTP client');
});

// Last in this file: it sets this process's V8 flags.
test("lint runs under the CLI's V8 flags and status under V8's own, each with a cache entry of its own that its next run takes", async () => {
  const cache = tempDir();
  const mainJs = async (args: string[]) => (await loads(args, cache)).loaded.find((l) => l.file === 'main.js')?.cache;
  assert.equal(await mainJs(['lint', 'clean/ok.svcsql']), 'miss');
  assert.equal(await mainJs(['status', 'some-id']), 'miss');
  assert.equal(await mainJs(['lint', 'clean/ok.svcsql']), 'hit', 'not refused and rewritten by the status run between');
  assert.equal(await mainJs(['status', 'some-id']), 'hit');
  const entries = readdirSync(join(cache, 'code-cache')).filter((f) => f.startsWith('main-'));
  assert.equal(entries.length, 2, entries.join(', '));
  const plain = entries.find((f) => !f.includes('-v8flags-'));
  assert.ok(plain, entries.join(', '));
  // status's entry is V8's under Node's own flags: taken by a fresh node (this process may have set the CLI's).
  const check = `const cachedData = require('node:fs').readFileSync(process.argv[1]).subarray(1);
const source = require('node:fs').readFileSync(process.argv[2], 'utf8');
process.stdout.write(String(new (require('node:vm').Script)(source, { cachedData }).cachedDataRejected));`;
  const r = spawnSync(process.execPath, ['-e', check, join(cache, 'code-cache', plain), join(ROOT, 'out', 'cli', 'main.js')], {
    encoding: 'utf8',
  });
  assert.equal(r.stdout, 'false', r.stderr);
});

test("the CLI's V8 flags are set before its bundle compiles: its cache entry is V8's under those flags only", async () => {
  const cache = tempDir();
  await loads(['lint', 'clean/ok.svcsql'], cache);
  const file = readdirSync(join(cache, 'code-cache'))[0]!;
  const cachedData = readFileSync(join(cache, 'code-cache', file)).subarray(1);
  const source = scriptSource(readFileSync(join(ROOT, 'out', 'cli', 'main.js'), 'utf8'));
  assert.equal(new Script(source, { cachedData }).cachedDataRejected, true, 'refused under Node’s own flags');
  setFlagsFromString(CLI_V8_FLAGS);
  assert.equal(new Script(source, { cachedData }).cachedDataRejected, false, 'taken under the CLI’s flags');
});
