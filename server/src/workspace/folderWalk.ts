// Finds the .svcsql files of a workspace folder: excluded folder names are not entered, symbolic
// links are followed only while they stay inside the workspace folders, and every directory is
// entered once by its real path, so a symlink loop ends the walk instead of hanging it.
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isWithin } from './filePaths';

export interface FoundFile {
  path: string;
  size: number;
}

export interface WalkOptions {
  /** Real paths of every workspace folder: nothing outside them is read. */
  roots: readonly string[];
  exclude: ReadonlySet<string>;
  /** Stops the walk after this many files (memory stays bounded on a huge tree). */
  maxFiles: number;
  /** Real paths of files already found (shared between folders: one file, one entry). */
  seen: Set<string>;
  /** Real paths of directories entered (shared between folders). */
  entered: Set<string>;
}

export const isSvcsql = (name: string) => name.toLowerCase().endsWith('.svcsql');

const inside = (roots: readonly string[], real: string) => roots.some((r) => isWithin(r, real));

export async function walkFolder(folder: string, options: WalkOptions, found: FoundFile[]): Promise<void> {
  const stack = [folder];
  while (stack.length > 0 && found.length < options.maxFiles) {
    const dir = stack.pop()!;
    const real = await realpath(dir).catch(() => undefined);
    if (!real || options.entered.has(real) || !inside(options.roots, real)) continue;
    options.entered.add(real);
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? 1 : -1)); // popped in name order
    for (const e of entries) {
      if (options.exclude.has(e.name)) continue;
      const path = join(dir, e.name);
      if (e.isDirectory()) stack.push(path);
      else if (e.isSymbolicLink()) {
        const info = await stat(path).catch(() => undefined);
        if (info?.isDirectory()) stack.push(path);
        else if (info?.isFile() && isSvcsql(e.name)) await add(path, info.size, undefined, options, found);
      } else if (e.isFile() && isSvcsql(e.name)) {
        const info = await stat(path).catch(() => undefined);
        if (info) await add(path, info.size, join(real, e.name), options, found);
      }
    }
  }
}

async function add(path: string, size: number, knownReal: string | undefined, options: WalkOptions, found: FoundFile[]): Promise<void> {
  const real = knownReal ?? (await realpath(path).catch(() => undefined));
  if (!real || options.seen.has(real) || !inside(options.roots, real) || found.length >= options.maxFiles) return;
  options.seen.add(real);
  found.push({ path, size });
}
