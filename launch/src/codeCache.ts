// Loads a CommonJS bundle through V8's code cache, for the Node programs' launchers (the CLI's
// out/cli.js, the language server's out/server.js and its index worker's out/indexWorker.js): the
// bytecode V8 compiled for a bundle in an earlier run is kept in the user's cache folder and handed
// back, so that a start does not parse and compile the bundle again. A cache entry is named after the
// bundle's content hash (computed at build time, the bundle folder's manifest.json: out/cli/,
// out/server/), Node's version and the architecture; V8 checks it once more and
// rejects data from another V8 or another source, in which case the bundle is compiled as usual and
// the entry rewritten. Any failure to read or write the cache only costs the time it was to save.
// Several builds may share one cache folder (two checkouts, a global install beside a local one, two
// Node versions): each keeps its own entry, and only the oldest beyond KEEP_PER_BUNDLE are dropped.
// An entry holds what the run that wrote it compiled, so parts of a bundle evaluated lazily (the ANTLR
// parser, which a clean file never needs; the analysis, which `--help` never runs) may be missing
// from it: the entry's first byte says which parts it holds, and a run that used one more rewrites
// it once (see lazyPartsRun).
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** Where the cache lives: SVCSQL_CACHE_DIR, else the platform's per-user cache folder; `undefined`: no cache. */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env, platform: string = process.platform): string | undefined {
  if (env.SVCSQL_CODE_CACHE === '0') return undefined;
  if (env.SVCSQL_CACHE_DIR) return join(env.SVCSQL_CACHE_DIR, 'code-cache');
  let base: string;
  if (platform === 'win32') base = env.LOCALAPPDATA ?? join(homeDir(env, platform), 'AppData', 'Local');
  else if (platform === 'darwin') base = join(homeDir(env, platform), 'Library', 'Caches');
  else base = env.XDG_CACHE_HOME || join(homeDir(env, platform), '.cache');
  return join(base, 'svcsql', 'code-cache');
}

/**
 * os.homedir(), which on Linux and macOS is HOME when set: read here, so that a start loads node:os
 * (its module and the functions it compiles, about half a millisecond) only where HOME is not set.
 */
function homeDir(env: NodeJS.ProcessEnv, platform: string): string {
  if (platform !== 'win32' && env.HOME) return env.HOME;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('node:os') as typeof import('node:os')).homedir();
}

/** How one bundle was loaded, for tests and `SVCSQL_CODE_CACHE_TRACE`. */
export interface LoadedBundle {
  file: string;
  /**
   * 'hit': V8 took the cached code; 'widened': it did, and the run used lazy parts the entry lacked
   * (rewritten at exit); 'miss': none yet (written at exit); 'rejected': V8 refused it; 'off': no cache.
   */
  cache: 'hit' | 'widened' | 'miss' | 'rejected' | 'off';
}

/**
 * What a bundle may export for the cache: which of its lazily evaluated parts this run has used, as
 * bits (the CLI's main.js: cli/src/cacheParts.ts). Read at exit.
 */
export interface LazyParts {
  lazyPartsRun?: () => number;
}

/** The bits of `run` not in `held` (what a hit entry lacks); 0: the entry is as wide as the run. */
export function partsMissing(held: number, run: number): number {
  return run & ~held;
}

type RequireFn = (id: string) => unknown;

// Node's record of the modules it has loaded (undocumented; where absent the list is empty): the trace
// lists the public built-in modules (and Node's own dependencies, such as fetch's undici) a run
// loaded, so tests can check that a command leaves e.g. the HTTP client out.
const moduleLoadList = (): readonly string[] => (process as unknown as { moduleLoadList?: string[] }).moduleLoadList ?? [];
const loadedModuleCount = (): number => moduleLoadList().length;

function nodeModulesSince(count: number): string[] {
  return moduleLoadList()
    .slice(count)
    .filter(
      (m) => m.startsWith('NativeModule ') && (!m.startsWith('NativeModule internal/') || m.startsWith('NativeModule internal/deps/')),
    )
    .map((m) => m.slice('NativeModule '.length));
}

/** Entries kept per bundle name (e.g. main): enough for a few builds and Node versions used in turn. */
export const KEEP_PER_BUNDLE = 4;

/**
 * The entries of bundle `name` to delete once `written` is in place: the oldest (by modification
 * time, i.e. when written) beyond the `keep` newest; `written` itself is never one of them.
 */
export function entriesToEvict(
  name: string,
  entries: readonly { file: string; mtimeMs: number }[],
  written: string,
  keep = KEEP_PER_BUNDLE,
): string[] {
  const others = entries
    .filter((e) => e.file.startsWith(`${name}-`) && e.file.endsWith('.bin') && e.file !== written)
    .sort((a, b) => b.mtimeMs - a.mtimeMs || (a.file < b.file ? -1 : 1));
  return others.slice(Math.max(0, keep - 1)).map((e) => e.file);
}

/**
 * A bundle loaded with a cache path, to be written back at exit: always after a miss or a rejection,
 * after a hit only if the run used lazy parts the entry lacked.
 */
interface PendingEntry {
  name: string;
  path: string;
  script: Script;
  /** The lazy parts (bits) of the entry V8 took; `undefined`: none was taken (miss, rejected). */
  held: number | undefined;
  /** The bundle's CommonJS module: at exit its exports say which lazy parts the run used. */
  module: { exports: LazyParts };
  loaded: LoadedBundle;
}

/** The bits of lazy parts a bundle says this run used; 0 if it cannot say. */
function lazyPartsUsed(exports: LazyParts): number {
  try {
    return exports.lazyPartsRun?.() ?? 0;
  } catch {
    return 0; // a bundle that cannot say: as if it used nothing lazy
  }
}

/** Where an entry's first byte goes in the buffer it is read into: V8's data, after it, starts 8 bytes in. */
const ENTRY_AT = 7;

/** Reads up to `size` bytes of an open file, from its start, into `buffer` at `at`; how many were read. */
function readAll(fd: number, buffer: Buffer, at: number, size: number): number {
  let read = 0;
  while (read < size) {
    const n = readSync(fd, buffer, at + read, size - read, read);
    if (n === 0) break; // shorter than its size said (rewritten meanwhile): the caller takes what there is
    read += n;
  }
  return read;
}

/**
 * Reads a cache entry: its first byte (the lazy parts it holds) and V8's data; `undefined` if there
 * is none. V8 copies data that does not start at a multiple of 8 bytes before reading it: read at
 * offset 1 of its file's buffer, the CLI's main.js entry (350 KB) was copied once more, into fresh
 * memory (about 80 more page faults a start). So the file is read 7 bytes into `into` when it is
 * large enough (see readBundle), else into a buffer of its own.
 */
export function readEntry(path: string, into?: Buffer): { held: number; data: Buffer } | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    const buffer = into && into.length >= ENTRY_AT + size ? into : Buffer.allocUnsafeSlow(ENTRY_AT + size);
    const read = readAll(fd, buffer, ENTRY_AT, size);
    return { held: read > 0 ? buffer[ENTRY_AT]! : 0, data: buffer.subarray(ENTRY_AT + 1, ENTRY_AT + read) };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * A bundle's text and its cache entry, read through one buffer: the text is copied into a string,
 * then the entry is read over it. A first touch of fresh memory is much of a start's cost (see
 * readEntry): readFileSync's own growing buffer for the text and a buffer for the entry touched
 * about 60 more pages for the CLI's main.js.
 */
export function readBundle(file: string, cachePath: string | undefined): { source: string; entry: ReturnType<typeof readEntry> } {
  const entrySize = cachePath ? (statSync(cachePath, { throwIfNoEntry: false })?.size ?? 0) : 0;
  const fd = openSync(file, 'r');
  let source: string;
  let buffer: Buffer;
  try {
    const size = fstatSync(fd).size;
    buffer = Buffer.allocUnsafeSlow(Math.max(size, ENTRY_AT + entrySize));
    source = buffer.toString('utf8', 0, readAll(fd, buffer, 0, size));
  } finally {
    closeSync(fd);
  }
  return { source, entry: cachePath ? readEntry(cachePath, buffer) : undefined };
}

/** Drops the entries of bundle `name` beyond KEEP_PER_BUNDLE, never `written`. Only a write lists the folder. */
function evictOld(dir: string, name: string, written: string): void {
  const entries: { file: string; mtimeMs: number }[] = [];
  for (const file of readdirSync(dir)) {
    if (!file.startsWith(`${name}-`) || !file.endsWith('.bin')) continue;
    try {
      entries.push({ file, mtimeMs: statSync(join(dir, file)).mtimeMs });
    } catch {
      // Removed by another process meanwhile.
    }
  }
  for (const old of entriesToEvict(name, entries, written)) rmSync(join(dir, old), { force: true });
}

/** The wrapper Node's own CommonJS loader uses; on one line, so that line numbers stay the bundle's. */
export const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
export const WRAPPER_TAIL = '\n})';

export function commonJsWrapped(source: string): string {
  return `${WRAPPER_HEAD}${source}${WRAPPER_TAIL}`;
}

/**
 * The text compiled for a bundle: the bundle itself when it was written wrapped already (the CLI's
 * are: scripts/bundle.mjs), else wrapped now. Wrapping at run time copies the whole text once more
 * (a second 220 KB string for main.js, young garbage at once).
 */
export function scriptSource(source: string): string {
  return source.startsWith(WRAPPER_HEAD) && source.endsWith(WRAPPER_TAIL) ? source : commonJsWrapped(source);
}

/** Compiles and runs CommonJS bundles, using and filling one code cache folder. */
export class BundleLoader {
  readonly loaded: LoadedBundle[] = [];
  private readonly hashes: Record<string, string>;
  private readonly pending: PendingEntry[] = [];

  /**
   * `beforeWrite`: called before entries are written, for a program that changed V8's flags since
   * its bundles compiled (V8 refuses an entry made under other flags than the run that reads it).
   * `flagsTag`: names, in the entries' file names, the V8 flags the bundles compile under, for a
   * program whose runs differ in flags (the CLI's commands): each set keeps entries of its own, where
   * one file would be refused and rewritten by every run under the other flags.
   */
  constructor(
    private readonly bundleDir: string,
    private readonly cacheDir: string | undefined,
    private readonly beforeWrite?: () => void,
    private readonly flagsTag = '',
  ) {
    let hashes: Record<string, string> = {};
    try {
      hashes = JSON.parse(readFileSync(join(bundleDir, 'manifest.json'), 'utf8')) as Record<string, string>;
    } catch {
      // No manifest (a hand-made build): run without cache.
    }
    this.hashes = hashes;
    const builtinsBefore = loadedModuleCount();
    process.once('exit', () => {
      if (cacheDir) this.writeCache();
      if (process.env.SVCSQL_CODE_CACHE_TRACE) {
        // Listed before anything is written, and written to the descriptor: process.stderr would load modules of its own.
        const modules = nodeModulesSince(builtinsBefore);
        this.trace('bundles');
        writeSync(2, `svcsql: node modules ${JSON.stringify(modules)}\n`);
      }
    });
  }

  /** With SVCSQL_CODE_CACHE_TRACE, writes `svcsql: <label> [how each bundle was loaded]` to stderr (tests read it). */
  trace(label: string): void {
    if (process.env.SVCSQL_CODE_CACHE_TRACE) writeSync(2, `svcsql: ${label} ${JSON.stringify(this.loaded)}\n`);
  }

  /**
   * Runs `<bundleDir>/<name>.js` as a CommonJS module whose `require` is `requireFn`; returns its
   * exports. `dirname`: the bundle's `__dirname` (by default its folder); a launcher passes its own
   * when the bundle finds files beside the launcher (the server finds out/indexWorker.js so).
   */
  load(name: string, requireFn: RequireFn, dirname_ = dirname(join(this.bundleDir, `${name}.js`))): unknown {
    const file = join(this.bundleDir, `${name}.js`);
    const hash = this.hashes[name];
    const tag = this.flagsTag ? `-${this.flagsTag}` : '';
    const cachePath =
      this.cacheDir && hash ? join(this.cacheDir, `${name}-${hash}${tag}-${process.version}-${process.arch}.bin`) : undefined;
    const { source, entry } = readBundle(file, cachePath);
    const script = new Script(scriptSource(source), {
      filename: file,
      cachedData: entry?.data,
    });
    const cache: LoadedBundle['cache'] = !cachePath ? 'off' : !entry ? 'miss' : script.cachedDataRejected ? 'rejected' : 'hit';
    const loaded: LoadedBundle = { file, cache };
    this.loaded.push(loaded);
    const module: { exports: LazyParts } = { exports: {} };
    if (cachePath)
      this.pending.push({ name, path: cachePath, script, held: cache === 'hit' && entry ? entry.held : undefined, module, loaded });
    const wrapper = script.runInThisContext() as (e: unknown, r: RequireFn, m: unknown, f: string, d: string) => void;
    wrapper.call(module.exports, module.exports, requireFn, module, file, dirname_);
    return module.exports;
  }

  /**
   * Writes the entries due (at exit, so that the functions this run compiled are in the cache too;
   * a long-lived program, which may be killed rather than exit, calls it earlier once its start-up
   * work is done). An entry is written once per run. Written to a temporary name and renamed: two
   * processes starting at once never read half a file.
   */
  writeCache(): void {
    if (!this.cacheDir) return;
    const due = this.pending.splice(0);
    if (due.length) this.beforeWrite?.();
    for (const { name, path, script, held, module, loaded } of due) {
      const used = lazyPartsUsed(module.exports);
      if (held !== undefined) {
        if (!partsMissing(held, used)) continue; // a hit as wide as the run: nothing to write
        loaded.cache = 'widened';
      }
      try {
        mkdirSync(dirname(path), { recursive: true });
        const temp = `${path}.${process.pid}.tmp`;
        // After a hit V8's data holds the entry's functions and this run's: both sets of parts.
        writeFileSync(temp, Buffer.concat([Buffer.of((held ?? 0) | used), script.createCachedData()]));
        renameSync(temp, path);
        // Entries of other builds (or another Node) stay, up to KEEP_PER_BUNDLE: two builds used in
        // turn do not evict each other.
        evictOld(dirname(path), name, basename(path));
      } catch {
        // A read-only or full disk: the next run compiles again.
      }
    }
  }
}
