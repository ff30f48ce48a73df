// The Requests view's commands: their part of the command table. Each takes the run it is about
// as commandArgs.historyEntryArg reads it; with none, the run selected in the view.
import * as vscode from 'vscode';
import { type HistoryEntry, type HistoryModel, isRunning } from '../history';
import type { Redactor } from '../redact';
import type { RequestsTree } from '../requestsTree';
import type { Runner } from '../runner';
import { prettyJson } from '../runText';
import { firstWords } from '../statementPick';
import { historyEntryArg } from './commandArgs';
import type { CommandPart } from './commandTable';

export interface RequestCommandDeps {
  runner: Runner;
  history: HistoryModel;
  redactor: Redactor;
  tree: RequestsTree;
  /** The node selected in the Requests view, for a command run from the palette or a key. */
  selected: () => unknown;
}

export function requestCommands(d: RequestCommandDeps) {
  const entryOf = (arg: unknown): HistoryEntry | undefined => historyEntryArg(arg ?? d.selected(), d.history);
  return {
    'svcsql.requests.copyRequestId': async (arg?: unknown) => {
      const e = entryOf(arg);
      if (!e?.requestId) return;
      await vscode.env.clipboard.writeText(e.requestId);
      vscode.window.setStatusBarMessage(`Copied request id ${e.requestId}`, 3000);
    },
    'svcsql.requests.refresh': async (arg?: unknown) => {
      const e = entryOf(arg);
      if (e) await d.runner.refresh(e);
    },
    'svcsql.requests.cancel': (arg?: unknown) => {
      if (arg !== undefined) {
        const e = entryOf(arg);
        if (e) d.runner.cancel(e);
        return undefined;
      }
      // From the palette (shown while `svcsql.running`): the selected run if it runs, else the one
      // this window polls, or a pick among them.
      return runToCancel(d).then((e) => e && d.runner.cancel(e));
    },
    'svcsql.requests.rerun': async (arg?: unknown) => {
      const e = entryOf(arg);
      return e ? d.runner.rerun(e) : undefined;
    },
    'svcsql.requests.openResponse': async (arg?: unknown) => {
      const e = entryOf(arg);
      if (!e) return;
      const body = { requestId: e.requestId, state: e.state, apiStatus: e.apiStatus, apiResponse: e.apiResponse, error: e.error };
      const doc = await vscode.workspace.openTextDocument({ language: 'json', content: prettyJson(d.redactor.value(body)) });
      await vscode.window.showTextDocument(doc, { preview: true });
    },
    'svcsql.requests.remove': (arg?: unknown) => {
      const e = entryOf(arg);
      if (!e) return;
      d.runner.cancel(e);
      d.history.remove(e.id);
    },
    'svcsql.requests.clear': () => d.history.clear(),
    'svcsql.requests.refreshAll': async () => {
      for (const e of d.history.list().filter((x) => isRunning(x.state) && x.requestId)) await d.runner.refresh(e);
      d.tree.refresh();
    },
  } satisfies CommandPart;
}

async function runToCancel(d: RequestCommandDeps): Promise<HistoryEntry | undefined> {
  const selected = historyEntryArg(d.selected(), d.history);
  if (selected && isRunning(selected.state)) return selected;
  const active = d.runner.active();
  if (active.length <= 1) return active[0];
  const picked = await vscode.window.showQuickPick(
    active.map((e) => ({ label: firstWords(e.statement || e.title, 60), description: e.requestId ?? e.state, entry: e })),
    { title: 'Service SQL: Cancel Run', placeHolder: 'Run to stop waiting for' },
  );
  return picked?.entry;
}
