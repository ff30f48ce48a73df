// The settings of the language server's workspace index (shape and defaults in
// protocol/src/workspaceSettings.ts, shared with the server). The server reads them at start-up
// (initializationOptions.workspace); later changes, and workspace folders added or removed, reach it
// as workspace/didChangeConfiguration (languageClient.ts). svcsql.diagnostics.unresolvedReferences
// is a resource setting, so it is read per workspace folder as declared.
import * as vscode from 'vscode';
import {
  DEFAULT_WORKSPACE_SETTINGS,
  WORKSPACE_SETTING_SECTIONS,
  workspaceSettingsFrom,
  type WorkspaceSettings,
} from '../../protocol/src/workspaceSettings';
import { settingLookup } from './settings';

export { WORKSPACE_SETTING_SECTIONS };

const UNRESOLVED = 'diagnostics.unresolvedReferences';

export function workspaceSettings(): WorkspaceSettings {
  const get = settingLookup();
  const d = DEFAULT_WORKSPACE_SETTINGS;
  const byFolder: Record<string, boolean> = {};
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const v = settingLookup(folder.uri)(UNRESOLVED);
    if (typeof v === 'boolean') byFolder[folder.uri.toString()] = v;
  }
  return workspaceSettingsFrom({
    unresolvedReferences: get(UNRESOLVED) ?? d.unresolvedReferences,
    unresolvedReferencesByFolder: byFolder,
    maxFileSizeKB: get('index.maxFileSizeKB') ?? d.maxFileSizeKB,
    excludeFolders: get('index.excludeFolders') ?? d.excludeFolders,
  });
}

/** The didChangeConfiguration payload the server reads (server/src/workspace/settings.ts). */
export function workspaceConfigurationPayload(): { svcsql: unknown } {
  const s = workspaceSettings();
  const folders: Record<string, unknown> = {};
  for (const [uri, v] of Object.entries(s.unresolvedReferencesByFolder)) folders[uri] = { diagnostics: { unresolvedReferences: v } };
  return {
    svcsql: {
      diagnostics: { unresolvedReferences: s.unresolvedReferences },
      index: { maxFileSizeKB: s.maxFileSizeKB, excludeFolders: s.excludeFolders },
      folders,
    },
  };
}
