// The workspace file rule (core/src/workspace/workspaceFiles.ts: *.svcsql, excluded folder names,
// .gitignore files, no symbolic links followed) for a surface that walks its own file system: the
// VS Code host walks vscode.workspace.fs with it, as the CLI and the language server walk Node's.
export { walkWorkspace, type WalkHost, type WalkResult } from '../../core/src/index';
