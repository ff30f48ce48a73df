// Registers the results panel's commands and the auto-open; extension.ts calls this once.
//
// `svcsql.results.show` (contract with the Service Objects explorer) accepts a history entry id,
// a HistoryEntry-shaped object (a response read outside the history), a Requests view node, or
// nothing (the newest finished run with a response). It resolves with what the page drew.
import * as vscode from 'vscode';
import type { HistoryEntry, HistoryModel } from '../history';
import { isRunning } from '../history';
import type { RedactingLog } from '../log';
import type { Redactor } from '../redact';
import { ResultsAutoOpen } from './autoOpen';
import { type Rendered, ResultsPanel } from './resultsPanel';
import { entryFromObject } from './runView';

export const SHOW_RESULTS_COMMAND = 'svcsql.results.show';

export function registerResults(
  context: vscode.ExtensionContext,
  history: HistoryModel,
  redactor: Redactor,
  log: RedactingLog,
): ResultsPanel {
  const panel = new ResultsPanel(context.extensionUri, history, redactor, log);
  const resolve = (arg: unknown): HistoryEntry | undefined => {
    if (typeof arg === 'string') return history.get(arg) ?? history.list().find((e) => e.requestId === arg);
    const node = arg as { type?: unknown; entry?: unknown; entryId?: unknown } | undefined;
    if (node?.type === 'run') return resolve((node.entry as HistoryEntry | undefined)?.id);
    if (node?.type === 'field' && typeof node.entryId === 'string') return history.get(node.entryId);
    if (arg && typeof arg === 'object') {
      const e = entryFromObject(arg);
      return e ? (history.get(e.id) ?? e) : undefined;
    }
    return history.list().find((e) => !isRunning(e.state) && e.apiResponse !== undefined) ?? history.list()[0];
  };
  context.subscriptions.push(
    panel,
    new ResultsAutoOpen(history, log, (e) => panel.show(e, { preserveFocus: true })),
    vscode.commands.registerCommand(SHOW_RESULTS_COMMAND, async (arg?: unknown): Promise<Rendered | undefined> => {
      const e = resolve(arg);
      if (!e) {
        void vscode.window.showInformationMessage('Service SQL: there is no run to show results of yet.');
        return undefined;
      }
      return panel.show(e);
    }),
  );
  return panel;
}
