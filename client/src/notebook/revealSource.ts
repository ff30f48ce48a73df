// "Go to Source" on a run in the Requests view: back to the statement it came from, in its file or
// in its notebook cell (a cell's runs carry the cell's URI, `vscode-notebook-cell:`).
import * as vscode from 'vscode';
import type { HistoryEntry } from '../history';

export const CELL_SCHEME = 'vscode-notebook-cell';

export async function revealSource(e: HistoryEntry | undefined): Promise<boolean> {
  if (!e?.uri) return false;
  const uri = vscode.Uri.parse(e.uri);
  const range = e.range
    ? new vscode.Range(e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character)
    : undefined;
  if (uri.scheme !== CELL_SCHEME) {
    const editor = await vscode.window.showTextDocument(uri, range ? { selection: range } : {});
    if (range) editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    return true;
  }
  const cellOf = (nb: vscode.NotebookDocument) => nb.getCells().find((c) => c.document.uri.toString() === e.uri);
  let nb = vscode.workspace.notebookDocuments.find((n) => cellOf(n));
  // A closed notebook: the cell URI has the notebook's path; the cell is found once it is open again.
  if (!nb)
    nb = await Promise.resolve(vscode.workspace.openNotebookDocument(uri.with({ scheme: 'file', fragment: '' }))).catch(() => undefined);
  const cell = nb && cellOf(nb);
  if (!nb || !cell) {
    void vscode.window.showInformationMessage('Service SQL: the notebook cell this run came from is no longer there.');
    return false;
  }
  const cells = new vscode.NotebookRange(cell.index, cell.index + 1);
  const editor = await vscode.window.showNotebookDocument(nb, { selections: [cells] });
  editor.revealRange(cells, vscode.NotebookEditorRevealType.InCenterIfOutsideViewport);
  return true;
}
