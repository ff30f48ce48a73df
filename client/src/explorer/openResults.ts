// Opens a run's response in the results panel (`svcsql.results.show`, from the results-panel work)
// when that command exists, else as a JSON document, as "Open Response as JSON" does for Requests.
import * as vscode from 'vscode';
import { prettyJson } from '../runText';
import type { HistoryEntry } from '../history';
import type { Redactor } from '../redact';

export const RESULTS_COMMAND = 'svcsql.results.show';

export async function openResults(entry: HistoryEntry, redactor: Redactor): Promise<void> {
  if ((await vscode.commands.getCommands(true)).includes(RESULTS_COMMAND)) {
    await vscode.commands.executeCommand(RESULTS_COMMAND, entry);
    return;
  }
  const body = {
    requestId: entry.requestId,
    state: entry.state,
    apiStatus: entry.apiStatus,
    apiResponse: entry.apiResponse,
    error: entry.error,
  };
  const doc = await vscode.workspace.openTextDocument({ language: 'json', content: prettyJson(redactor.value(body)) });
  await vscode.window.showTextDocument(doc, { preview: true });
}
