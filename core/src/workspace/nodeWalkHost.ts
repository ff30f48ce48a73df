// The WalkHost of a Node program (the CLI, the language server), written once. The core imports
// nothing from Node: the caller passes `node:fs/promises` and `node:path` in.
import { MAX_IGNORE_FILE_BYTES } from './readableFiles';
import type { EntryType, WalkHost } from './walkWorkspace';

interface DirentLike {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

export interface NodeFs {
  readdir(path: string, options: { withFileTypes: true }): Promise<DirentLike[]>;
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  realpath(path: string): Promise<string>;
  stat(path: string): Promise<{ isFile(): boolean; isDirectory(): boolean; size: number }>;
}

export interface NodePath {
  join(...parts: string[]): string;
  dirname(path: string): string;
  relative(from: string, to: string): string;
  isAbsolute(path: string): boolean;
}

const typeOf = (d: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink?: () => boolean }): EntryType =>
  d.isSymbolicLink?.() ? 'symlink' : d.isDirectory() ? 'directory' : d.isFile() ? 'file' : 'other';

export function nodeWalkHost(fs: NodeFs, path: NodePath): WalkHost {
  return {
    readdir: async (dir) => (await fs.readdir(dir, { withFileTypes: true })).map((d) => ({ name: d.name, type: typeOf(d) })),
    readText: async (file) => {
      // Its size first: a file over the cap is never read into memory.
      const info = await fs.stat(file).catch(() => undefined);
      if (info === undefined || info.size > MAX_IGNORE_FILE_BYTES) return undefined;
      return fs.readFile(file, 'utf8').catch(() => undefined);
    },
    resolveLink: async (link) => {
      const real = await fs.realpath(link).catch(() => undefined);
      if (real === undefined) return undefined;
      const info = await fs.stat(real).catch(() => undefined);
      return info ? { real, type: typeOf(info) } : undefined;
    },
    realpath: (dir) => fs.realpath(dir).catch(() => undefined),
    join: (folder, name) => path.join(folder, name),
    parent: (p) => {
      const up = path.dirname(p);
      return up === p ? undefined : up;
    },
    isWithin: (folder, p) => {
      const rel = path.relative(folder, p);
      return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
    },
  };
}
