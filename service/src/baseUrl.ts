// Base URL checks and endpoint construction. Credentials travel in headers, so plain http is
// allowed only to this machine (the emulator); anything else must be https.

function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  if (h === 'localhost' || h === '[::1]') return true;
  // URL normalises IPv4 forms, so 127.1 arrives here as 127.0.0.1.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** A message when the URL cannot be used as the service base URL, else undefined. */
export function validateBaseUrl(url: string): string | undefined {
  const text = url.trim();
  if (!text) return 'The service base URL is empty.';
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return 'The service base URL is not a valid URL.';
  }
  if (parsed.username || parsed.password) return 'The service base URL must not contain a user name or password.';
  // A bare '?' or '#' leaves search and hash empty, yet ends up in every path built on the URL.
  if (parsed.search || parsed.hash || /[?#]/.test(text)) return 'The service base URL must not contain a query or fragment.';
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:') {
    if (isLoopbackHost(parsed.hostname)) return undefined;
    return 'The service base URL must use https (plain http is allowed only for localhost, 127.0.0.0/8 and [::1]).';
  }
  return `The service base URL must use https, not ${parsed.protocol.replace(/:$/, '')}.`;
}

/** baseUrl without trailing slashes, so a path prefix (https://host/api) is kept. */
export function normalizeBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

export function submitUrl(baseUrl: string): string {
  return `${normalizeBaseUrl(baseUrl)}/v1/resource/`;
}

export function statusUrl(baseUrl: string, requestId: string): string {
  return `${normalizeBaseUrl(baseUrl)}/v1/status/${encodeURIComponent(requestId)}`;
}

/**
 * A message when a request id cannot name a request, else undefined. '.' and '..' survive
 * encodeURIComponent and would be resolved away as path segments (/v1/status/.. is /v1/).
 */
export function validateRequestId(requestId: string): string | undefined {
  if (!requestId.trim()) return 'The request id is empty.';
  if (requestId === '.' || requestId === '..') return 'The request id cannot be "." or "..".';
  return undefined;
}
