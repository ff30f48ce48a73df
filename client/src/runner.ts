// Runs statements against the service and keeps history, output, diagnostics and the status bar in
// step with each run. This file holds the run itself (submit, poll, finish, cancel); the seams
// around it live in run/: the history patches and the user's words (pure, unit-tested), the status
// bar, the trust check, the connection offer, the errors question, refresh and re-run.
import * as vscode from 'vscode';
import type { Connection, RunEvent, RunResult, ServiceClient } from '../../service/src/index';
import type { CredentialStore } from './credentials';
import { createServiceClient, runSettings } from './settings';
import { eventLine, resultText, submissionText } from './runText';
import { type HistoryEntry, type HistoryModel, isRunning, type Span } from './history';
import { succeeded } from '../../service/src/runStates';
import type { StatementSource } from './languageClient';
import type { RedactingLog } from './log';
import type { Redactor } from './redact';
import type { ServiceDiagnostics, TrackedStatement } from './serviceDiagnosticCollection';
import { mapServiceError } from './serviceDiagnostics';
import { pickStatements, type ServerStatement } from './statementPick';
import { confirmErrors, type IfErrors } from './run/confirmErrors';
import { connectionOrOffer, type ProfileConnection } from './run/connectionOffer';
import { documentStatements } from './run/documentStatements';
import { refreshRequest } from './run/requestRefresh';
import { rerunStatement } from './run/rerunStatement';
import {
  endLogLevel,
  eventPatch,
  finishPatch,
  isMasked,
  type Sendable,
  sendable,
  submittingEntry,
  thrownResult,
  trackedRequestEntry,
} from './run/runEntry';
import { batchStoppedText, cancelledText } from './run/runMessages';
import { notifyRunEnd } from './run/runNotification';
import { RunStatusBar } from './run/runStatusBar';
import { ensureTrusted } from './run/workspaceTrust';

export type { IfErrors } from './run/confirmErrors';
export { type Sendable, sendable } from './run/runEntry';

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

export class Runner implements vscode.Disposable {
  private readonly controllers = new Map<string, AbortController>();
  /** The real text of runs whose history shows a masked one (memory only, never persisted). */
  private readonly sentText = new WeakMap<HistoryEntry, string>();
  private readonly statusBar: RunStatusBar;

  constructor(private readonly d: RunnerDeps) {
    this.statusBar = new RunStatusBar(d.history, () => new Set(this.controllers.keys()));
  }

  dispose(): void {
    for (const c of this.controllers.values()) c.abort();
    this.statusBar.dispose();
  }

  /** Whether this window is polling the run right now (a resumed run without credentials is not). */
  isActive(id: string): boolean {
    return this.controllers.has(id);
  }

  /** The runs this window polls right now, newest first. */
  active(): HistoryEntry[] {
    return this.d.history.running().filter((e) => this.controllers.has(e.id));
  }

  private serviceClient(connection: Connection): ServiceClient {
    return createServiceClient(connection, this.d.userAgent);
  }

  /** Running is disabled in Restricted Mode: a workspace could otherwise make us send its text. */
  ensureTrusted(interactive: boolean): boolean {
    return ensureTrusted(this.d.log, interactive);
  }

  /** The connection of a profile, or (when there is none) an offer to configure it. */
  connectionOrOffer(profile: string | undefined, interactive: boolean, waitForOffer = interactive): Promise<ProfileConnection | undefined> {
    return connectionOrOffer(this.d.creds, this.d.log, profile, interactive, waitForOffer);
  }

  /** Run Statement: the statements a selection overlaps, or the one at the cursor. */
  async runAt(uri: vscode.Uri, selection: Span, opts: RunOptions): Promise<HistoryEntry[]> {
    if (!this.ensureTrusted(opts.interactive)) return [];
    const all = await documentStatements(this.d.statements, this.d.log, this.d.channel, uri, selection);
    if (!all) return [];
    const picked = pickStatements(all, selection);
    if (!picked.length) {
      // Logged too: the message goes away by itself, and the count tells a server that has no copy of the document (0 on a statement's line).
      this.d.log.info(
        `Run Statement: no statement at line ${selection.start.line + 1} of ${uri.toString()} (the language server returned ${all.length} for those lines).`,
      );
      if (opts.interactive) void vscode.window.showInformationMessage('Service SQL: there is no statement at the cursor.');
      return [];
    }
    return this.runStatements(uri, picked, opts);
  }

  async runAll(uri: vscode.Uri, opts: RunOptions): Promise<HistoryEntry[]> {
    if (!this.ensureTrusted(opts.interactive)) return [];
    const all = await documentStatements(this.d.statements, this.d.log, this.d.channel, uri);
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
    if (!(await confirmErrors(stmts, opts.ifErrors))) return [];
    const conn = await this.connectionOrOffer(undefined, opts.interactive);
    if (!conn) return [];
    const done: HistoryEntry[] = [];
    for (const [i, s] of stmts.entries()) {
      const entry = await this.runOne(conn.profile, conn.connection, { ...sendable(s), uri: uri.toString() }, opts.interactive);
      done.push(entry);
      if (!succeeded(entry.state) && i < stmts.length - 1) {
        const stopped = batchStoppedText(entry.state, stmts.length - i - 1);
        this.d.log.warn(stopped.log);
        if (opts.interactive) void vscode.window.showWarningMessage(stopped.warning);
        break;
      }
    }
    return done;
  }

  /** One run: a history entry from the first moment, updated by every event, never lost on failure. */
  async runOne(profile: string, connection: Connection, s: Sendable, interactive: boolean): Promise<HistoryEntry> {
    // Secret WITH values: redacted wherever they could be echoed, and '***' in what is shown and kept.
    for (const v of s.secretValues ?? []) this.d.redactor.add(v);
    const entry = this.d.history.add(submittingEntry(s, profile, Date.now()));
    if (isMasked(s)) this.sentText.set(entry, s.text);
    if (s.uri && s.range) this.d.diagnostics.set(s.uri, s.range, undefined);
    const tracked = s.uri && s.range ? this.d.diagnostics.track(s.uri, s.range) : undefined;
    this.d.log.info(submissionText(entry, profile, connection.baseUrl));
    const result = await this.poll(entry, (client, opts) => client.run(s.text, opts), connection);
    return this.finish(entry, result, interactive, tracked);
  }

  /** Polls an existing request id until it ends (resume after reload, Check Status…). */
  async watch(entry: HistoryEntry, connection: Connection, interactive: boolean): Promise<HistoryEntry> {
    const requestId = entry.requestId;
    if (!requestId || this.controllers.has(entry.id)) return entry;
    this.d.log.info(`Polling requestId=${requestId} (run ${entry.id}, profile "${entry.profile}")`);
    const result = await this.poll(entry, (client, opts) => client.watch(requestId, opts), connection, requestId);
    return this.finish(entry, result, interactive);
  }

  /** Runs `call` with a cancel signal this window holds until the run ends; a throw becomes an error result. */
  private async poll(
    entry: HistoryEntry,
    call: (client: ServiceClient, opts: Parameters<ServiceClient['run']>[1]) => Promise<RunResult>,
    connection: Connection,
    requestId?: string,
  ): Promise<RunResult> {
    const ctl = new AbortController();
    this.controllers.set(entry.id, ctl);
    this.statusBar.update();
    const started = Date.now();
    try {
      const opts = { signal: ctl.signal, timeoutMs: runSettings().timeoutMs, onEvent: (ev: RunEvent) => this.onEvent(entry, ev) };
      return await call(this.serviceClient(connection), opts);
    } catch (err) {
      // run() and watch() should never throw; if they do, the history still records what happened.
      return thrownResult(err, started, Date.now(), requestId);
    }
  }

  private onEvent(entry: HistoryEntry, ev: RunEvent): void {
    const { patch, news, gotRequestId } = eventPatch(entry, ev);
    this.d.history.update(entry.id, patch);
    if (news) this.d.log.info(eventLine(entry, ev));
    else this.d.log.trace(eventLine(entry, ev));
    // Persist the request id at once: a reload from now on resumes polling instead of losing it.
    if (gotRequestId) void this.d.persistNow();
  }

  private async finish(entry: HistoryEntry, result: RunResult, interactive: boolean, tracked?: TrackedStatement): Promise<HistoryEntry> {
    this.controllers.delete(entry.id);
    const patch = finishPatch(entry, result, Date.now());
    // Removed from history while running: still complete the object the caller holds.
    if (!this.d.history.update(entry.id, patch)) Object.assign(entry, patch);
    this.d.log[endLogLevel(entry.state)](resultText(entry));
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
    this.statusBar.update();
    if (interactive) notifyRunEnd(entry, this.d);
    return entry;
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
  refresh(entry: HistoryEntry): Promise<void> {
    return refreshRequest(entry, {
      ...this.d,
      connectionOrOffer: (profile) => this.connectionOrOffer(profile, true),
      serviceClient: (conn) => this.serviceClient(conn.connection),
      isPolled: (id) => this.controllers.has(id),
    });
  }

  /** Stops waiting for a run (the service has no cancel call: the request itself may go on). */
  cancel(entry: HistoryEntry): void {
    const ctl = this.controllers.get(entry.id);
    if (ctl) {
      ctl.abort();
      this.d.log.info(cancelledText(entry.id, entry.requestId));
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
    const s = await rerunStatement(entry, this.d.statements, this.d.log);
    return s ? this.runOne(conn.profile, conn.connection, s, true) : undefined;
  }

  /** "Check Status of Request Id…": tracks an id submitted elsewhere. */
  async checkRequestId(id: string, interactive: boolean): Promise<HistoryEntry | undefined> {
    const conn = await this.connectionOrOffer(undefined, interactive);
    if (!conn) return undefined;
    const entry = this.d.history.add(trackedRequestEntry(id, conn.profile, Date.now()));
    return this.watch(entry, conn.connection, interactive);
  }
}
