// The browser build (package.json `browser`): the extension for the web worker extension host
// (out/browser/client.js) and the language server for a dedicated Web Worker (out/browser/server.js).
// Both are the Node build's code with its few Node-only modules swapped for browser twins (the
// tables below); any other Node built-in reaching these bundles fails the build.
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const at = (path) => resolve(root, path);

/** Module → what the browser build loads instead ({ file } in this repo, or { module } from node_modules). */
const serverSwaps = {
  'vscode-languageserver/node': { module: 'vscode-languageserver/browser' },
  './lsp/stdioConnection': { file: 'server/src/browserConnection.ts' },
  'node:fs/promises': { file: 'server/src/browserFileSystem.ts' },
  'node:url': { file: 'server/src/browserUrl.ts' },
  'node:path': { module: 'path-browserify' },
  // No worker threads: the workspace index reads its files in the server's own thread.
  '../host/indexWorkers': { file: 'server/src/workspace/inThreadIndexing.ts' },
};
const clientSwaps = {
  'vscode-languageclient/node': { module: 'vscode-languageclient/browser' },
  './languageClient': { file: 'client/src/browserLanguageClient.ts' },
  'node:crypto': { file: 'client/src/browserCrypto.ts' },
  './serviceAccess': { file: 'client/src/browserServiceAccess.ts' },
  '../serviceAccess': { file: 'client/src/browserServiceAccess.ts' },
  // The service client's transport: fetch instead of Node's http modules.
  './nodeExchange': { file: 'service/src/fetchExchange.ts' },
};

export const browserPrograms = [
  {
    in: 'client/src/browserExtension.ts',
    out: 'browser/client',
    external: ['vscode'],
    swaps: clientSwaps,
    inject: ['client/src/browserBuffer.ts'],
  },
  { in: 'server/src/browserServer.ts', out: 'browser/server', swaps: serverSwaps },
  // The browser e2e suite runs in the same web worker extension host (test/e2e/web/).
  { in: 'test/e2e/web/suite/index.ts', out: 'test-e2e/web/suite', external: ['vscode'] },
];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** npm packages named like a built-in that are the browser's version of it (bundled from node_modules). */
const browserPackages = new Set(['buffer']);
const builtins = new Set(builtinModules.flatMap((m) => [`node:${m}`, ...(browserPackages.has(m) ? [] : [m])]));

/** Resolves the swapped modules; a swapped file's own imports of the original are left alone. */
export function swapPlugin(swaps) {
  const filter = new RegExp(`^(${Object.keys(swaps).map(escape).join('|')})$`);
  const swapFiles = new Set(Object.values(swaps).flatMap((s) => (s.file ? [at(s.file)] : [])));
  return {
    name: 'browser-swaps',
    setup(build) {
      build.onResolve({ filter }, async (args) => {
        if (swapFiles.has(args.importer)) return undefined;
        const swap = swaps[args.path];
        if (swap.file) return { path: at(swap.file) };
        const result = await build.resolve(swap.module, { kind: args.kind, resolveDir: root });
        return result.errors.length ? { errors: result.errors } : { path: result.path };
      });
    },
  };
}

/** Fails the build on any import of a Node built-in (after the swaps), naming the importer. */
export const noNodeBuiltins = {
  name: 'no-node-builtins',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (!builtins.has(args.path)) return undefined;
      return {
        errors: [
          {
            text: `Node built-in "${args.path}" imported by ${args.importer || 'the entry'}: the browser build must not load Node modules`,
          },
        ],
      };
    });
  },
};

/** esbuild options for a browser program (minified: these bundles are downloaded by the browser). */
export function browserOptions(p, { production }) {
  return {
    bundle: true,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    mainFields: ['browser', 'module', 'main'],
    minify: true,
    sourcemap: !production,
    entryPoints: { [p.out]: at(p.in) },
    // Relative to the working directory, as bundle.mjs's own programs: the .vsix stage (test/e2e/lib/vsix.ts)
    // links scripts/ from the repository and must get its bundles in its own out/.
    outdir: 'out',
    external: p.external ?? [],
    inject: (p.inject ?? []).map(at),
    // Some dependencies test `process.env.NODE_ENV`.
    define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
    plugins: [swapPlugin(p.swaps ?? {}), noNodeBuiltins],
    logLevel: 'silent',
  };
}
