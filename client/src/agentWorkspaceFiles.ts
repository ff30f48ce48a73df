// The .svcsql files find_definitions reads in VS Code: the workspace folders walked through
// vscode.workspace.fs with the rule the language server's index and the CLI apply
// (core/src/workspace/workspaceFiles.ts via agent/src/workspaceWalk.ts), honouring
// svcsql.index.excludeFolders and .gitignore files. Paths in the walk are URI strings.
import * as vscode from 'vscode';
import { MAX_IGNORE_FILE_BYTES } from '../../agent/src/readableFiles';
import type { WalkHost } from '../../agent/src/workspaceWalk';
import { workspaceSettings } from './workspaceSettings';

type EntryType = Awaited<ReturnType<WalkHost['readdir']>>[number]['type'];

function typeOf(t: vscode.FileType): EntryType {
  if (t & vscode.FileType.SymbolicLink) return 'symlink';
  if (t & vscode.FileType.Directory) return 'directory';
  if (t & vscode.FileType.File) return 'file';
  return 'other';
}

const uriOf = (s: string): vscode.Uri => vscode.Uri.parse(s, true);

export function vscodeWalkHost(fs: vscode.FileSystem = vscode.workspace.fs): WalkHost {
  return {
    readdir: async (dir) => (await fs.readDirectory(uriOf(dir))).map(([name, t]) => ({ name, type: typeOf(t) })),
    readText: async (file) => {
      try {
        if ((await fs.stat(uriOf(file))).size > MAX_IGNORE_FILE_BYTES) return undefined;
        return new TextDecoder().decode(await fs.readFile(uriOf(file)));
      } catch {
        return undefined;
      }
    },
    // vscode.workspace.fs does not say where a link leads: links are never followed (the rule's
    // point 4), they are only not reported.
    resolveLink: () => Promise.resolve(undefined),
    realpath: async (dir) => {
      try {
        await fs.stat(uriOf(dir));
        return dir;
      } catch {
        return undefined;
      }
    },
    join: (folder, name) => vscode.Uri.joinPath(uriOf(folder), name).toString(),
    parent: (p) => {
      const u = uriOf(p);
      return u.path === '/' || u.path === '' ? undefined : vscode.Uri.joinPath(u, '..').toString();
    },
    isWithin: (folder, p) => {
      const f = uriOf(folder);
      const u = uriOf(p);
      if (f.scheme !== u.scheme || f.authority !== u.authority) return false;
      const base = f.path.endsWith('/') ? f.path : `${f.path}/`;
      return u.path === f.path || u.path.startsWith(base);
    },
  };
}

/** The workspace files of every folder, in walk order, at most maxFiles. */
export async function workspaceSvcsqlFiles(maxFiles: number): Promise<vscode.Uri[]> {
  const { walkWorkspace } = await import('../../agent/src/workspaceWalk');
  const { excludeFolders } = workspaceSettings();
  const host = vscodeWalkHost();
  const out: vscode.Uri[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (out.length >= maxFiles) break;
    const walked = await walkWorkspace(host, folder.uri.toString(), { excludeFolders, maxFiles: maxFiles - out.length });
    out.push(...walked.files.map(uriOf));
  }
  return out;
}
