// Runs statements against the service and keeps history, output, diagnostics and the status
// bar in step with each run. The decisions (which statement, where an error maps, what to
// persist, what to print) live in the vscode-free modules; this file only wires them.
import * as vscode from 'vscode';
import type { Connection, RunEvent, RunResult, ServiceClient, ServiceError } from '../../service/src/index';
import { type CredentialStore, configureConnection } from './credentials';
import { createServiceClient, runSettings } from './settings';
import {
  eventLine,
  formatDuration,
  prettyJson,
  resultText,
  shortApiStatus,
  stateFromApiStatus,
  statusBarText,
  submissionText,
} from './format';
import { type HistoryEntry, type HistoryModel, isRunning, newRunId, type Span, withEvent } from './history';
import { type StatementSource, StatementsUnavailableError } from './languageClient';
import type { RedactingLog } from './log';
import type { Redactor } from './redact';
import type { ServiceDiagnostics, TrackedStatement } from './serviceDiagnosticCollection';
import { mapServiceError } from './serviceDiagnostics';
import { rerunSource } from './rerunSource';
import { serviceAccessible } from './serviceAccess';
import { firstWords, pickStatements, type ServerStatement } from './statementPick';

export const RUNNING_CONTEXT = 'svcsql.running';

/** What to do when a picked statement has errors: ask (modal), send anyway, or send nothing. */
export type IfErrors = 'ask' | 'run' | 'skip';

export interface RunOptions {
  ifErrors: IfErrors;
  /** Interactive runs may wait on dialogs (configure credentials); API runs never block on UI. */
  interactive: boolean;
}

export interface RunnerDeps {
  history: HistoryModel;
  creds: CredentialStore;
  log: RedactingLog;
  channel: vscode.LogOutputChannel;
  statements: StatementSource;
  diagnostics: ServiceDiagnostics;
  redactor: Redactor;
  userAgent: string;
  persistNow: () => Promise<void>;
}

/** A vscode Range or Selection as a plain Span. */
export const toSpan = (r: vscode.Range): Span => ({
  start: { line: r.start.line, character: r.start.character },
  end: { line: r.end.line, character: r.end.character },
});

/** Keeps only the ServiceError fields we know to be plain data. */
function plainError(e: ServiceError | undefined): ServiceError | undefined {
  if (!e) return undefined;
  const out: ServiceError = { kind: e.kind, message: String(e.message ?? '') };
  if (e.httpStatus !== undefined) out.httpStatus = e.httpStatus;
  if (e.line !== undefined) out.line = e.line;
  if (e.column !== undefined) out.column = e.column;
  if (e.expected) out.expected = [...e.expected];
  if (e.detail !== undefined) out.detail = String(e.detail);
  return out;
}

/** A statement to send: the real text, and what may be shown of it. */
export interface Sendable {
  text: string;
  title: string;
  uri?: string;
  range?: Span;
  /** The text with secret WITH values as '***' (from the language server). */
  displayText?: string;
  secretValues?: string[];
}

export class Runner implements vscode.Disposable {
  private readonly controllers = new Map<string, AbortController>();
  /** The real text of runs whose history shows a masked one (memory only, never persisted). */
  private readonly sentText = new WeakMap<HistoryEntry, string>();
  private readonly statusBar = vscode.window.createStatusBarItem('svcsql.running', vscode.StatusBarAlignment.Left, 50);
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly d: RunnerDeps) {
    this.statusBar.name = 'Service SQL: running requests';
    this.statusBar.command = 'svcsql.requests.focus';
    this.subscriptions.push(
      this.statusBar,
      d.history.onDidChange(() => this.updateStatusBar()),
    );
  }

  dispose(): void {
    for (const c of this.controllers.values()) c.abort();
    for (const s of this.subscriptions) s.dispose();
  }

  /** Whether this window is polling the run right now (a resumed run without credentials is not). */
  isActive(id: string): boolean {
    return this.controllers.has(id);
  }

  private updateStatusBar(): void {
    const n = this.controllers.size;
    if (n > 0) {
      this.statusBar.text = statusBarText(n);
      this.statusBar.tooltip = this.d.history
        .running()
        .filter((e) => this.controllers.has(e.id))
        .map((e) => `${firstWords(e.statement || e.title, 40)} — ${shortApiStatus(e.apiStatus) ?? e.state}`)
        .join('\n');
      this.statusBar.show();
    } else {
      this.statusBar.hide();
    }
    void vscode.commands.executeCommand('setContext', RUNNING_CONTEXT, n > 0);
  }

  private timeoutMs(): number {
    return runSettings().timeoutMs;
  }

  private serviceClient(connection: Connection): ServiceClient {
    return createServiceClient(connection, this.d.userAgent);
  }

  /** Running is disabled in Restricted Mode: a workspace could otherwise make us send its text. */
  ensureTrusted(interactive: boolean): boolean {
    if (vscode.workspace.isTrusted) return true;
    const msg = 'Service SQL: running statements is disabled in Restricted Mode. Trust this workspace to run.';
    this.d.log.warn(msg);
    if (interactive) {
      void vscode.window.showWarningMessage(msg, 'Manage Workspace Trust').then((c) => {
        if (c) void vscode.commands.executeCommand('workbench.trust.manage');
      });
    }
    return false;
  }

  /** The connection of a profile, or (when there is none) an offer to configure it. */
  async connectionOrOffer(
    profile: string | undefined,
    interactive: boolean,
  ): Promise<{ profile: string; connection: Connection } | undefined> {
    const name = profile ?? this.d.creds.activeProfile();
    const r = await this.d.creds.resolve(name);
    // In the browser a service may refuse cross-origin calls: then nothing runs, and the user is told why.
    if (r.ok) return (await serviceAccessible(r.connection, interactive)) ? { profile: name, connection: r.connection } : undefined;
    this.d.log.warn(`No usable connection for profile "${name}": ${r.problems.join(' ')}`);
    const offer = vscode.window.showInformationMessage(
      `Service SQL: no connection is configured for profile "${name}" (${r.problems[0] ?? 'incomplete'}). Configure it now?`,
      'Configure Connection',
    );
    if (!interactive) {
      void offer.then((c) => (c ? configureConnection(this.d.creds, name) : undefined));
      return undefined;
    }
    if (!(await offer)) return undefined;
    const configured = await configureConnection(this.d.creds, name);
    if (!configured) return undefined;
    const again = await this.d.creds.resolve(configured);
    return again.ok && (await serviceAccessible(again.connection, interactive))
      ? { profile: configured, connection: again.connection }
      : undefined;
  }

  private async confirmErrors(stmts: ServerStatement[], mode: IfErrors): Promise<boolean> {
    const bad = stmts.filter((s) => s.hasErrors);
    if (!bad.length || mode === 'run') return true;
    if (mode === 'skip') return false;
    const names = bad.map((s) => `line ${s.range.start.line + 1}: ${s.title || firstWords(s.text, 40)}`).join('\n');
    const run: vscode.MessageItem = { title: 'Run anyway' };
    const cancel: vscode.MessageItem = { title: 'Cancel', isCloseAffordance: true };
    const choice = await vscode.window.showWarningMessage(
      bad.length === 1
        ? 'This statement has errors. Send it to the service anyway?'
        : `${bad.length} statements have errors. Send them to the service anyway?`,
      { modal: true, detail: names },
      run,
      cancel,
    );
    return choice === run;
  }

  /** Statements of a document from the language server (opening the document if needed). */
  private async statementsOf(uri: vscode.Uri, lines?: Span): Promise<ServerStatement[] | undefined> {
    await vscode.workspace.openTextDocument(uri);
    try {
      return await this.d.statements.statements(uri, lines);
    } catch (err) {
      if (err instanceof StatementsUnavailableError) {
        this.d.log.warn(err.message);
        void vscode.window.showWarningMessage(`Service SQL: ${err.message}`);
        return undefined;
      }
      this.d.log.error(
        `The language server did not return statements for ${uri.toString()}: ${err instanceof Error ? err.message : String(err)}`,
      );
      void vscode.window
        .showErrorMessage('Service SQL: the language server is not available, so statement boundaries are unknown.', 'Show Output')
        .then((c) => c && this.d.channel.show());
      return undefined;
    }
  }

  /** Run Statement: the statements a selection overlaps, or the one at the cursor. */
  async runAt(uri: vscode.Uri, selection: Span, opts: RunOptions): Promise<HistoryEntry[]> {
    if (!this.ensureTrusted(opts.interactive)) return [];
    const all = await this.statementsOf(uri, selection);
    if (!all) return [];
    const picked = pickStatements(all, selection);
    if (!picked.length) {
      if (opts.interactive) void vscode.window.showInformationMessage('Service SQL: there is no statement at the cursor.');
      return [];
    }
    return this.runStatements(uri, picked, opts);
  }

  async runAll(uri: vscode.Uri, opts: RunOptions): Promise<HistoryEntry[]> {
    if (!this.ensureTrusted(opts.interactive)) return [];
    const all = await this.statementsOf(uri);
    if (!all) return [];
    const nonEmpty = all.filter((s) => s.text.trim() !== '');
    if (!nonEmpty.length) {
      if (opts.interactive) void vscode.window.showInformationMessage('Service SQL: the file holds no statements.');
      return [];
    }
    return this.runStatements(uri, nonEmpty, opts);
  }

  /**
   * Sends statements one after another, each waiting for its outcome: a later statement often
   * depends on an earlier one, so the first failure stops the rest.
   */
  private async runStatements(uri: vscode.Uri, stmts: ServerStatement[], opts: RunOptions): Promise<HistoryEntry[]> {
    if (!(await this.confirmErrors(stmts, opts.ifErrors))) return [];
    const conn = await this.connectionOrOffer(undefined, opts.interactive);
    if (!conn) return [];
    const done: HistoryEntry[] = [];
    for (const [i, s] of stmts.entries()) {
      const entry = await this.runOne(conn.profile, conn.connection, { ...sendable(s), uri: uri.toString() }, opts.interactive);
      done.push(entry);
      if (!['success', 'partial'].includes(entry.state) && i < stmts.length - 1) {
        const rest = stmts.length - i - 1;
        this.d.log.warn(`Stopped after a ${entry.state} run: ${rest} later statement(s) not sent.`);
        if (opts.interactive)
          void vscode.window.showWarningMessage(`Service SQL: stopped after a ${entry.state} run; ${rest} later statement(s) not sent.`);
        break;
      }
    }
    return done;
  }

  /** One run: a history entry from the first moment, updated by every event, never lost on failure. */
  async runOne(profile: string, connection: Connection, s: Sendable, interactive: boolean): Promise<HistoryEntry> {
    const now = Date.now();
    // Secret WITH values: redacted wherever they could be echoed, and '***' in what is shown and kept.
    for (const v of s.secretValues ?? []) this.d.redactor.add(v);
    const masked = s.displayText !== undefined && s.displayText !== s.text;
    const entry = this.d.history.add({
      id: newRunId(now),
      profile,
      statement: masked ? s.displayText! : s.text,
      ...(masked ? { masked: true } : {}),
      title: s.title,
      state: 'submitting',
      submittedAt: now,
      updatedAt: now,
      ...(s.uri ? { uri: s.uri } : {}),
      ...(s.range ? { range: s.range } : {}),
    });
    if (masked) this.sentText.set(entry, s.text);
    if (s.uri && s.range) this.d.diagnostics.set(s.uri, s.range, undefined);
    const tracked = s.uri && s.range ? this.d.diagnostics.track(s.uri, s.range) : undefined;
    this.d.log.info(submissionText(entry, profile, connection.baseUrl));
    const ctl = new AbortController();
    this.controllers.set(entry.id, ctl);
    this.updateStatusBar();
    let result: RunResult;
    try {
      const client = this.serviceClient(connection);
      result = await client.run(s.text, { signal: ctl.signal, timeoutMs: this.timeoutMs(), onEvent: (ev) => this.onEvent(entry, ev) });
    } catch (err) {
      // run() should never throw; if it does, the history still records what happened.
      result = {
        state: 'error',
        error: { kind: 'bad-response', message: err instanceof Error ? err.message : String(err) },
        startedAt: now,
        endedAt: Date.now(),
      };
    }
    return this.finish(entry, result, interactive, tracked);
  }

  private onEvent(entry: HistoryEntry, ev: RunEvent): void {
    const changed =
      ev.state !== entry.state ||
      (ev.apiStatus !== undefined && ev.apiStatus !== entry.apiStatus) ||
      (ev.requestId !== undefined && ev.requestId !== entry.requestId);
    const gotId = !!ev.requestId && !entry.requestId;
    this.d.history.update(entry.id, {
      state: ev.state,
      ...(ev.requestId ? { requestId: ev.requestId } : {}),
      ...(ev.apiStatus !== undefined ? { apiStatus: ev.apiStatus } : {}),
      ...(ev.apiResponse !== undefined ? { apiResponse: ev.apiResponse } : {}),
      ...(ev.error ? { error: plainError(ev.error) } : {}),
      events: withEvent(entry.events, ev),
    });
    if (changed) this.d.log.info(eventLine(entry, ev));
    else this.d.log.trace(eventLine(entry, ev));
    // Persist the request id at once: a reload from now on resumes polling instead of losing it.
    if (gotId) void this.d.persistNow();
  }

  private async finish(entry: HistoryEntry, result: RunResult, interactive: boolean, tracked?: TrackedStatement): Promise<HistoryEntry> {
    this.controllers.delete(entry.id);
    const patch: Partial<HistoryEntry> = {
      state: result.state,
      requestId: result.requestId ?? entry.requestId,
      apiStatus: result.apiStatus ?? entry.apiStatus,
      apiResponse: result.apiResponse !== undefined ? result.apiResponse : entry.apiResponse,
      error: plainError(result.error),
      endedAt: result.endedAt || Date.now(),
    };
    // The final point of the timeline, unless the last event already said it.
    const last = entry.events?.at(-1);
    if (last?.state !== result.state || last.apiStatus !== patch.apiStatus)
      patch.events = withEvent(entry.events, {
        at: patch.endedAt!,
        state: result.state,
        ...(patch.apiStatus ? { apiStatus: patch.apiStatus } : {}),
      });
    // Removed from history while running: still complete the object the caller holds.
    if (!this.d.history.update(entry.id, patch)) Object.assign(entry, patch);
    const text = resultText(entry);
    if (entry.state === 'success') this.d.log.info(text);
    else if (entry.state === 'partial' || entry.state === 'cancelled' || entry.state === 'timed-out') this.d.log.warn(text);
    else this.d.log.error(text);
    // Map into the statement where it is now; if it was edited meanwhile, the position is void.
    const span = tracked?.current();
    tracked?.dispose();
    if (entry.uri && span)
      this.d.diagnostics.set(
        entry.uri,
        span,
        mapServiceError(entry.error, { range: span, text: this.sentText.get(entry) ?? entry.statement }),
      );
    await this.d.persistNow();
    this.updateStatusBar();
    if (interactive) this.notify(entry);
    return entry;
  }

  private notify(e: HistoryEntry): void {
    const what = firstWords(e.statement || e.title, 40);
    if (e.state === 'success') {
      vscode.window.setStatusBarMessage(
        `$(pass) ${what}: ${shortApiStatus(e.apiStatus) ?? 'success'} in ${formatDuration((e.endedAt ?? Date.now()) - e.submittedAt)}`,
        5000,
      );
      return;
    }
    if (e.state === 'cancelled') return;
    const items = e.error?.kind === 'auth' ? ['Configure Connection', 'Show Output'] : ['Show Output'];
    const detail = e.error?.message ?? shortApiStatus(e.apiStatus) ?? e.state;
    void vscode.window.showErrorMessage(this.d.redactor.text(`Service SQL: ${what} — ${e.state}: ${detail}`), ...items).then((c) => {
      if (c === 'Show Output') this.d.channel.show(true);
      if (c === 'Configure Connection') void configureConnection(this.d.creds, e.profile);
    });
  }

  /** Polls an existing request id until it ends (resume after reload, Check Status…). */
  async watch(entry: HistoryEntry, connection: Connection, interactive: boolean): Promise<HistoryEntry> {
    if (!entry.requestId || this.controllers.has(entry.id)) return entry;
    const ctl = new AbortController();
    this.controllers.set(entry.id, ctl);
    this.updateStatusBar();
    this.d.log.info(`Polling requestId=${entry.requestId} (run ${entry.id}, profile "${entry.profile}")`);
    let result: RunResult;
    const started = Date.now();
    try {
      const client = this.serviceClient(connection);
      result = await client.watch(entry.requestId, {
        signal: ctl.signal,
        timeoutMs: this.timeoutMs(),
        onEvent: (ev) => this.onEvent(entry, ev),
      });
    } catch (err) {
      result = {
        state: 'error',
        requestId: entry.requestId,
        error: { kind: 'bad-response', message: err instanceof Error ? err.message : String(err) },
        startedAt: started,
        endedAt: Date.now(),
      };
    }
    return this.finish(entry, result, interactive);
  }

  /** After a reload: poll the runs that were pending, with the profile each used. */
  async resume(entries: HistoryEntry[]): Promise<void> {
    for (const e of entries) {
      const r = await this.d.creds.resolve(e.profile);
      if (!r.ok) {
        this.d.log.warn(
          `Cannot resume requestId=${e.requestId}: profile "${e.profile}" has no usable connection. Use Refresh once it is configured.`,
        );
        continue;
      }
      void this.watch(e, r.connection, false);
    }
  }

  /** Polls once and records the answer; a failure is reported and leaves the entry as it was. */
  async refresh(entry: HistoryEntry): Promise<void> {
    if (!entry.requestId) return;
    const conn = (await this.connectionOrOffer(entry.profile, true)) ?? undefined;
    if (!conn) return;
    try {
      const { apiStatus, apiResponse } = await this.serviceClient(conn.connection).status(entry.requestId);
      const patch: Partial<HistoryEntry> = { apiStatus, apiResponse };
      if (!this.controllers.has(entry.id)) {
        const state = stateFromApiStatus(apiStatus);
        patch.state = state;
        if (!isRunning(state)) patch.endedAt = entry.endedAt && !isRunning(entry.state) ? entry.endedAt : Date.now();
        if (!isRunning(state)) patch.error = undefined;
      }
      this.d.history.update(entry.id, patch);
      this.d.log.info(`Refreshed requestId=${entry.requestId}: apiStatus=${apiStatus}\napiResponse:\n${prettyJson(apiResponse)}`);
      await this.d.persistNow();
    } catch (err) {
      const msg =
        err instanceof Error
          ? err.message
          : typeof err === 'object' && err && 'message' in err
            ? String((err as ServiceError).message)
            : String(err);
      this.d.log.error(`Refresh of requestId=${entry.requestId} failed: ${msg}`);
      void vscode.window.showErrorMessage(this.d.redactor.text(`Service SQL: refresh failed: ${msg}`));
    }
  }

  /** Stops waiting for a run (the service has no cancel call: the request itself may go on). */
  cancel(entry: HistoryEntry): void {
    const ctl = this.controllers.get(entry.id);
    if (ctl) {
      ctl.abort();
      this.d.log.info(
        `Cancelled run ${entry.id}${entry.requestId ? ` (requestId=${entry.requestId}); the service may still complete it` : ''}`,
      );
      return;
    }
    if (isRunning(entry.state)) {
      this.d.history.update(entry.id, { state: 'cancelled', endedAt: Date.now() });
      void this.d.persistNow();
    }
  }

  /** Sends a history entry's statement again, mapping errors into its file when it is still there. */
  async rerun(entry: HistoryEntry): Promise<HistoryEntry | undefined> {
    if (!this.ensureTrusted(true) || !entry.statement.trim()) return undefined;
    const conn = (await this.d.creds.resolve(entry.profile)).ok
      ? await this.connectionOrOffer(entry.profile, true)
      : await this.connectionOrOffer(undefined, true);
    if (!conn) return undefined;
    let doc = entry.uri ? vscode.workspace.textDocuments.find((t) => t.uri.toString() === entry.uri) : undefined;
    // A masked statement's secret is only in its file: open it to read the real text again.
    if (!doc && entry.uri && entry.masked)
      doc = await Promise.resolve(vscode.workspace.openTextDocument(vscode.Uri.parse(entry.uri))).catch(() => undefined);
    const statements = doc ? await this.d.statements.statements(doc.uri).catch(() => []) : [];
    const source = rerunSource(entry, statements);
    if (!source.ok) {
      this.d.log.warn(source.message);
      void vscode.window.showWarningMessage(source.message);
      return undefined;
    }
    const s = source.statement;
    return this.runOne(
      conn.profile,
      conn.connection,
      s ? { ...sendable(s), uri: entry.uri! } : { text: source.text, title: entry.title },
      true,
    );
  }

  /** "Check Status of Request Id…": tracks an id submitted elsewhere. */
  async checkRequestId(id: string, interactive: boolean): Promise<HistoryEntry | undefined> {
    const conn = await this.connectionOrOffer(undefined, interactive);
    if (!conn) return undefined;
    const now = Date.now();
    const entry = this.d.history.add({
      id: newRunId(now),
      profile: conn.profile,
      statement: '',
      title: `Request ${id}`,
      requestId: id,
      state: 'pending',
      submittedAt: now,
      updatedAt: now,
    });
    return this.watch(entry, conn.connection, interactive);
  }
}

/** What of a server statement a run needs. */
export function sendable(s: ServerStatement): Sendable {
  return {
    text: s.text,
    title: s.title,
    range: s.range,
    ...(s.displayText !== undefined ? { displayText: s.displayText } : {}),
    ...(s.secretValues ? { secretValues: s.secretValues } : {}),
  };
}
