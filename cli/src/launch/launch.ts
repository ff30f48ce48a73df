// The `svcsql` executable (out/cli.js): a few lines that load the CLI's bundles through the code
// cache (codeCache.ts). out/cli/main.js holds lint, format and commander (evaluated only for a
// command line other than a plain `lint PATH…`: cli/src/main.ts); the parts a command may
// not need are bundles of their own, loaded on first use (scripts/bundle.mjs, cli/src/chunks/):
// `svcsql-chunk:NAME` is out/cli/NAME.js, and `svcsql-shared:NAME` a module of main.js that those
// bundles share with it (the redacting output, the exit codes, the analysis of files run.js uses)
// rather than holding a copy.
// out/cli/antlr.js holds antlr4ng and the generated parser, which only a statement the core's
// hand-written path rejects needs: linting valid statements reads main.js alone.
import { join } from 'node:path';
import { BundleLoader, codeCacheDir } from '../../../launch/src/codeCache';
import { applyCliV8Flags, CLI_V8_FLAGS_TAG, takesCliV8Flags } from './v8Flags';
import { answerVersionOnly } from './versionOnly';

const args = process.argv.slice(2);
/** lint and format run under the CLI's V8 flags, the other commands under V8's own (v8Flags.ts). */
const flagged = takesCliV8Flags(args);
let loader: BundleLoader | undefined;
const loaded = new Map<string, unknown>();

function load(name: string): unknown {
  // A run that took a large input's flags (v8Flags.ts) writes its entries under the flags it started with.
  loader ??= new BundleLoader(
    join(__dirname, 'cli'),
    codeCacheDir(),
    flagged ? applyCliV8Flags : undefined,
    flagged ? CLI_V8_FLAGS_TAG : '',
  );
  if (!loaded.has(name)) loaded.set(name, loader.load(name, requireFn));
  return loaded.get(name);
}

function requireFn(id: string): unknown {
  if (id.startsWith('svcsql-chunk:')) return load(id.slice('svcsql-chunk:'.length));
  if (id.startsWith('svcsql-shared:')) {
    const shared = (load('main') as { sharedModules: Record<string, unknown> }).sharedModules;
    const module = shared[id.slice('svcsql-shared:'.length)];
    // A name of scripts/bundle.mjs's cliShared that main.ts does not share: fail as the chunk loads,
    // not when a path that uses it first runs.
    if (module === undefined) throw new Error(`svcsql: ${id} is not shared by out/cli/main.js`);
    return module;
  }
  // Node's own modules (the bundles hold everything else).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(id);
}

if (!answerVersionOnly(args)) {
  if (flagged) applyCliV8Flags();
  load('main');
}
