// The "Service SQL" notebook kernel: runs a cell's statements through the Runner, as Run Statement
// does (same credentials, trust check, rate limit, polling, history, service diagnostics), and
// keeps the cell's output in step with the run: request id and each poll replace the output in
// place, the final result replaces them. A statement with lint errors is not sent. Run All stops at
// the first cell that fails unless `svcsql.notebook.continueOnError` is on.
import { afterActivation } from '../afterActivation';
import * as vscode from 'vscode';
import type { CredentialStore } from '../credentials';
import type { HistoryEntry, HistoryModel } from '../history';
import type { StatementSource } from '../languageClient';
import type { RedactingLog } from '../log';
import type { Redactor } from '../redact';
import { runViewOf } from '../results/runView';
import { type Runner, sendable } from '../runner';
import { notebookSettings } from '../settings';
import type { ServerStatement } from '../statementPick';
import { NO_CONNECTION_CELL_TEXT, RESTRICTED_MODE_TEXT } from '../run/runMessages';
import { CellRun, lintBlockedMessage, runInOrder } from './cellRun';
import { RUN_MIME, runPlainText } from './cellOutput';
import { NOTEBOOK_TYPE } from './serializer';

export const CONTROLLER_ID = 'svcsql-notebook-kernel';
/** Output metadata key holding the cell's phase (queued, running, polled, done, failed, cancelled). */
export const PHASE_KEY = 'svcsqlPhase';

export interface ControllerDeps {
  runner: Runner;
  history: HistoryModel;
  statements: StatementSource;
  creds: CredentialStore;
  redactor: Redactor;
  log: RedactingLog;
}

export class SvcsqlNotebookController implements vscode.Disposable {
  readonly controller: vscode.NotebookController;
  private readonly order = new WeakMap<vscode.NotebookDocument, number>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly d: ControllerDeps) {
    this.controller = vscode.notebooks.createNotebookController(CONTROLLER_ID, NOTEBOOK_TYPE, 'Service SQL');
    this.controller.supportedLanguages = ['svcsql'];
    this.controller.supportsExecutionOrder = true;
    this.controller.detail = 'Runs each cell against the service with the active connection profile.';
    this.controller.executeHandler = (cells, notebook) => this.execute(cells, notebook);
    // It reads the settings: not during activation (client/src/afterActivation.ts).
    afterActivation(() => this.updateDescription());
    this.subscriptions.push(
      this.controller,
      d.creds.onDidChange(() => this.updateDescription()),
    );
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  private updateDescription(): void {
    this.controller.description = `profile: ${this.d.creds.activeProfile()}`;
  }

  private async execute(cells: vscode.NotebookCell[], notebook: vscode.NotebookDocument): Promise<void> {
    const goOn = notebookSettings(notebook.uri).continueOnError;
    for (const cell of cells) {
      const ok = await this.executeCell(cell, notebook);
      if (!ok && !goOn && cells.length > 1) {
        const rest = cells.length - cells.indexOf(cell) - 1;
        if (rest) this.d.log.warn(`Notebook: stopped after cell ${cell.index + 1} failed; ${rest} later cell(s) not run.`);
        return;
      }
    }
  }

  /** Runs one cell; true when every statement in it succeeded. */
  private async executeCell(cell: vscode.NotebookCell, notebook: vscode.NotebookDocument): Promise<boolean> {
    const exec = this.controller.createNotebookCellExecution(cell);
    const n = (this.order.get(notebook) ?? 0) + 1;
    this.order.set(notebook, n);
    exec.executionOrder = n;
    exec.start(Date.now());
    const phase = new CellRun();
    const fail = async (message: string): Promise<false> => {
      phase.event('error');
      await exec.replaceOutput(
        new vscode.NotebookCellOutput([vscode.NotebookCellOutputItem.error(new Error(message))], { [PHASE_KEY]: phase.phase }),
      );
      exec.end(false, Date.now());
      return false;
    };
    await exec.clearOutput();
    if (!this.d.runner.ensureTrusted(true)) return fail(RESTRICTED_MODE_TEXT);
    // Each step that can wait says so in the log: a cell that does not end shows where it stopped.
    const where = `Notebook: cell ${cell.index + 1} of ${notebook.uri.path.split('/').pop() ?? 'the notebook'}`;
    this.d.log.info(`${where}: asking the language server for its statements`);
    let stmts: ServerStatement[];
    try {
      stmts = (await this.d.statements.statements(cell.document.uri)).filter((s) => s.text.trim() !== '');
    } catch (err) {
      return fail(`The language server did not return the cell's statements: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!stmts.length) {
      exec.end(true, Date.now());
      return true;
    }
    const bad = stmts.filter((s) => s.hasErrors);
    if (bad.length) return fail(lintBlockedMessage(bad));
    this.d.log.info(`${where}: ${stmts.length} statement(s); reading the active profile's connection`);
    // Interactive (the browser says why a service is out of reach) but not waiting on the offer.
    const conn = await this.d.runner.connectionOrOffer(undefined, true, false);
    if (!conn) return fail(NO_CONNECTION_CELL_TEXT);

    const cellUri = cell.document.uri.toString();
    const done: HistoryEntry[] = [];
    let current: HistoryEntry | undefined;
    let index = 0;
    let pending: Promise<void> = Promise.resolve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const draw = (): void => {
      timer = undefined;
      const shown = current && !done.includes(current) ? [...done, current] : done;
      const outputs = shown.map((e) => this.output(e, phase));
      pending = pending.then(() => exec.replaceOutput(outputs)).catch(() => undefined);
    };
    const schedule = (): void => {
      timer ??= setTimeout(draw, 100);
    };
    let lastState: string | undefined;
    const watch = this.d.history.onDidChange(() => {
      if (!current) return;
      const key = `${current.state}|${current.apiStatus}|${current.requestId}|${current.updatedAt}`;
      if (key === lastState) return;
      lastState = key;
      phase.event(current.state, index === stmts.length - 1);
      schedule();
    });
    const cancel = exec.token.onCancellationRequested(() => {
      if (current) this.d.runner.cancel(current);
    });
    try {
      const { ok } = await runInOrder(
        stmts,
        async (s, i) => {
          index = i;
          const running = this.d.runner.runOne(conn.profile, conn.connection, { ...sendable(s), uri: cellUri }, false);
          // runOne adds the entry to the history before its first await.
          current = this.d.history.list().find((e) => e.uri === cellUri && !done.includes(e));
          if (exec.token.isCancellationRequested && current) this.d.runner.cancel(current);
          const entry = await running;
          phase.event(entry.state, i === stmts.length - 1);
          done.push(entry);
          current = entry;
          return entry;
        },
        () => exec.token.isCancellationRequested,
      );
      if (timer) clearTimeout(timer);
      draw();
      await pending;
      exec.end(ok, Date.now());
      return ok;
    } finally {
      watch.dispose();
      cancel.dispose();
    }
  }

  /** One statement's output: the run for the renderer, and plain text where the renderer is absent. */
  private output(e: HistoryEntry, phase: CellRun): vscode.NotebookCellOutput {
    const view = runViewOf(e, (v) => this.d.redactor.value(v));
    return new vscode.NotebookCellOutput(
      [vscode.NotebookCellOutputItem.json(view, RUN_MIME), vscode.NotebookCellOutputItem.text(runPlainText(view))],
      { runId: e.id, [PHASE_KEY]: phase.phase },
    );
  }
}
