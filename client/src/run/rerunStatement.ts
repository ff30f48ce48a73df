// What Re-run sends for a history entry: its statement as it stands in its file when the file still
// holds it (so errors map into the file), else the text the history kept (rerunSource.ts decides).
import * as vscode from 'vscode';
import type { HistoryEntry } from '../history';
import type { StatementSource } from '../languageClient';
import type { RedactingLog } from '../log';
import { rerunSource } from '../rerunSource';
import { type Sendable, sendable } from './runEntry';

export async function rerunStatement(entry: HistoryEntry, source: StatementSource, log: RedactingLog): Promise<Sendable | undefined> {
  let doc = entry.uri ? vscode.workspace.textDocuments.find((t) => t.uri.toString() === entry.uri) : undefined;
  // A masked statement's secret is only in its file: open it to read the real text again.
  if (!doc && entry.uri && entry.masked)
    doc = await Promise.resolve(vscode.workspace.openTextDocument(vscode.Uri.parse(entry.uri))).catch(() => undefined);
  const statements = doc ? await source.statements(doc.uri).catch(() => []) : [];
  const found = rerunSource(entry, statements);
  if (!found.ok) {
    log.warn(found.message);
    void vscode.window.showWarningMessage(found.message);
    return undefined;
  }
  const s = found.statement;
  return s ? { ...sendable(s), uri: entry.uri! } : { text: found.text, title: entry.title };
}
