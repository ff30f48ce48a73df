// Open a .svcsql file as a notebook (a cell per statement, comments kept) and export a notebook as
// a .svcsql file (code cells in order, Markdown as comments). Statement boundaries come from the
// language server, as for Run Statement.
import * as vscode from 'vscode';
import type { StatementSource } from '../languageClient';
import { cellsToSvcsql, svcsqlToCells } from './convert';
import { cellData, cellRecord, NOTEBOOK_TYPE } from './serializer';

export async function openAsNotebook(statements: StatementSource, arg?: unknown): Promise<vscode.NotebookDocument | undefined> {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (!uri) {
    void vscode.window.showInformationMessage('Service SQL: open a .svcsql file to open it as a notebook.');
    return undefined;
  }
  const doc = await vscode.workspace.openTextDocument(uri);
  let stmts;
  try {
    stmts = await statements.spans(uri);
  } catch (err) {
    void vscode.window.showErrorMessage(
      `Service SQL: statement boundaries are unknown: ${err instanceof Error ? err.message : String(err)}`,
    );
    return undefined;
  }
  const cells = svcsqlToCells(doc.getText(), stmts).map(cellData);
  // An untitled notebook: saving asks where (a .svcsqlnb beside the file is offered by the name).
  const nb = await vscode.workspace.openNotebookDocument(NOTEBOOK_TYPE, new vscode.NotebookData(cells));
  await vscode.window.showNotebookDocument(nb);
  return nb;
}

/** Exports the notebook `arg` (default: the active one) to `to` (default: asks where). */
export async function exportAsSvcsql(arg?: unknown, to?: unknown): Promise<vscode.Uri | undefined> {
  const nb =
    arg instanceof vscode.Uri
      ? vscode.workspace.notebookDocuments.find((n) => n.uri.toString() === arg.toString())
      : vscode.window.activeNotebookEditor?.notebook;
  if (!nb || nb.notebookType !== NOTEBOOK_TYPE) {
    void vscode.window.showInformationMessage('Service SQL: open a Service SQL notebook to export it.');
    return undefined;
  }
  const text = notebookAsSvcsql(nb);
  const suggested = nb.uri.scheme === 'file' ? nb.uri.with({ path: nb.uri.path.replace(/\.svcsqlnb$/i, '') + '.svcsql' }) : undefined;
  const target =
    to instanceof vscode.Uri
      ? to
      : await vscode.window.showSaveDialog({
          title: 'Export notebook as .svcsql',
          filters: { 'Service SQL': ['svcsql'] },
          ...(suggested ? { defaultUri: suggested } : {}),
        });
  if (!target) return undefined;
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  if (!(to instanceof vscode.Uri)) await vscode.window.showTextDocument(target, { preview: false });
  return target;
}

/** A notebook's text as a .svcsql file. */
export function notebookAsSvcsql(nb: vscode.NotebookDocument): string {
  return cellsToSvcsql(
    nb.getCells().map((c) => cellRecord(new vscode.NotebookCellData(c.kind, c.document.getText(), c.document.languageId))),
  );
}
