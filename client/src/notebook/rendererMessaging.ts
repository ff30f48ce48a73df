// Messages from the notebook renderer (copy, save): checked like the results panel's (parseFromPage)
// and handled by the same code. The renderer has no navigation and no "Open as JSON document".
import * as vscode from 'vscode';
import type { RedactingLog } from '../log';
import { parseFromPage } from '../results/protocol';
import { copyResultsText, saveResultsText } from '../results/saveResults';
import { RENDERER_ID } from './cellOutput';

export function registerRendererMessaging(log: RedactingLog): vscode.Disposable {
  const messaging = vscode.notebooks.createRendererMessaging(RENDERER_ID);
  return messaging.onDidReceiveMessage(async ({ message }) => {
    const m = parseFromPage(message);
    if (m?.type === 'copy') await copyResultsText(m.text, m.what);
    else if (m?.type === 'save') await saveResultsText(m.format, m.text, m.name, log);
  });
}
