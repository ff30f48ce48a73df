// The seven credential headers: which field of a connection feeds each and how its value is sent.
// One table for the client that sends them (headers.ts) and the emulator that checks them. No imports.

/** The seven values that authenticate every call (a Connection adds where to send them). */
export interface ServiceCredentials {
  accountUid: string;
  projectUid: string;
  apiKey: string;
  apiSecret: string;
  linkUid: string;
  region: string;
  userUuid: string;
}

/** Header suffixes with the field that feeds each and its name in messages, in the service's order. */
export const HEADER_FIELDS = [
  ['account-uid', 'accountUid', 'account UID'],
  ['project-uid', 'projectUid', 'project UID'],
  ['api-key', 'apiKey', 'API key'],
  ['api-secret', 'apiSecret', 'API secret'],
  ['link-uid', 'linkUid', 'link UID'],
  ['region', 'region', 'region'],
  ['uuid', 'userUuid', 'user UUID'],
] as const satisfies readonly (readonly [string, keyof ServiceCredentials, string])[];

/** A credential as it goes on the wire: blanks around it dropped, a region in lower case. */
export function credentialHeaderValue(field: keyof ServiceCredentials, raw: string): string {
  return field === 'region' ? raw.trim().toLowerCase() : raw.trim();
}
