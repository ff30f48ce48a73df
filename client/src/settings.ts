// The one place the extension reads its svcsql.* settings (window and application scope); typed and
// clamped by settingsModel.ts. Workspace-index settings (resource scope, per folder) are in
// workspaceSettings.ts; profiles and the header prefix (user settings only) in credentials.ts.
import * as vscode from 'vscode';
import { ServiceClient, type Connection } from '../../service/src/index';
import {
  historyMaxFrom,
  mcpServerOfferFrom,
  notebookSettingsFrom,
  openOnShowFrom,
  runSettingsFrom,
  type McpServerOffer,
  type NotebookSettings,
  type RunSettings,
  type SettingLookup,
} from './settingsModel';

export const SETTINGS_SECTION = 'svcsql';

/** A lookup over the svcsql section, optionally for one resource (a folder or a file). */
export function settingLookup(scope?: vscode.ConfigurationScope): SettingLookup {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope);
  return (key) => config.get<unknown>(key);
}

export function runSettings(): RunSettings {
  return runSettingsFrom(settingLookup());
}

export function historyMax(fallback: number): number {
  return historyMaxFrom(settingLookup(), fallback);
}

export function openOnShow(): boolean {
  return openOnShowFrom(settingLookup());
}

/** The notebook settings (resource scope: a notebook's folder may set its own). */
export function notebookSettings(scope?: vscode.ConfigurationScope): NotebookSettings {
  return notebookSettingsFrom(settingLookup(scope));
}

export function mcpServerOffer(): McpServerOffer {
  return mcpServerOfferFrom(settingLookup());
}

/**
 * The one way the extension makes a service client (runs, refresh, the Service Objects view), so
 * that every call honours svcsql.run.maxResponseMB and sends the extension's user agent.
 */
export function createServiceClient(connection: Connection, userAgent: string): ServiceClient {
  return new ServiceClient(connection, { userAgent, maxResponseBytes: runSettings().maxResponseBytes });
}
