// Walks a folder for its workspace files with the one rule the editor's index applies too
// (core/src/workspace/workspaceFiles.ts: *.svcsql in any case, excluded folder names, .gitignore,
// symbolic links never followed). Links are reported here: one leading out of the folder is not
// followed, one leading back to a folder above it is a loop (each reported once); a link to a file
// or folder inside the folder needs no word, the walk reaches its target by its own path.
import { readFile, readdir, realpath, stat } from 'node:fs/promises';
import * as path from 'node:path';
// From their modules, not the core's index: the walk's bundle (out/cli/walk.js) then holds no copy of
// the analysis, which main.js holds and evaluates already.
import { nodeWalkHost } from '../../core/src/workspace/nodeWalkHost';
import { walkWorkspace } from '../../core/src/workspace/walkWorkspace';

export interface Walked {
  /** Absolute paths of the workspace files, in walk order. */
  files: string[];
  notes: string[];
}

const host = nodeWalkHost({ readdir, readFile, realpath, stat }, path);

/** The workspace files of a folder (excludeFolders: the editor's default unless given). */
export async function walkFolder(folder: string, show: (p: string) => string, excludeFolders?: readonly string[]): Promise<Walked> {
  const walked = await walkWorkspace(host, path.resolve(folder), { excludeFolders });
  const notes = walked.links.map((l) =>
    l.kind === 'out'
      ? `${show(l.path)} is a symbolic link out of ${show(folder)}; not followed.`
      : `${show(l.path)} is a symbolic link back to ${show(l.target)} (a loop); not followed.`,
  );
  return { files: walked.files, notes };
}
