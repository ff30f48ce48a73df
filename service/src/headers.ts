// The seven credential headers sent on every call. Values are checked here, before any transport,
// because fetch's own "invalid header value" error quotes the value, which could be the secret.
import { validateBaseUrl } from './baseUrl';
import { effectiveHeaderPrefix, headerPrefixProblem, headerValueProblem } from './connectionRules';
import type { Connection } from './types';

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

export type HeaderResult = { headers: Record<string, string> } | { problem: string };

export function headerPrefix(conn: Connection): string {
  return effectiveHeaderPrefix(conn.headerPrefix);
}

/** Builds the headers, or says (without quoting any value) which setting is unusable. */
export function buildHeaders(conn: Connection): HeaderResult {
  const prefix = headerPrefix(conn);
  const badPrefix = headerPrefixProblem(prefix);
  if (badPrefix) return { problem: badPrefix };
  const headers: Record<string, string> = {};
  for (const [suffix, field, label] of HEADER_FIELDS) {
    const raw = conn[field];
    const problem = headerValueProblem(label, raw);
    if (problem) return { problem };
    const value = field === 'region' ? raw.trim().toLowerCase() : raw.trim();
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
