// Walks a folder for *.svcsql without following symbolic links blindly: fast-glob follows them
// with no loop check, so two links to the folder itself never ended (memory without bound) and
// one link listed the same file dozens of times. Here links are looked at one by one: a link to a
// file inside the folder counts as that file (read once), a link to a folder inside it leads to
// files the walk reaches anyway, a link back to the folder or a parent is a loop (reported once),
// and a link leading outside the folder is not followed (so a walk never leaves the tree).
import { realpath, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { globby } from 'globby';

export interface Walked {
  /** Absolute paths of *.svcsql files (links to files resolved to paths inside the folder). */
  files: string[];
  notes: string[];
}

function inside(root: string, p: string): boolean {
  return p === root || p.startsWith(root.endsWith(sep) ? root : root + sep);
}

export async function walkFolder(folder: string, ignore: string[], show: (p: string) => string): Promise<Walked> {
  const root = await realpath(folder);
  // '**/*', not '**': the latter skips names holding a line break.
  const entries = await globby('**/*', {
    cwd: folder,
    gitignore: true,
    ignore,
    absolute: true,
    dot: false,
    onlyFiles: false,
    followSymbolicLinks: false,
    objectMode: true,
  });
  const files: string[] = [];
  const notes: string[] = [];
  for (const e of entries) {
    const path = resolve(e.path);
    if (e.dirent.isFile()) {
      if (path.endsWith('.svcsql')) files.push(path);
      continue;
    }
    if (!e.dirent.isSymbolicLink()) continue;
    const target = await realpath(path).catch(() => undefined);
    if (!target) continue; // a broken or self-referencing link leads nowhere
    const info = await stat(target).catch(() => undefined);
    if (!info) continue;
    if (!inside(root, target)) {
      if (info.isDirectory() || path.endsWith('.svcsql'))
        notes.push(`${show(path)} is a symbolic link out of ${show(folder)}; not followed.`);
      continue;
    }
    if (info.isFile()) {
      if (path.endsWith('.svcsql') || target.endsWith('.svcsql')) files.push(target);
      continue;
    }
    if (!info.isDirectory()) continue;
    const parent = await realpath(dirname(path)).catch(() => dirname(path));
    if (inside(target, parent)) notes.push(`${show(path)} is a symbolic link back to ${show(target)} (a loop); not followed.`);
    // A link to another folder of the tree: the walk reaches its files through their real path.
  }
  return { files, notes };
}
