// Finds the .svcsql files of a workspace folder with the rule the CLI applies too
// (core/src/workspace/workspaceFiles.ts): excluded folder names and .gitignore files are honoured,
// symbolic links are never followed (a link inside the folders leads to files the walk reaches by
// their own path; nothing outside the workspace folders is read).
import { readFile, readdir, realpath, stat } from '../host/fs';
import * as path from '../host/path';
import { isSvcsqlName, nodeWalkHost, walkWorkspace, type WalkResult } from '../../../core/src/index';

export const isSvcsql = isSvcsqlName;

const host = nodeWalkHost({ readdir, readFile, realpath, stat }, path);

export function walkFolder(
  folder: string,
  excludeFolders: readonly string[],
  maxFiles: number,
  onFiles?: (files: readonly string[]) => void,
): Promise<WalkResult> {
  return walkWorkspace(host, folder, { excludeFolders, maxFiles, onFiles });
}
