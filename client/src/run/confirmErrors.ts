// Before sending statements with errors: ask (a modal), send anyway, or send nothing.
import * as vscode from 'vscode';
import type { ServerStatement } from '../statementPick';
import { errorsQuestion } from './runMessages';

/** What to do when a picked statement has errors: ask (modal), send anyway, or send nothing. */
export type IfErrors = 'ask' | 'run' | 'skip';

export async function confirmErrors(stmts: readonly ServerStatement[], mode: IfErrors): Promise<boolean> {
  const question = errorsQuestion(stmts);
  if (!question || mode === 'run') return true;
  if (mode === 'skip') return false;
  const run: vscode.MessageItem = { title: 'Run anyway' };
  const cancel: vscode.MessageItem = { title: 'Cancel', isCloseAffordance: true };
  const choice = await vscode.window.showWarningMessage(question.message, { modal: true, detail: question.detail }, run, cancel);
  return choice === run;
}
