// Bundles every entry point with esbuild. Entries are discovered, so a new test file or a new
// program only needs to exist under the folders below.
import * as esbuild from 'esbuild';
import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { browserOptions, browserPrograms } from './browserBuild.mjs';

const production = process.argv.includes('--production');
// --watch: rebuild the programs (extension, server, CLI, emulator, bench) on every change, for F5.
const watch = process.argv.includes('--watch');

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
};

const programs = [
  { in: 'client/src/extension.ts', out: 'client', external: ['vscode'] },
  { in: 'server/src/server.ts', out: 'server' },
  { in: 'cli/src/main.ts', out: 'cli', banner: '#!/usr/bin/env node' },
  { in: 'emulator/src/main.ts', out: 'emulator', banner: '#!/usr/bin/env node' },
  { in: 'bench/bench.ts', out: 'bench/bench' },
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

/** esbuild's options for one entry (a program, a test, an e2e file or a webview page). */
function buildOptions(p) {
  if (p.browser) return browserOptions(p, { production });
  return {
    ...common,
    ...(p.webview ? webviewOptions : {}),
    entryPoints: { [p.out]: p.in },
    outdir: 'out',
    external: p.external ?? [],
    banner: p.banner ? { js: p.banner } : undefined,
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
  for (const p of [...programs, ...webviewEntries, ...browserEntries]) {
    const context = await esbuild.context({ ...buildOptions(p), plugins: [problemMatcher] });
    await context.watch();
  }
}

async function bundleAll() {
  const started = Date.now();
  // Every entry is built even when another fails, so that one broken program does not hold up the rest.
  const results = await Promise.allSettled(
    [...programs, ...tests, ...hostSuites, ...e2eRunners, ...webviewEntries, ...browserEntries].map((p) =>
      esbuild.build(buildOptions(p)).catch((error) => {
        throw new Error(`${p.in}: ${error.message}`);
      }),
    ),
  );
  const failed = results.filter((r) => r.status === 'rejected');
  // Programs with a shebang can be run directly (./out/cli.js), as after npm install -g.
  for (const p of programs) if (p.banner && existsSync(`out/${p.out}.js`)) chmodSync(`out/${p.out}.js`, 0o755);
  for (const f of failed) console.error(`bundle: ${f.reason.message}`);
  console.log(
    `bundle: ${programs.length} programs, ${webviews.length} webview, ${browserEntries.length} browser, ${tests.length} test files, ${hostSuites.length + e2eRunners.length} e2e files in ${Date.now() - started} ms${failed.length ? `, ${failed.length} FAILED` : ''}`,
  );
  if (failed.length) process.exit(1);
}
