// Which files `svcsql lint` reads: named files as given; directories walked for their workspace
// files by the editor's own rule (walkFolder.ts); globs expanded honouring .gitignore (globby reads
// them from the directory downward and from parent folders up to the git root). Each real file is
// read once, whatever links lead to it.
import { realpath as realpathCallback, realpathSync, statSync, type Stats } from 'node:fs';
import { promisify } from 'node:util';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Globby and the folder walker, loaded only for a folder or a pattern (a bundle of its own). */
const walker = () => import('./chunks/walk');

// node:fs's callbacks, not node:fs/promises: that module (and the readline, watcher and dir modules
// it loads) costs a few ms of every `svcsql lint` start.
// .native: the operating system's realpath, as node:fs/promises' (the JS one resolves some Windows paths otherwise).
const realpath = promisify(realpathCallback.native);

// The arguments themselves are looked at synchronously: linting named files then never starts
// libuv's thread pool (its threads, and a turn of the event loop per answer), a few ms of
// `svcsql lint FILE`. The files a folder or a pattern yields are many: those stay asynchronous.
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function realpathOfNamed(file: string): string {
  try {
    return realpathSync.native(file);
  } catch {
    return file;
  }
}

export interface FileSet {
  /** Absolute paths, de-duplicated, sorted by display path. */
  files: string[];
  /** Arguments that named nothing usable: exit 2. */
  problems: string[];
  /** Remarks for stderr (e.g. a folder without .svcsql files). */
  notes: string[];
}

const WALK_IGNORE = ['**/node_modules/**', '**/.git/**'];

/** A path relative to cwd with forward slashes, as printed in every output format. */
export function displayPath(file: string, cwd = process.cwd()): string {
  const rel = relative(cwd, file) || file;
  return (isAbsolute(rel) ? file : rel).split(sep).join('/');
}

export async function collectFiles(args: string[], cwd = process.cwd()): Promise<FileSet> {
  const found = new Set<string>();
  const real = new Set<string>();
  /** Keeps the first path of each real file (two paths through links are one file). */
  const keep = (file: string, key: string) => {
    if (real.has(key)) return;
    real.add(key);
    found.add(file);
  };
  const add = async (file: string) => keep(file, await realpath(file).catch(() => file));
  const problems: string[] = [];
  const notes: string[] = [];
  for (const arg of args.length ? args : ['.']) {
    const abs = resolve(cwd, arg);
    const info = statOf(abs);
    if (info?.isDirectory()) {
      const { walkFolder } = await walker();
      const walked = await walkFolder(abs, (p) => (relative(cwd, p) === '' ? '.' : displayPath(p, cwd)));
      notes.push(...walked.notes);
      if (!walked.files.length) notes.push(`No .svcsql files in ${displayPath(abs, cwd) || '.'}.`);
      for (const f of walked.files) await add(f);
    } else if (info) {
      keep(abs, realpathOfNamed(abs)); // named explicitly: linted even if ignored or not *.svcsql
    } else if ((await walker()).isDynamicPattern(arg)) {
      const { globby } = await walker();
      // Links are not followed: a link to a parent folder would make the pattern endless.
      const matched = await globby(arg, {
        cwd,
        gitignore: true,
        ignore: WALK_IGNORE,
        absolute: true,
        onlyFiles: true,
        followSymbolicLinks: false,
      });
      if (!matched.length) problems.push(`No files match ${arg}.`);
      for (const f of matched) await add(resolve(f));
    } else {
      problems.push(`${arg}: no such file or directory.`);
    }
  }
  const files = [...found].sort((a, b) => displayPath(a, cwd).localeCompare(displayPath(b, cwd)));
  return { files, problems, notes };
}
