// The connection a run uses: the profile's, or (when it has none) an offer to configure it.
// An interactive run waits for the offer; any other run goes on without a connection.
import * as vscode from 'vscode';
import type { Connection } from '../../../service/src/index';
import { type CredentialStore, configureConnection } from '../credentials';
import type { RedactingLog } from '../log';
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
): Promise<ProfileConnection | undefined> {
  const name = profile ?? creds.activeProfile();
  const r = await creds.resolve(name);
  if (r.ok) return { profile: name, connection: r.connection };
  const text = noConnectionOffer(name, r.problems);
  log.warn(text.log);
  const offer = vscode.window.showInformationMessage(text.offer, CONFIGURE_CONNECTION);
  if (!interactive) {
    void offer.then((c) => (c ? configureConnection(creds, name) : undefined));
    return undefined;
  }
  if (!(await offer)) return undefined;
  const configured = await configureConnection(creds, name);
  if (!configured) return undefined;
  const again = await creds.resolve(configured);
  return again.ok ? { profile: configured, connection: again.connection } : undefined;
}
