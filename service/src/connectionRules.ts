// What makes a connection usable: the header prefix and the values sent in the seven credential
// headers. The one validator the CLI (via connectionProblem) and the extension (profiles, the
// Configure Connection input boxes) call; package.json's svcsql.headerPrefix pattern is
// HEADER_PREFIX_PATTERN (test/rules/connection.test.ts keeps them equal). No Node, no vscode.

export const DEFAULT_HEADER_PREFIX = 'x-service-';

/**
 * A header prefix is the start of an HTTP header name, so it is a token (RFC 9110 tchar); empty
 * means the default. Header names are case-insensitive: the prefix is sent in lower case.
 */
export const HEADER_PREFIX_PATTERN = "^[A-Za-z0-9!#$%&'*+.^_`|~-]*$";
const HEADER_PREFIX = new RegExp(HEADER_PREFIX_PATTERN);

/** Why a header prefix cannot be used, or undefined. Empty is fine (the default is used). */
export function headerPrefixProblem(prefix: string): string | undefined {
  return HEADER_PREFIX.test(prefix)
    ? undefined
    : "The header prefix may hold only letters, digits and ! # $ % & ' * + - . ^ _ ` | ~ (it starts an HTTP header name).";
}

/** The prefix a client sends: the one given (blanks dropped, lower case), or the default when none is. */
export function effectiveHeaderPrefix(prefix: string | undefined): string {
  const p = (prefix ?? '').trim().toLowerCase();
  return p || DEFAULT_HEADER_PREFIX;
}

/** Printable ASCII, spaces inside only: what an HTTP header value can carry unchanged. */
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * Why a value cannot be sent in its credential header (account UID, region, API key, …), without
 * quoting it (it may be a secret); undefined when it can. Surrounding blanks are dropped when sent.
 */
export function headerValueProblem(label: string, value: string | undefined): string | undefined {
  const name = label.charAt(0).toUpperCase() + label.slice(1);
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v) return `${name} is required.`;
  if (!HEADER_VALUE.test(v)) return `${name} contains characters that cannot be sent in an HTTP header (control or non-ASCII characters).`;
  return undefined;
}
