// The status bar item while this window polls runs ("⟳ 2 running", one tooltip line per run), and
// the `svcsql.running` context key that menus and keybindings read (e.g. Cancel Run in the palette).
import * as vscode from 'vscode';
import type { HistoryModel } from '../history';
import { statusBarText } from '../runText';
import { runningTooltip } from './runMessages';

export const RUNNING_CONTEXT = 'svcsql.running';

export class RunStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('svcsql.running', vscode.StatusBarAlignment.Left, 50);
  private readonly subscription: vscode.Disposable;

  /** `polled`: the ids of the runs this window polls right now. */
  constructor(
    private readonly history: HistoryModel,
    private readonly polled: () => ReadonlySet<string>,
  ) {
    this.item.name = 'Service SQL: running requests';
    this.item.command = 'svcsql.requests.focus';
    this.subscription = history.onDidChange(() => this.update());
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }

  update(): void {
    const ids = this.polled();
    if (ids.size > 0) {
      this.item.text = statusBarText(ids.size);
      this.item.tooltip = runningTooltip(this.history.running().filter((e) => ids.has(e.id)));
      this.item.show();
    } else {
      this.item.hide();
    }
    void vscode.commands.executeCommand('setContext', RUNNING_CONTEXT, ids.size > 0);
  }
}
