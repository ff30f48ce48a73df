// The extension's settings as typed, clamped values (no vscode: the reader in settings.ts feeds it
// what VS Code holds, the unit test feeds it anything). Bounds are the manifest's, except where a
// shorter value is useful in tests (a 0.1 minute run timeout).

/** What VS Code's configuration answers for a key, or undefined when unset or of the wrong type. */
export type SettingLookup = (key: string) => unknown;

export interface RunSettings {
  /** svcsql.run.timeoutMinutes in milliseconds, 0.1 to 1440 minutes (default 10). */
  timeoutMs: number;
  /** svcsql.run.maxResponseMB in bytes, 1 to 1024 MB (default 16). */
  maxResponseBytes: number;
}

function clampedNumber(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.min(Math.max(n, min), max);
}

export function runSettingsFrom(get: SettingLookup): RunSettings {
  const minutes = clampedNumber(get('run.timeoutMinutes'), 10, 0.1, 24 * 60);
  const mb = clampedNumber(get('run.maxResponseMB'), 16, 1, 1024);
  return { timeoutMs: minutes * 60_000, maxResponseBytes: Math.round(mb * 1024 * 1024) };
}

/** svcsql.history.max: 1 to 1000 runs kept (default 200). */
export function historyMaxFrom(get: SettingLookup, fallback: number): number {
  return Math.floor(clampedNumber(get('history.max'), fallback, 1, 1000));
}

/** svcsql.results.openOnShow (default true). */
export function openOnShowFrom(get: SettingLookup): boolean {
  const v = get('results.openOnShow');
  return typeof v === 'boolean' ? v : true;
}

export interface NotebookSettings {
  /** svcsql.notebook.saveOutputs (default false: a committed runbook holds no service data). */
  saveOutputs: boolean;
  /** svcsql.notebook.continueOnError (default false: Run All stops at the first failed cell). */
  continueOnError: boolean;
}

export function notebookSettingsFrom(get: SettingLookup): NotebookSettings {
  const flag = (key: string): boolean => get(key) === true;
  return { saveOutputs: flag('notebook.saveOutputs'), continueOnError: flag('notebook.continueOnError') };
}

/** svcsql.agent.mcpServer: when `svcsql mcp` is offered to VS Code as an MCP server (default auto). */
export type McpServerOffer = 'auto' | 'on' | 'off';

export function mcpServerOfferFrom(get: SettingLookup): McpServerOffer {
  const v = get('agent.mcpServer');
  return v === 'on' || v === 'off' ? v : 'auto';
}
