// What of a workspace a host reads (workspaceFiles.ts holds the whole rule): a Service SQL file is
// named *.svcsql, in any case (rule 1), and a .gitignore is read only up to a size (a hostile tree
// must not cost unbounded memory). A module of its own, importing nothing, so that every host applies
// it without loading the rest: the Node walk host (nodeWalkHost.ts) and the extension's
// (client/src/agentWorkspaceFiles.ts), and the agent tools' file reads in both (agent/src/readableFiles.ts).

/** Whether a file name or path names a .svcsql file. */
export function isSvcsqlName(name: string): boolean {
  return name.toLowerCase().endsWith('.svcsql');
}

/** A .gitignore larger than this (in bytes) is not read: WalkHost.readText answers undefined. */
export const MAX_IGNORE_FILE_BYTES = 1024 * 1024;
