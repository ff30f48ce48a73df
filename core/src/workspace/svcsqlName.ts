// Rule 1 of the workspace's files (workspaceFiles.ts): a Service SQL file is named *.svcsql, in any
// case. A module of its own, importing nothing, so that the agent tools' hosts (the extension's,
// through agent/src/svcsqlName.ts, and the MCP server's) apply it without loading the rest.

/** Whether a file name or path names a .svcsql file. */
export function isSvcsqlName(name: string): boolean {
  return name.toLowerCase().endsWith('.svcsql');
}
