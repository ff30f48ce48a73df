// The first analysis in a fresh process with its code from V8's code cache, as the CLI and the
// language server start (launch/src/codeCache.ts): firstCallChild.js is loaded by the product's own
// BundleLoader, from a folder of its own, under the CLI's V8 flags set before it compiles (V8 refuses
// an entry made under other flags). bench/throughput.ts runs it twice on one cache folder: the first
// run writes the entry, the second measures. Prints the child's line and how the bundle was loaded.
import { BundleLoader } from '../launch/src/codeCache';
import { applyCliV8Flags, CLI_V8_FLAGS_TAG } from '../cli/src/launch/v8Flags';

const [dir, cacheDir] = process.argv.slice(2);
applyCliV8Flags();
const loader = new BundleLoader(dir!, cacheDir!, applyCliV8Flags, CLI_V8_FLAGS_TAG);
// eslint-disable-next-line @typescript-eslint/no-require-imports
loader.load('firstCallChild', (id) => require(id));
process.stdout.write(JSON.stringify({ cache: loader.loaded[0]!.cache }) + '\n');
