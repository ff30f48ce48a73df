// Workspaces the runs open: copies of test/e2e/fixtures (or examples/) in the run folder, so tests
// may write and edit files freely.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

export function copyWorkspace(from: string, to: string, settings?: Record<string, unknown>): string {
  mkdirSync(to, { recursive: true });
  cpSync(join(repoRoot, from), to, { recursive: true });
  if (settings) {
    mkdirSync(join(to, '.vscode'), { recursive: true });
    writeFileSync(join(to, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
  }
  return to;
}

/** Settings every run's user profile gets: quiet, deterministic, no network. */
export const quietUserSettings: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'editor.minimap.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  // Completion tests must see the language server's items, not words from open files.
  'editor.wordBasedSuggestions': 'off',
  'window.commandCenter': false,
  'workbench.colorTheme': 'Default Light Modern',
};

export function writeUserSettings(userDataDir: string, settings: Record<string, unknown>): void {
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
}
