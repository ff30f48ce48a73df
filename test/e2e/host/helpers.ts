// Helpers for tests that run inside the extension host (bundled into each suite file).
import * as vscode from 'vscode';
import { findLogFile as findLogFileBelow } from '../lib/logs';
import { sleep, waitFor } from './waitFor';
import type { Credentials } from '../../../client/src/profiles';
import { defaultFaults, DEMO_CREDENTIALS, type Faults } from '../../../emulator/src/options';

export const EXTENSION_ID = 'svcsql.svcsql';

/** The first workspace folder: the run's copy of test/e2e/fixtures. */
export function workspaceUri(...segments: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the suite needs a workspace folder (the run copies test/e2e/fixtures into one)');
  return vscode.Uri.joinPath(folder.uri, ...segments);
}

export { sleep, waitFor } from './waitFor';

export async function openFixture(name: string): Promise<{ doc: vscode.TextDocument; editor: vscode.TextEditor }> {
  const doc = await vscode.workspace.openTextDocument(workspaceUri(name));
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  return { doc, editor };
}

/** A fresh untitled-like file in the workspace with the given text (written to disk, then opened). */
export async function openScratch(name: string, text: string): Promise<{ doc: vscode.TextDocument; editor: vscode.TextEditor }> {
  const uri = workspaceUri(name);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  return { doc, editor };
}

/** Replaces the whole text of doc (in the editor buffer, unsaved). */
export async function setText(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error('edit not applied');
}

/** Waits until the diagnostics of uri satisfy accept; returns them. */
export function waitForDiagnostics(
  uri: vscode.Uri,
  ms: number,
  accept: (d: vscode.Diagnostic[]) => boolean,
  what = 'diagnostics',
): Promise<vscode.Diagnostic[]> {
  return waitFor(ms, `${what} on ${uri.path}`, () => {
    const d = vscode.languages.getDiagnostics(uri);
    return accept(d) ? d : undefined;
  });
}

/** Position of the n-th (0-based) occurrence of needle in doc, plus delta characters. */
export function positionOf(doc: vscode.TextDocument, needle: string, delta = 0, nth = 0): vscode.Position {
  const text = doc.getText();
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" (#${nth}) not in ${doc.uri.path}`);
  }
  return doc.positionAt(at + delta);
}

export function rangeText(r: vscode.Range): string {
  return `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
}

export function codeOf(d: vscode.Diagnostic): string {
  const c = d.code;
  if (c === undefined) return '';
  if (typeof c === 'object') return String(c.value);
  return String(c);
}

/** The extension's API (its activate() result), activating it if needed. */
export async function extensionApi<T = SvcSqlApi>(): Promise<T> {
  const ext = vscode.extensions.getExtension<T>(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not installed/loaded`);
  return ext.isActive ? ext.exports : await ext.activate();
}

/** The contract of the client's activate() result, as the issue states it (docs/architecture.md). */
export interface SvcSqlApi {
  languageClient?: unknown;
  storeCredentials(profile: string, creds: Credentials): Promise<void>;
  getConnection(profile?: string): Promise<Record<string, unknown> | undefined>;
  history: {
    list(): readonly HistoryEntry[] | Promise<readonly HistoryEntry[]>;
    /** What globalState holds for the history (what the next window loads). */
    persisted(): unknown;
    /** The activation-time restore applied to a persisted list (what a reload does). */
    restore(raw: unknown): Promise<void>;
  };
  runStatementAt(uri: vscode.Uri, position: vscode.Position, options?: { ifErrors?: 'ask' | 'run' | 'skip' }): Promise<unknown>;
}

/** What storeCredentials takes: settings fields go to user settings, key/secret to SecretStorage. */
export type { Credentials };

export interface HistoryEntry {
  id?: string;
  profile?: string;
  statement?: string;
  requestId?: string;
  state?: string;
  apiStatus?: string;
  apiResponse?: unknown;
  [k: string]: unknown;
}

/** The emulator this run started (set by the runner in the extension host's environment). */
export function emulatorUrl(): string | undefined {
  return process.env.SVCSQL_E2E_EMULATOR_URL || undefined;
}

/** Newest file named `name` below $SVCSQL_E2E_LOGS_DIR (the window's log folder tree), or undefined. */
export function findLogFile(name: string): string | undefined {
  // Node's fs, not vscode.workspace.fs: the logs live on the extension host's own disk.
  return findLogFileBelow(process.env.SVCSQL_E2E_LOGS_DIR, name);
}

/** The emulator's public demo identity. */
export const DEMO = DEMO_CREDENTIALS;

/** Rejects when promise has not settled within ms. */
export async function within<T>(ms: number, what: string, promise: Thenable<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms)),
  );
  try {
    return await Promise.race([Promise.resolve(promise), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether promise settles within ms (without consuming a rejection). */
export async function settlesWithin(ms: number, promise: Thenable<unknown>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((r) => (timer = setTimeout(() => r(false), ms)));
  try {
    return await Promise.race([
      Promise.resolve(promise).then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The emulator's fault switches (emulator/src/options.ts Faults); returns them as they are now. */
export async function emulatorFaults(patch: Partial<Faults>): Promise<Record<string, unknown>> {
  const url = emulatorUrl();
  if (!url) throw new Error('no emulator in this run');
  const res = await fetch(`${url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  if (!res.ok) throw new Error(`emulator faults: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Every fault off: the emulator's own defaults. */
export const NO_FAULTS = defaultFaults();

/** The emulator's counters (emulator/src/stats.ts): submits and status calls received so far. */
export async function emulatorStats(): Promise<{ submits: number; statusCalls: number }> {
  const url = emulatorUrl();
  if (!url) throw new Error('no emulator in this run');
  const res = await fetch(`${url}/__emulator/stats`);
  if (!res.ok) throw new Error(`emulator stats: HTTP ${res.status}`);
  return (await res.json()) as { submits: number; statusCalls: number };
}

/** The newest history entry satisfying accept (polled; the Requests view shows the same list). */
export function waitForEntry(api: SvcSqlApi, ms: number, what: string, accept: (e: HistoryEntry) => boolean): Promise<HistoryEntry> {
  return waitFor(ms, what, async () => (await api.history.list()).find(accept), 25);
}

/**
 * Drives the quick pick a command is about to show, as the keyboard would: waits a moment for it,
 * moves down `index` items (workbench.action.quickOpenSelectNext) and accepts. The workbench offers
 * no way to see from the extension host that a quick input is open, hence the delay (generous:
 * keys sent before the pick opens are lost, and a CI machine may be loaded).
 */
export async function pickInQuickPick(index: number, settleMs = 2_000): Promise<void> {
  await sleep(settleMs);
  for (let i = 0; i < index; i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
}

/** The user-level value of a svcsql setting (profiles and the active profile live there). */
export function userSetting<T>(key: string): T | undefined {
  return vscode.workspace.getConfiguration('svcsql').inspect<T>(key)?.globalValue;
}

/** The status the emulator's `unknownStatus` fault answers: no client knows it, so a run stays pending. */
export const HELD = 'API_OPERATION_STATUS_E2E_HELD';

/**
 * Hooks for a suite run against the emulator, registered inside its describe(): skipped without
 * an emulator; `profile`, when given, stored with the demo credentials (which makes it active);
 * the fixture opened; faults reset after each test; the active profile put back at the end.
 * The returned object is filled in by the time the suite's tests run.
 */
export function emulatorSuite(fixture: string, profile?: string): Suite {
  const suite = {} as Suite;
  let activeBefore: string | undefined;
  before(async function () {
    if (!emulatorUrl()) this.skip();
    suite.api = await extensionApi();
    activeBefore = userSetting<string>('activeProfile');
    await emulatorFaults(NO_FAULTS);
    if (profile) await suite.api.storeCredentials(profile, { baseUrl: emulatorUrl()!, ...DEMO });
    suite.doc = (await openFixture(fixture)).doc;
  });
  afterEach(async () => {
    if (emulatorUrl()) await emulatorFaults(NO_FAULTS);
  });
  after(async () => {
    if (activeBefore !== undefined)
      await vscode.workspace.getConfiguration('svcsql').update('activeProfile', activeBefore, vscode.ConfigurationTarget.Global);
  });
  return suite;
}

/** The history entry with this id, as the Requests view shows it now. */
export async function entryById(api: SvcSqlApi, id: string | undefined): Promise<HistoryEntry | undefined> {
  return (await api.history.list()).find((e) => e.id === id);
}

type Suite = { api: SvcSqlApi; doc: vscode.TextDocument };

/** Runs the statement starting with `needle` in the suite's file; resolves with its final history entry. */
export function runOf(suite: Suite, needle: string): Promise<HistoryEntry | undefined> {
  return Promise.resolve(suite.api.runStatementAt(suite.doc.uri, positionOf(suite.doc, needle, 1))) as Promise<HistoryEntry | undefined>;
}

/**
 * Starts a run of the statement starting with `needle` without waiting for it: the ids the history
 * held before (to find the new entry) and the run's promise (its rejection is left to the caller).
 */
export async function startRunOf(suite: Suite, needle: string): Promise<{ known: Set<string>; done: Promise<unknown> }> {
  const known = new Set((await suite.api.history.list()).map((e) => e.id!));
  const done = runOf(suite, needle);
  done.catch(() => undefined);
  return { known, done };
}
