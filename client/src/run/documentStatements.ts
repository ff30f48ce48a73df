// A document's statements from the language server (opening the document if needed); when the
// server cannot answer, the user is told why and the run does not start.
import * as vscode from 'vscode';
import { type StatementSource, StatementsUnavailableError } from '../languageClient';
import type { RedactingLog } from '../log';
import type { Span } from '../history';
import type { ServerStatement } from '../statementPick';

export async function documentStatements(
  source: StatementSource,
  log: RedactingLog,
  channel: vscode.LogOutputChannel,
  uri: vscode.Uri,
  lines?: Span,
): Promise<ServerStatement[] | undefined> {
  await vscode.workspace.openTextDocument(uri);
  try {
    return await source.statements(uri, lines);
  } catch (err) {
    if (err instanceof StatementsUnavailableError) {
      log.warn(err.message);
      void vscode.window.showWarningMessage(`Service SQL: ${err.message}`);
      return undefined;
    }
    log.error(`The language server did not return statements for ${uri.toString()}: ${err instanceof Error ? err.message : String(err)}`);
    void vscode.window
      .showErrorMessage('Service SQL: the language server is not available, so statement boundaries are unknown.', 'Show Output')
      .then((c) => c && channel.show());
    return undefined;
  }
}
