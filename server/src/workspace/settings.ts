// The settings of the workspace index: the shape and defaults are protocol/src/workspaceSettings.ts,
// shared with the extension. From the client's initializationOptions.workspace and from
// workspace/didChangeConfiguration ({ svcsql: { diagnostics: {…}, index: {…}, folders: {…} } }).
import { DEFAULT_WORKSPACE_SETTINGS, workspaceSettingsFrom, type WorkspaceSettings } from '../../../protocol/src/workspaceSettings';

export type { WorkspaceSettings };
export const DEFAULT_SETTINGS = DEFAULT_WORKSPACE_SETTINGS;

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Flat options as the client passes them at start-up (initializationOptions.workspace). */
export const settingsFromOptions = workspaceSettingsFrom;

/**
 * The settings object of workspace/didChangeConfiguration (sections svcsql.diagnostics and
 * svcsql.index, and `folders`: the per-folder values of the resource-scoped ones); undefined when it
 * holds no svcsql section (a client that sends other settings, or null), so that the settings in
 * force stay.
 */
export function settingsFromConfiguration(raw: unknown): WorkspaceSettings | undefined {
  if (!('svcsql' in record(raw))) return undefined;
  const svcsql = record(record(raw).svcsql);
  const index = record(svcsql.index);
  const byFolder: Record<string, unknown> = {};
  for (const [uri, v] of Object.entries(record(svcsql.folders))) byFolder[uri] = record(record(v).diagnostics).unresolvedReferences;
  return workspaceSettingsFrom({
    unresolvedReferences: record(svcsql.diagnostics).unresolvedReferences,
    unresolvedReferencesByFolder: byFolder,
    maxFileSizeKB: index.maxFileSizeKB,
    excludeFolders: index.excludeFolders,
  });
}
