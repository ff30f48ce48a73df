// Opens the results panel when a SHOW or DESCRIBE run ends (unless `svcsql.results.openOnShow` is
// off), and writes a hint under the run's last output line. It watches the history rather than
// hooking the runner: any run this window saw running counts (Run Statement, Re-run, a resumed poll).
import * as vscode from 'vscode';
import { type HistoryEntry, type HistoryModel, isRunning } from '../history';
import { succeeded } from '../../../service/src/runStates';
import type { RedactingLog } from '../log';
import { openOnShow } from '../settings';
import { isShowOrDescribe } from './runView';

/** The output channel cannot hold a command link (it links only URLs and file paths): name the command. */
export function outputHint(e: HistoryEntry): string {
  return `Results of run ${e.id}: run "Service SQL: Open Results" (svcsql.results.show) from the Command Palette, or "Open Results" on the run in the Requests view.`;
}

export class ResultsAutoOpen implements vscode.Disposable {
  private readonly running = new Set<string>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly history: HistoryModel,
    private readonly log: RedactingLog,
    private readonly open: (e: HistoryEntry) => unknown,
  ) {
    for (const e of history.running()) this.running.add(e.id);
    this.subscription = history.onDidChange(() => this.changed());
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private changed(): void {
    const ended: HistoryEntry[] = [];
    const now = new Set<string>();
    for (const e of this.history.list()) {
      if (isRunning(e.state)) now.add(e.id);
      else if (this.running.has(e.id)) ended.push(e);
    }
    this.running.clear();
    for (const id of now) this.running.add(id);
    for (const e of ended) this.ended(e);
  }

  private ended(e: HistoryEntry): void {
    if (e.apiResponse === undefined || e.state === 'cancelled') return;
    // The history says "ended" when the final status arrives, a moment before the runner logs the
    // run's end (after pending microtasks): a macrotask puts the hint under that line.
    setTimeout(() => this.log.info(outputHint(e)), 0);
    // A notebook cell's run shows its result in the cell's output: no panel beside the notebook.
    if (e.uri?.startsWith('vscode-notebook-cell:')) return;
    const wanted = openOnShow();
    if (wanted && isShowOrDescribe(e) && succeeded(e.state)) this.open(e);
  }
}
