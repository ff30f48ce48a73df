// The settings of the language server's workspace index: one shape and one set of defaults for the
// extension (which sends them) and the server (which reads them, keeping a default for anything
// missing or malformed). They travel as initializationOptions.workspace at start-up and as
// workspace/didChangeConfiguration `{ svcsql: { diagnostics, index, folders } }` afterwards.

export interface WorkspaceSettings {
  /** Show references to names no workspace file creates as information (svcsql.diagnostics.unresolvedReferences). */
  unresolvedReferences: boolean;
  /**
   * svcsql.diagnostics.unresolvedReferences is a resource setting: its value per workspace folder
   * (folder URI → value), for files inside that folder; `unresolvedReferences` holds elsewhere.
   */
  unresolvedReferencesByFolder: Record<string, boolean>;
  /** Files larger than this are not indexed (svcsql.index.maxFileSizeKB). */
  maxFileSizeKB: number;
  /** Folder names never entered (svcsql.index.excludeFolders). */
  excludeFolders: string[];
}

export const DEFAULT_WORKSPACE_SETTINGS: WorkspaceSettings = {
  unresolvedReferences: false,
  unresolvedReferencesByFolder: {},
  maxFileSizeKB: 1024,
  excludeFolders: ['node_modules', '.git', 'out'],
};

/** The sections the server is told about when they change. */
export const WORKSPACE_SETTING_SECTIONS = ['svcsql.diagnostics', 'svcsql.index'];

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Settings from any value (initializationOptions.workspace); defaults for what is missing or malformed. */
export function workspaceSettingsFrom(raw: unknown): WorkspaceSettings {
  const o = record(raw);
  const byFolder: Record<string, boolean> = {};
  for (const [uri, v] of Object.entries(record(o.unresolvedReferencesByFolder))) if (typeof v === 'boolean') byFolder[uri] = v;
  const d = DEFAULT_WORKSPACE_SETTINGS;
  return {
    unresolvedReferences: typeof o.unresolvedReferences === 'boolean' ? o.unresolvedReferences : d.unresolvedReferences,
    unresolvedReferencesByFolder: byFolder,
    maxFileSizeKB:
      typeof o.maxFileSizeKB === 'number' && Number.isFinite(o.maxFileSizeKB) && o.maxFileSizeKB > 0 ? o.maxFileSizeKB : d.maxFileSizeKB,
    excludeFolders: Array.isArray(o.excludeFolders)
      ? o.excludeFolders.filter((x): x is string => typeof x === 'string' && x.length > 0)
      : d.excludeFolders,
  };
}

/** Whether unresolved references are shown for a file: the value of the innermost folder holding it, else the window's. */
export function unresolvedReferencesFor(settings: WorkspaceSettings, fileUri: string): boolean {
  let best: string | undefined;
  for (const folder of Object.keys(settings.unresolvedReferencesByFolder)) {
    const prefix = folder.endsWith('/') ? folder : `${folder}/`;
    if (fileUri.startsWith(prefix) && (best === undefined || folder.length > best.length)) best = folder;
  }
  return best === undefined ? settings.unresolvedReferences : settings.unresolvedReferencesByFolder[best]!;
}

/** Whether any file may show unresolved references (some folder, or the window, has them on). */
export function anyUnresolvedReferences(settings: WorkspaceSettings): boolean {
  return settings.unresolvedReferences || Object.values(settings.unresolvedReferencesByFolder).some(Boolean);
}
