// Refresh: asks the service once for a run's status and records the answer; a failure is reported
// and leaves the entry as it was.
import * as vscode from 'vscode';
import type { ServiceClient } from '../../../service/src/index';
import type { HistoryEntry, HistoryModel } from '../history';
import type { RedactingLog } from '../log';
import type { Redactor } from '../redact';
import { prettyJson } from '../runText';
import type { ProfileConnection } from './connectionOffer';
import { refreshPatch } from './runEntry';
import { thrownMessage } from './runMessages';

export interface RefreshDeps {
  history: HistoryModel;
  log: RedactingLog;
  redactor: Redactor;
  persistNow: () => Promise<void>;
  connectionOrOffer: (profile: string) => Promise<ProfileConnection | undefined>;
  serviceClient: (conn: ProfileConnection) => ServiceClient;
  /** Whether this window polls the run (then the poll, not this answer, decides its state). */
  isPolled: (id: string) => boolean;
}

export async function refreshRequest(entry: HistoryEntry, d: RefreshDeps): Promise<void> {
  if (!entry.requestId) return;
  const conn = await d.connectionOrOffer(entry.profile);
  if (!conn) return;
  try {
    const answer = await d.serviceClient(conn).status(entry.requestId);
    d.history.update(entry.id, refreshPatch(entry, answer, d.isPolled(entry.id), Date.now()));
    d.log.info(`Refreshed requestId=${entry.requestId}: apiStatus=${answer.apiStatus}\napiResponse:\n${prettyJson(answer.apiResponse)}`);
    await d.persistNow();
  } catch (err) {
    const msg = thrownMessage(err);
    d.log.error(`Refresh of requestId=${entry.requestId} failed: ${msg}`);
    void vscode.window.showErrorMessage(d.redactor.text(`Service SQL: refresh failed: ${msg}`));
  }
}
