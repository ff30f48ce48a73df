// Running is disabled in Restricted Mode: a workspace could otherwise make us send its text.
import * as vscode from 'vscode';
import type { RedactingLog } from '../log';
import { RESTRICTED_MODE_MESSAGE } from './runMessages';

/** Whether runs may start; if not, says so in the log and (interactive) offers to manage trust. */
export function ensureTrusted(log: RedactingLog, interactive: boolean): boolean {
  if (vscode.workspace.isTrusted) return true;
  log.warn(RESTRICTED_MODE_MESSAGE);
  if (interactive) {
    void vscode.window.showWarningMessage(RESTRICTED_MODE_MESSAGE, 'Manage Workspace Trust').then((c) => {
      if (c) void vscode.commands.executeCommand('workbench.trust.manage');
    });
  }
  return false;
}
