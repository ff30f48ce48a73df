// The settings of the workspace index, from the client's initializationOptions.workspace and from
// workspace/didChangeConfiguration ({ svcsql: { diagnostics: {…}, index: {…} } }); anything missing
// or malformed keeps its default.
export interface WorkspaceSettings {
  /** Show references to names no workspace file creates as information (svcsql.diagnostics.unresolvedReferences). */
  unresolvedReferences: boolean;
  /** Files larger than this are not indexed (svcsql.index.maxFileSizeKB). */
  maxFileSizeKB: number;
  /** Folder names never entered (svcsql.index.excludeFolders). */
  excludeFolders: string[];
}

export const DEFAULT_SETTINGS: WorkspaceSettings = {
  unresolvedReferences: false,
  maxFileSizeKB: 1024,
  excludeFolders: ['node_modules', '.git', 'out'],
};

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Flat options as the client passes them at start-up (initializationOptions.workspace). */
export function settingsFromOptions(raw: unknown): WorkspaceSettings {
  const o = record(raw);
  return {
    unresolvedReferences: typeof o.unresolvedReferences === 'boolean' ? o.unresolvedReferences : DEFAULT_SETTINGS.unresolvedReferences,
    maxFileSizeKB: typeof o.maxFileSizeKB === 'number' && o.maxFileSizeKB > 0 ? o.maxFileSizeKB : DEFAULT_SETTINGS.maxFileSizeKB,
    excludeFolders: Array.isArray(o.excludeFolders)
      ? o.excludeFolders.filter((x): x is string => typeof x === 'string' && x.length > 0)
      : DEFAULT_SETTINGS.excludeFolders,
  };
}

/**
 * The settings object of workspace/didChangeConfiguration (sections svcsql.diagnostics and
 * svcsql.index); undefined when it holds no svcsql section (a client that sends other settings, or
 * null), so that the settings in force stay.
 */
export function settingsFromConfiguration(raw: unknown): WorkspaceSettings | undefined {
  if (!('svcsql' in record(raw))) return undefined;
  const svcsql = record(record(raw).svcsql);
  const index = record(svcsql.index);
  return settingsFromOptions({
    unresolvedReferences: record(svcsql.diagnostics).unresolvedReferences,
    maxFileSizeKB: index.maxFileSizeKB,
    excludeFolders: index.excludeFolders,
  });
}
