// Tells the user how an interactive run ended (runMessages.runNotice decides what).
import * as vscode from 'vscode';
import { type CredentialStore, configureConnection } from '../credentials';
import type { HistoryEntry } from '../history';
import type { Redactor } from '../redact';
import { CONFIGURE_CONNECTION, runNotice, SHOW_OUTPUT } from './runMessages';

export function notifyRunEnd(e: HistoryEntry, d: { redactor: Redactor; channel: vscode.LogOutputChannel; creds: CredentialStore }): void {
  const notice = runNotice(e, Date.now());
  if (!notice) return;
  if (notice.kind === 'status') {
    vscode.window.setStatusBarMessage(notice.text, notice.ms);
    return;
  }
  void vscode.window.showErrorMessage(d.redactor.text(notice.text), ...notice.actions).then((c) => {
    if (c === SHOW_OUTPUT) d.channel.show(true);
    if (c === CONFIGURE_CONNECTION) void configureConnection(d.creds, e.profile);
  });
}
