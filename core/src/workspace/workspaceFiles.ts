// Which files are the workspace: the one rule the CLI (`svcsql lint` of a folder), the language
// server (the workspace index) and later the browser build all apply. Pure: paths in, yes or no
// out; the callers read folders and .gitignore files (walkWorkspace.ts) and hand them over.
//
// A path below a walked folder is a workspace file when
//   1. its name ends in `.svcsql`, in any case (as VS Code's language association matches);
//   2. no folder on the way to it is named in `excludeFolders` (svcsql.index.excludeFolders;
//      the CLI uses the default: node_modules, .git, out);
//   3. neither it nor a folder on the way is ignored by a .gitignore file: those of the walked
//      folder and its subfolders, and those of its parents up to the git repository's root;
//   4. it is reached without following a symbolic link (a link inside the folder leads to a file or
//      folder the walk reaches by its own path; one leading out of it is reported, never read).
import type { Ignore } from 'ignore';
import { isSvcsqlName } from './readableFiles';

declare const require: (id: string) => unknown;
type IgnoreFactory = typeof import('ignore');
let ignoreFactory: IgnoreFactory | undefined;

/** A .gitignore matcher. `ignore` is evaluated on first use (a bundled require is lazy): only a folder walk needs it. */
function ignore(): Ignore {
  return (ignoreFactory ??= require('ignore') as IgnoreFactory)();
}

export const DEFAULT_EXCLUDE_FOLDERS: readonly string[] = ['node_modules', '.git', 'out'];

export { isSvcsqlName };

interface IgnoreFile {
  /** The folder holding it, relative to the top ('' = the top), '/'-separated. */
  dir: string;
  matcher: Ignore;
}

/**
 * The rules for one walked folder. Paths given to it are relative to that folder, '/'-separated.
 * `prefix` is where the folder sits below the top of its .gitignore files (the repository's
 * root): '' when it is that root, 'a/b' when the walk starts two folders below it.
 */
export class WorkspaceFileRules {
  private readonly exclude: ReadonlySet<string>;
  private readonly ignoreFiles: IgnoreFile[] = [];

  constructor(
    excludeFolders: readonly string[] = DEFAULT_EXCLUDE_FOLDERS,
    private readonly prefix = '',
  ) {
    this.exclude = new Set(excludeFolders);
  }

  /** Adds a .gitignore file; `dir` is its folder relative to the top, outer folders first. */
  addIgnoreFile(dir: string, text: string): void {
    this.ignoreFiles.push({ dir, matcher: ignore().add(text) });
  }

  /** Adds the .gitignore file of a folder below the walked folder (`rel`: relative to it). */
  addIgnoreFileBelow(rel: string, text: string): void {
    this.addIgnoreFile(this.fromTop(rel), text);
  }

  private fromTop(rel: string): string {
    return this.prefix === '' ? rel : rel === '' ? this.prefix : `${this.prefix}/${rel}`;
  }

  /** Rule 3 for one path (not its folders): the last .gitignore that says anything about it decides. */
  private ignored(rel: string, isFolder: boolean): boolean {
    const path = this.fromTop(rel);
    let ignored = false;
    for (const f of this.ignoreFiles) {
      if (f.dir !== '' && !path.startsWith(`${f.dir}/`)) continue;
      const inner = f.dir === '' ? path : path.slice(f.dir.length + 1);
      const t = f.matcher.test(isFolder ? `${inner}/` : inner);
      if (t.ignored) ignored = true;
      else if (t.unignored) ignored = false;
    }
    return ignored;
  }

  /** Whether the walk enters the folder at `rel` (its parent entered): rules 2 and 3. */
  entersFolder(rel: string): boolean {
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    return !this.exclude.has(name) && !this.ignored(rel, true);
  }

  /** Whether the file at `rel` (its folder entered) is a workspace file: rules 1 and 3. */
  takesFile(rel: string): boolean {
    return isSvcsqlName(rel) && !this.ignored(rel, false);
  }

  /** The whole rule for a path relative to the walked folder (the .gitignore files on its way added). */
  isWorkspaceFile(rel: string): boolean {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i++) if (!this.entersFolder(parts.slice(0, i).join('/'))) return false;
    return this.takesFile(rel);
  }
}
