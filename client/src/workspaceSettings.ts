// The settings of the language server's workspace index, as the server reads them at start-up
// (initializationOptions.workspace); later changes reach it as workspace/didChangeConfiguration
// for the sections below (languageClient.ts).
import * as vscode from 'vscode';

export const WORKSPACE_SETTING_SECTIONS = ['svcsql.diagnostics', 'svcsql.index'];

export function workspaceSettings(): { unresolvedReferences: boolean; maxFileSizeKB: number; excludeFolders: string[] } {
  const c = vscode.workspace.getConfiguration('svcsql');
  return {
    unresolvedReferences: c.get<boolean>('diagnostics.unresolvedReferences', false),
    maxFileSizeKB: c.get<number>('index.maxFileSizeKB', 1024),
    excludeFolders: c.get<string[]>('index.excludeFolders', ['node_modules', '.git', 'out']),
  };
}
