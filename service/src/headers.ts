// The seven credential headers sent on every call. Values are checked here, before any transport,
// because fetch's own "invalid header value" error quotes the value, which could be the secret.
import { validateBaseUrl } from './baseUrl';
import { effectiveHeaderPrefix, headerPrefixProblem, headerValueProblem } from './connectionRules';
import { credentialHeaderValue, HEADER_FIELDS } from './credentialHeaders';
import type { Connection } from './types';

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
    headers[`${prefix}${suffix}`] = credentialHeaderValue(field, raw);
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
