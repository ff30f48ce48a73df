// The walk of a workspace folder around the pure rule of workspaceFiles.ts. The file system is the
// caller's (Node's for the CLI and the server, the editor's for a browser build): this module only
// decides what to read next. Folders are entered in name order, each once, by their own path;
// symbolic links are never followed (rule 4), only looked at to report those leading out of the
// folder or back to a folder above them.
import { DEFAULT_EXCLUDE_FOLDERS, WorkspaceFileRules, isSvcsqlName } from './workspaceFiles';

export type EntryType = 'file' | 'directory' | 'symlink' | 'other';

export interface WalkHost {
  /** The entries of a folder; rejects when it cannot be read (the folder is skipped). */
  readdir(path: string): Promise<{ name: string; type: EntryType }[]>;
  /** A text file's content, undefined when it cannot be read. */
  readText(path: string): Promise<string | undefined>;
  /** Where a symbolic link leads: its real path and what is there; undefined when broken. */
  resolveLink(path: string): Promise<{ real: string; type: EntryType } | undefined>;
  /** The real path of a folder (links resolved), undefined when it does not exist. */
  realpath(path: string): Promise<string | undefined>;
  join(folder: string, name: string): string;
  /** The folder holding path; undefined at the root of the file system. */
  parent(path: string): string | undefined;
  /** True when path lies in folder or is it. */
  isWithin(folder: string, path: string): boolean;
}

export interface WalkOptions {
  excludeFolders?: readonly string[];
  /** Stops after this many files (memory stays bounded on a huge tree). */
  maxFiles?: number;
  /**
   * Each folder's files as soon as it is read, in walk order (the result lists them all again): the
   * server reads them while the walk goes on.
   */
  onFiles?: (files: readonly string[]) => void;
}

export interface LinkNote {
  /** The link's path (under the walked folder). */
  path: string;
  target: string;
  /** 'out': leads out of the walked folder; 'loop': leads to a folder the link is inside. */
  kind: 'out' | 'loop';
}

export interface WalkResult {
  /** Paths of the workspace files (the walked folder's path joined with their relative path), in walk order. */
  files: string[];
  /** The same files relative to the walked folder, '/'-separated. */
  relative: string[];
  links: LinkNote[];
  /** The walk stopped at maxFiles. */
  truncated: boolean;
  /** The rules with every .gitignore the walk read: to test a path later (a file event) with rules.isWorkspaceFile. */
  rules: WorkspaceFileRules;
}

/**
 * The .gitignore files above `real` up to its git repository's root (the nearest folder holding
 * `.git`), outermost first, with where `real` sits below that root; none outside a repository.
 */
async function parentIgnoreFiles(host: WalkHost, real: string): Promise<{ prefix: string; files: { dir: string; text: string }[] }> {
  const chain: string[] = [];
  let top: string | undefined;
  for (let dir: string | undefined = real; dir !== undefined; dir = host.parent(dir)) {
    chain.push(dir);
    const names = await host.readdir(dir).catch(() => []);
    if (names.some((e) => e.name === '.git')) {
      top = dir;
      break;
    }
  }
  if (top === undefined || chain.length === 1) return { prefix: '', files: [] };
  // chain: real, its parent, …, top. Names of the folders from top down to real.
  const names: string[] = [];
  for (let i = chain.length - 2; i >= 0; i--) {
    const child = chain[i]!;
    const parent = chain[i + 1]!;
    names.push(child.slice(parent.length).replace(/^[\\/]+/, ''));
  }
  const files: { dir: string; text: string }[] = [];
  for (let i = chain.length - 1; i >= 1; i--) {
    const text = await host.readText(host.join(chain[i]!, '.gitignore'));
    if (text !== undefined) files.push({ dir: names.slice(0, chain.length - 1 - i).join('/'), text });
  }
  return { prefix: names.join('/'), files };
}

/** Folder listings asked for ahead of the walk (the host's reads overlap; the walk's order stays its own). */
const LISTINGS_AHEAD = 8;

type Listing = { entries: { name: string; type: EntryType }[] } | undefined;

export async function walkWorkspace(host: WalkHost, folder: string, options: WalkOptions = {}): Promise<WalkResult> {
  const maxFiles = options.maxFiles ?? Infinity;
  const real = (await host.realpath(folder)) ?? folder;
  const above = await parentIgnoreFiles(host, real);
  const rules = new WorkspaceFileRules(options.excludeFolders ?? DEFAULT_EXCLUDE_FOLDERS, above.prefix);
  for (const f of above.files) rules.addIgnoreFile(f.dir, f.text);
  const result: WalkResult = { files: [], relative: [], links: [], truncated: false, rules };
  // Depth first, in name order: [path, path relative to folder, real path].
  const stack: [string, string, string][] = [[folder, '', real]];
  // The listings of the next folders on the stack, read meanwhile: one at a time, each waited for,
  // a workspace of many folders was a round trip per folder.
  const ahead = new Map<string, Promise<Listing>>();
  const list = (dir: string): Promise<Listing> =>
    host.readdir(dir).then(
      (entries) => ({ entries }),
      () => undefined,
    );
  const readAhead = () => {
    for (let i = stack.length - 1; i >= 0 && ahead.size < LISTINGS_AHEAD; i--) {
      const dir = stack[i]![0];
      if (!ahead.has(dir)) ahead.set(dir, list(dir));
    }
  };
  while (stack.length > 0) {
    const [dir, rel, realDir] = stack.pop()!;
    const listing = ahead.get(dir) ?? list(dir);
    ahead.delete(dir);
    const entries = (await listing)?.entries;
    if (!entries) continue; // cannot be read: skipped
    if (entries.some((e) => e.name === '.gitignore' && e.type === 'file')) {
      const text = await host.readText(host.join(dir, '.gitignore'));
      if (text !== undefined) rules.addIgnoreFileBelow(rel, text);
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const folders: [string, string, string][] = [];
    const before = result.files.length;
    const found = () => {
      if (options.onFiles && result.files.length > before) options.onFiles(result.files.slice(before));
    };
    for (const e of entries) {
      const path = host.join(dir, e.name);
      const childRel = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.type === 'directory') {
        if (rules.entersFolder(childRel)) folders.push([path, childRel, host.join(realDir, e.name)]);
      } else if (e.type === 'file') {
        if (!rules.takesFile(childRel)) continue;
        if (result.files.length >= maxFiles) {
          result.truncated = true;
          found();
          return result;
        }
        result.files.push(path);
        result.relative.push(childRel);
      } else if (e.type === 'symlink') {
        const to = await host.resolveLink(path);
        if (!to) continue; // broken, or a link to itself
        if (!host.isWithin(real, to.real)) {
          if (to.type === 'directory' || isSvcsqlName(e.name)) result.links.push({ path, target: to.real, kind: 'out' });
        } else if (to.type === 'directory' && host.isWithin(to.real, realDir)) {
          result.links.push({ path, target: to.real, kind: 'loop' });
        }
      }
    }
    found();
    for (let i = folders.length - 1; i >= 0; i--) stack.push(folders[i]!);
    readAhead();
  }
  return result;
}
