// Bundles every entry point with esbuild. Entries are discovered, so a new test file or a new
// program only needs to exist under the folders below.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { browserOptions, browserPrograms } from './browserBuild.mjs';

const production = process.argv.includes('--production');
// --watch: rebuild the programs (extension, server, CLI, emulator, bench) on every change, for F5.
const watch = process.argv.includes('--watch');
/** The folders of bundles a launcher loads through V8's code cache (launch/src/codeCache.ts). */
const CACHED_BUNDLE_DIRS = ['out/cli', 'out/server'];

/** All files below dir whose name matches re, skipping the folders named in skip. */
function find(dir, re, skip = []) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (!skip.includes(entry) && entry !== 'node_modules' && !entry.startsWith('.')) found.push(...find(path, re, skip));
    } else if (re.test(entry)) found.push(path);
  }
  return found;
}

/**
 * antlr4ng's XPath lexer builds its ATN (thousands of character ranges) when the module loads,
 * although nothing here uses XPath: that static field becomes a getter, computed on first use.
 */
const lazyXPathLexer = {
  name: 'lazy-xpath-lexer',
  setup(build) {
    build.onLoad({ filter: /[\\/]antlr4ng[\\/]dist[\\/]index\.mjs$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const eager =
        /static decisionsToDFA = _XPathLexer\._ATN\.decisionToState\.map\(\(ds, index\) => \{\s*return new DFA\(ds, index\);\s*\}\);/;
      if (!eager.test(source)) return undefined; // another antlr4ng: bundled as it is
      const lazy =
        'static __decisionsToDFA;\n  static get decisionsToDFA() { return _XPathLexer.__decisionsToDFA ??= _XPathLexer._ATN.decisionToState.map((ds, index) => new DFA(ds, index)); }';
      return { contents: source.replace(eager, lazy), loader: 'js' };
    });
  },
};

/** commander requires child_process (for executable subcommands, unused here) when it loads: on first use instead. */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) => {
      if (args.namespace === 'lazy-child-process') return { path: 'node:child_process', external: true };
      if (!/[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)) return undefined;
      return { path: 'child_process', namespace: 'lazy-child-process' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "module.exports = { spawn: (...args) => require('node:child_process').spawn(...args) };",
      loader: 'js',
    }));
  },
};

/**
 * The LSP library requires child_process (global module paths), crypto (pipe names) and net (pipes,
 * sockets) when it loads, for transports and helpers the server does not use over stdio; Node
 * compiles each (and what they load: dgram, crypto's keys...) at every start, ~40 ms: each becomes
 * an object that requires the module on first use of one of its members.
 */
const lazyLspNodeModules = {
  name: 'lazy-lsp-node-modules',
  setup(build) {
    build.onResolve({ filter: /^(node:)?(child_process|crypto|net)$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (args.namespace === 'lazy-lsp-node-modules') return { path: `node:${name}`, external: true };
      if (!/[\\/]node_modules[\\/]vscode-(languageserver|jsonrpc)[\\/]/.test(args.importer)) return undefined;
      return { path: name, namespace: 'lazy-lsp-node-modules' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-lsp-node-modules' }, (args) => ({
      contents: `module.exports = new Proxy({}, { get: (_, key) => require('node:${args.path}')[key] });`,
      loader: 'js',
    }));
  },
};

/**
 * The generated parser deserialises its ATN when its module loads (a static field); analysis only
 * needs it for a statement the hand-written fast path rejects (core/src/syntax/fastParse.ts), so a
 * clean file never does: that field becomes a getter, computed on first use.
 */
const lazyParserDFA = {
  name: 'lazy-parser-dfa',
  setup(build) {
    build.onLoad({ filter: /[\\/]core[\\/]src[\\/]generated[\\/]SvcSqlParser\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const eager =
        /private static readonly decisionsToDFA = SvcSqlParser\._ATN\.decisionToState\.map\( ?\(ds: antlr\.DecisionState, index: number\) => new antlr\.DFA\(ds, index\) ?\);/;
      if (!eager.test(source)) return undefined; // another generator's output: bundled as it is
      const lazy =
        'private static __decisionsToDFA: antlr.DFA[] | undefined;\n    private static get decisionsToDFA(): antlr.DFA[] { return (SvcSqlParser.__decisionsToDFA ??= SvcSqlParser._ATN.decisionToState.map((ds: antlr.DecisionState, index: number) => new antlr.DFA(ds, index))); }';
      return { contents: source.replace(eager, lazy), loader: 'ts' };
    });
  },
};

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  // antlr4ng ships ESM and CJS; keep one copy.
  mainFields: ['module', 'main'],
  plugins: [lazyXPathLexer, lazyChildProcess, lazyParserDFA, lazyLspNodeModules],
};

/**
 * The CLI's bundles (cli/src/launch/launch.ts loads them through V8's code cache): an import of
 * cli/src/chunks/NAME becomes `svcsql-chunk:NAME` (out/cli/NAME.js, loaded on first use), and in
 * those chunks an import of a module listed in `shared` becomes `svcsql-shared:NAME`, main.js's own.
 */
function cliChunks({ shared }) {
  const sharedPaths = new Map(shared.map((name) => [resolve('cli/src', name), name]));
  return {
    name: 'cli-chunks',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const path = resolve(args.resolveDir, args.path).replace(/\.ts$/, '');
        // The core's one lazy import of the ANTLR parser (core/src/syntax/antlrParser.ts): the antlr chunk.
        if (path === antlrRuntime && /[\\/]antlrParser\.ts$/.test(args.importer)) return { path: 'antlr', namespace: 'cli-chunk' };
        const chunk = /[\\/]cli[\\/]src[\\/]chunks[\\/](\w+)$/.exec(path);
        // A require in a virtual module, not an external import(): esbuild would leave that to Node's ESM loader.
        if (chunk) return { path: chunk[1], namespace: 'cli-chunk' };
        if (sharedPaths.has(path)) return { path: `svcsql-shared:${sharedPaths.get(path)}`, external: true };
        return undefined;
      });
      build.onResolve({ filter: /^svcsql-chunk:/ }, (args) => ({ path: args.path, external: true }));
      build.onLoad({ filter: /.*/, namespace: 'cli-chunk' }, (args) => ({
        contents: `module.exports = require('svcsql-chunk:${args.path}');`,
        loader: 'js',
      }));
    },
  };
}
// The CLI modules (and the one core module) run.js uses of what main.js holds: it takes them from
// main.js, which every command evaluates, rather than a second copy of the core they pull in, which
// every `svcsql status` evaluated too (54 -> 53 ms, 0.8 MB less) and `svcsql run` analysed with
// (64 -> 59 ms of CPU). Each name is a path from cli/src; main.ts's sharedModules has the same keys.
const cliShared = [
  'output',
  'exitCodes',
  'analyzeFile',
  'files',
  'segments',
  'reportFormats/positions',
  'reportFormats/text',
  '../../core/src/secretValues',
];
const antlrRuntime = resolve('core/src/syntax/antlrRuntime');

const programs = [
  { in: 'client/src/extension.ts', out: 'client', external: ['vscode'] },
  // The language server: out/server.js runs out/server/server.js through V8's code cache (server/src/host/launchServer.ts).
  { in: 'server/src/host/launchServer.ts', out: 'server' },
  // Minified (names kept, source maps kept): half the bytes to read and decode at every start, and a
  // one-byte source string (the comments' non-ASCII characters made V8 hold a two-byte copy).
  { in: 'server/src/server.ts', out: 'server/server', minify: true },
  // The workspace index's worker thread (server/src/host/indexWorkers.ts starts out/indexWorker.js
  // beside server.js, which runs out/server/indexWorker.js through the code cache).
  { in: 'server/src/host/launchIndexWorker.ts', out: 'indexWorker' },
  { in: 'server/src/host/indexWorker.ts', out: 'server/indexWorker', minify: true },
  // Minified: Node compiles the launcher itself, without the code cache, at every start.
  { in: 'cli/src/launch/launch.ts', out: 'cli', banner: '#!/usr/bin/env node', minify: true, keepNames: false },
  // Minified: a third of the bytes to read and of the code cache to load at every start (source maps kept).
  { in: 'cli/src/main.ts', out: 'cli/main', plugins: [cliChunks({ shared: [] })], minify: true, keepNames: false },
  { in: 'cli/src/chunks/run.ts', out: 'cli/run', plugins: [cliChunks({ shared: cliShared })], minify: true },
  { in: 'cli/src/chunks/walk.ts', out: 'cli/walk', plugins: [cliChunks({ shared: cliShared })], minify: true },
  { in: 'cli/src/chunks/mcp.ts', out: 'cli/mcp', plugins: [cliChunks({ shared: cliShared })], minify: true },
  { in: 'cli/src/chunks/antlr.ts', out: 'cli/antlr', plugins: [cliChunks({ shared: [] })], minify: true },
  { in: 'emulator/src/main.ts', out: 'emulator', banner: '#!/usr/bin/env node' },
  { in: 'bench/bench.ts', out: 'bench/bench' },
  { in: 'bench/startup.ts', out: 'bench/startup' },
  { in: 'bench/throughput.ts', out: 'bench/throughput' },
  { in: 'bench/firstCallCached.ts', out: 'bench/firstCallCached' },
  { in: 'bench/firstCallChild.ts', out: 'bench/firstCallChild' },
].filter((p) => existsSync(p.in));

const tests = find('test', /\.test\.ts$/, ['e2e']).map((f) => ({
  in: f,
  out: join('test', relative('test', f).replace(/\.ts$/, '')),
}));

// In-extension-host suites (mocha) run inside VS Code, so vscode stays external.
const hostSuites = find('test/e2e/suite', /\.ts$/).map((f) => ({
  in: f,
  out: join('test-e2e', relative('test/e2e', f).replace(/\.ts$/, '')),
  external: ['vscode'],
}));
const e2eRunners = find('test/e2e', /^(run|demo|figures)[^/]*\.ts$/, ['suite', 'ui'])
  .concat(find('test/e2e/ui', /\.ts$/))
  .map((f) => ({
    in: f,
    out: join('test-e2e', relative('test/e2e', f).replace(/\.ts$/, '')),
    external: ['playwright-core', '@vscode/test-web'],
  }));

// Webview pages run in the browser: bundled as one script each, their CSS (and the codicon font it
// imports) emitted next to it.
const webviews = [{ in: 'client/src/results/webview/main.ts', out: 'results-webview' }].filter((p) => existsSync(p.in));
const webviewOptions = {
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  mainFields: ['browser', 'module', 'main'],
  loader: { '.ttf': 'file' },
  assetNames: '[name]',
};

const webviewEntries = webviews.map((p) => ({ ...p, webview: true }));
// The browser build (scripts/browserBuild.mjs): the extension and its server for a web worker.
const browserEntries = browserPrograms.filter((p) => existsSync(p.in)).map((p) => ({ ...p, browser: true }));

// The notebook renderer: an ES module VS Code imports into the notebook's webview; it injects its
// stylesheets itself (into each output's shadow root), so they are bundled as text.
const renderers = [{ in: 'client/src/notebook/renderer/main.ts', out: 'notebook-renderer' }].filter((p) => existsSync(p.in));
const rendererOptions = { ...webviewOptions, format: 'esm', loader: { '.css': 'text' } };
webviewEntries.push(...renderers.map((p) => ({ ...p, renderer: true })));

/** esbuild's options for one entry (a program, a test, an e2e file or a webview page). */
function buildOptions(p) {
  if (p.browser) return browserOptions(p, { production });
  return {
    ...common,
    ...(p.webview ? webviewOptions : {}),
    ...(p.renderer ? rendererOptions : {}),
    entryPoints: { [p.out]: p.in },
    outdir: 'out',
    external: p.external ?? [],
    banner: p.banner ? { js: p.banner } : undefined,
    plugins: [...common.plugins, ...(p.plugins ?? [])],
    ...(p.minify ? { minify: true, keepNames: p.keepNames ?? true } : {}),
    logLevel: 'silent',
  };
}

if (watch) {
  await watchPrograms();
} else {
  await bundleAll();
}

/**
 * Rebuilds on change, printing the lines the problem matcher of .vscode/tasks.json reads: one
 * "build started" / "build finished" pair around every round of rebuilds, errors as esbuild words them.
 */
async function watchPrograms() {
  let running = 0;
  const problemMatcher = {
    name: 'problem-matcher',
    setup(build) {
      build.onStart(() => {
        if (running++ === 0) console.log('[watch] build started');
      });
      build.onEnd((result) => {
        for (const { text, location } of result.errors) {
          console.error(`✘ [ERROR] ${text}`);
          if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
        }
        if (--running === 0) console.log('[watch] build finished');
      });
    },
  };
  // Bundles change under them: no code cache while watching.
  for (const dir of CACHED_BUNDLE_DIRS) rmSync(`${dir}/manifest.json`, { force: true });
  for (const p of [...programs, ...webviewEntries, ...browserEntries]) {
    const options = buildOptions(p);
    const context = await esbuild.context({ ...options, plugins: [...(options.plugins ?? []), problemMatcher] });
    await context.watch();
  }
}

async function bundleAll() {
  const started = Date.now();
  // Every entry is built even when another fails, so that one broken program does not hold up the rest.
  // --only=REGEX: just the entries whose source path matches (a quick rebuild while working on one part).
  const only = process.argv.find((a) => a.startsWith('--only='));
  const selected = (p) => !only || new RegExp(only.slice('--only='.length)).test(p.in);
  const results = await Promise.allSettled(
    [...programs, ...tests, ...hostSuites, ...e2eRunners, ...webviewEntries, ...browserEntries].filter(selected).map((p) =>
      esbuild.build(buildOptions(p)).catch((error) => {
        throw new Error(`${p.in}: ${error.message}`);
      }),
    ),
  );
  const failed = results.filter((r) => r.status === 'rejected');
  // Programs with a shebang can be run directly (./out/cli.js), as after npm install -g.
  for (const p of programs) if (p.banner && existsSync(`out/${p.out}.js`)) chmodSync(`out/${p.out}.js`, 0o755);
  wrapCommonJs('out/cli');
  for (const dir of CACHED_BUNDLE_DIRS) writeManifest(dir);
  for (const f of failed) console.error(`bundle: ${f.reason.message}`);
  console.log(
    `bundle: ${programs.length} programs, ${webviews.length} webview, ${browserEntries.length} browser, ${tests.length} test files, ${hostSuites.length + e2eRunners.length} e2e files in ${Date.now() - started} ms${failed.length ? `, ${failed.length} FAILED` : ''}`,
  );
  if (failed.length) process.exit(1);
}

/**
 * Writes the bundles of `dir` inside the CommonJS wrapper the code-cache loader would put around
 * them (launch/src/codeCache.ts, WRAPPER_HEAD and WRAPPER_TAIL; test/cli/startup.test.ts checks
 * they agree), so that it compiles the file's text as read instead of a wrapped copy of it.
 */
function wrapCommonJs(dir) {
  const head = '(function (exports, require, module, __filename, __dirname) { ';
  const tail = '\n})';
  if (!existsSync(dir)) return;
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(dir, f), 'utf8');
    if (!text.startsWith(head)) writeFileSync(join(dir, f), `${head}${text}${tail}`);
  }
}

/** The content hash of each bundle of `dir`, which names its entry in the code cache (launch/src/codeCache.ts). */
function writeManifest(dir) {
  if (!existsSync(dir)) return;
  const hashes = {};
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    hashes[f.replace(/\.js$/, '')] = createHash('sha256')
      .update(readFileSync(join(dir, f)))
      .digest('hex')
      .slice(0, 16);
  }
  writeFileSync(`${dir}/manifest.json`, JSON.stringify(hashes, null, 2) + '\n');
}
