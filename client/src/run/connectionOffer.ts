// The connection a run uses: the profile's, or (when it has none) an offer to configure it.
// An interactive run waits for the offer; any other run goes on without a connection. A notebook
// cell does not wait either: its execution would spin behind a notification the user may not see,
// so the cell fails at once with its own message and the offer stays open beside it.
import * as vscode from 'vscode';
import type { Connection } from '../../../service/src/index';
import { type CredentialStore, configureConnection } from '../credentials';
import type { RedactingLog } from '../log';
import { serviceAccessible } from '../serviceAccess';
import { CONFIGURE_CONNECTION, noConnectionOffer } from './runMessages';

export interface ProfileConnection {
  profile: string;
  connection: Connection;
}

export async function connectionOrOffer(
  creds: CredentialStore,
  log: RedactingLog,
  profile: string | undefined,
  interactive: boolean,
  waitForOffer = interactive,
): Promise<ProfileConnection | undefined> {
  const name = profile ?? creds.activeProfile();
  const r = await creds.resolve(name);
  // In the browser a service may refuse cross-origin calls: then nothing runs, and the user is told why.
  if (r.ok) return (await serviceAccessible(r.connection, interactive)) ? { profile: name, connection: r.connection } : undefined;
  const text = noConnectionOffer(name, r.problems);
  log.warn(text.log);
  const offer = vscode.window.showInformationMessage(text.offer, CONFIGURE_CONNECTION);
  if (!waitForOffer) {
    void offer.then((c) => (c ? configureConnection(creds, name) : undefined));
    return undefined;
  }
  if (!(await offer)) return undefined;
  const configured = await configureConnection(creds, name);
  if (!configured) return undefined;
  const again = await creds.resolve(configured);
  return again.ok && (await serviceAccessible(again.connection, interactive))
    ? { profile: configured, connection: again.connection }
    : undefined;
}
