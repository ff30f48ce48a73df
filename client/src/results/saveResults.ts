// Copy and save of what a results page hands over (the panel's and the notebook renderer's): one
// place for the clipboard message, the save dialog and its errors.
import * as vscode from 'vscode';
import type { RedactingLog } from '../log';
import { safeFileName, type SaveFormat } from './protocol';

export async function copyResultsText(text: string, what: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`$(copy) Copied ${what}`, 3000);
}

export async function saveResultsText(format: SaveFormat, text: string, name: string, log: RedactingLog): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const fileName = safeFileName(name, format);
  const target = await vscode.window.showSaveDialog({
    title: `Save results as ${format.toUpperCase()}`,
    saveLabel: 'Save',
    filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, fileName) } : {}),
  });
  if (!target) return;
  try {
    await vscode.workspace.fs.writeFile(target, Buffer.from(text, 'utf8'));
    vscode.window.setStatusBarMessage(`$(save) Saved ${vscode.workspace.asRelativePath(target)}`, 4000);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    log.error(`Could not save results to ${target.toString()}: ${msg}`);
    void vscode.window.showErrorMessage(`Service SQL: could not save the results: ${msg}`);
  }
}
