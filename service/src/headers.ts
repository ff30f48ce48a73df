// The seven credential headers sent on every call. Values are checked here, before fetch, because
// fetch's own "invalid header value" error quotes the value, which could be the secret.
import { validateBaseUrl } from './baseUrl';
import { DEFAULT_HEADER_PREFIX, type Connection } from './types';

/** Header suffixes with the Connection field that feeds each, in the service's order. */
export const HEADER_FIELDS = [
  ['account-uid', 'accountUid', 'account UID'],
  ['project-uid', 'projectUid', 'project UID'],
  ['api-key', 'apiKey', 'API key'],
  ['api-secret', 'apiSecret', 'API secret'],
  ['link-uid', 'linkUid', 'link UID'],
  ['region', 'region', 'region'],
  ['uuid', 'userUuid', 'user UUID'],
] as const;

const TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const VISIBLE_ASCII = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

export type HeaderResult = { headers: Record<string, string> } | { problem: string };

export function headerPrefix(conn: Connection): string {
  return (conn.headerPrefix ?? DEFAULT_HEADER_PREFIX).trim().toLowerCase();
}

/** Builds the headers, or says (without quoting any value) which setting is unusable. */
export function buildHeaders(conn: Connection): HeaderResult {
  const prefix = headerPrefix(conn);
  if (prefix && !TOKEN.test(prefix)) {
    return { problem: 'The header prefix setting may only hold letters, digits and - _ . characters.' };
  }
  const headers: Record<string, string> = {};
  for (const [suffix, field, label] of HEADER_FIELDS) {
    const raw = conn[field];
    let value = typeof raw === 'string' ? raw.trim() : '';
    if (!value) return { problem: `The ${label} is not set.` };
    if (field === 'region') value = value.toLowerCase();
    if (!VISIBLE_ASCII.test(value)) {
      return { problem: `The ${label} contains characters that cannot be sent in an HTTP header (control or non-ASCII characters).` };
    }
    headers[`${prefix}${suffix}`] = value;
  }
  return { headers };
}

/** Why the connection cannot be used (base URL or a header value), without quoting any value; else undefined. */
export function connectionProblem(conn: Connection): string | undefined {
  const bad = validateBaseUrl(conn.baseUrl);
  if (bad) return bad;
  const built = buildHeaders(conn);
  return 'problem' in built ? built.problem : undefined;
}
