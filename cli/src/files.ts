// Which files `svcsql lint` reads: named files as given; directories walked for *.svcsql and
// globs expanded, both honouring .gitignore (globby reads them from the directory downward and
// from parent folders up to the git root).
import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { globby, isDynamicPattern } from 'globby';

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
  const problems: string[] = [];
  const notes: string[] = [];
  for (const arg of args.length ? args : ['.']) {
    const abs = resolve(cwd, arg);
    const info = await stat(abs).catch(() => undefined);
    if (info?.isDirectory()) {
      const inDir = await globby('**/*.svcsql', { cwd: abs, gitignore: true, ignore: WALK_IGNORE, absolute: true, dot: false });
      if (!inDir.length) notes.push(`No .svcsql files in ${displayPath(abs, cwd) || '.'}.`);
      for (const f of inDir) found.add(resolve(f));
    } else if (info) {
      found.add(abs); // named explicitly: linted even if ignored or not *.svcsql
    } else if (isDynamicPattern(arg)) {
      const matched = await globby(arg, { cwd, gitignore: true, ignore: WALK_IGNORE, absolute: true, onlyFiles: true });
      if (!matched.length) problems.push(`No files match ${arg}.`);
      for (const f of matched) found.add(resolve(f));
    } else {
      problems.push(`${arg}: no such file or directory.`);
    }
  }
  const files = [...found].sort((a, b) => displayPath(a, cwd).localeCompare(displayPath(b, cwd)));
  return { files, problems, notes };
}
