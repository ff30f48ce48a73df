// Creates the results panel and the auto-open, and gives the panel's part of the command table;
// extension.ts calls this once.
//
// `svcsql.results.show` (contract with the Service Objects explorer) accepts a history entry id,
// a HistoryEntry-shaped object (a response read outside the history), a Requests view node, or
// nothing (the newest finished run with a response). It resolves with what the page drew.
import * as vscode from 'vscode';
import type { HistoryEntry, HistoryModel } from '../history';
import { isRunning } from '../history';
import type { RedactingLog } from '../log';
import type { Redactor } from '../redact';
import { entryOrForeignArg } from '../commands/commandArgs';
import type { CommandPart } from '../commands/commandTable';
import { ResultsAutoOpen } from './autoOpen';
import { type Rendered, ResultsPanel } from './resultsPanel';

export const SHOW_RESULTS_COMMAND = 'svcsql.results.show' as const;

export function registerResults(context: vscode.ExtensionContext, history: HistoryModel, redactor: Redactor, log: RedactingLog) {
  const panel = new ResultsPanel(context.extensionUri, history, redactor, log);
  // No argument (nor one to read): the newest finished run with a response, else the newest run.
  const resolve = (arg: unknown): HistoryEntry | undefined =>
    typeof arg === 'string' || (arg && typeof arg === 'object')
      ? entryOrForeignArg(arg, history)
      : (history.list().find((e) => !isRunning(e.state) && e.apiResponse !== undefined) ?? history.list()[0]);
  context.subscriptions.push(panel, new ResultsAutoOpen(history, log, (e) => panel.show(e, { preserveFocus: true })));
  const commands = {
    [SHOW_RESULTS_COMMAND]: async (arg?: unknown): Promise<Rendered | undefined> => {
      const e = resolve(arg);
      if (!e) {
        void vscode.window.showInformationMessage('Service SQL: there is no run to show results of yet.');
        return undefined;
      }
      return panel.show(e);
    },
  } satisfies CommandPart;
  return { panel, commands };
}
