// Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3).

/** Milliseconds to wait, or undefined when the header is absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (/^\d+\.\d+$/.test(text)) return Math.round(Number(text) * 1000); // lenient: fractional seconds
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
