// Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3), read strictly: Date.parse
// alone takes '-5' or '0' as years and would make a hostile answer mean "retry at once".

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** IMF-fixdate, and the two obsolete forms a recipient must accept (RFC 850, asctime). */
const HTTP_DATE = new RegExp(
  `^(?:${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT` +
    `|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \\d{2}-${MONTH}-\\d{2} ${TIME} GMT` +
    `|${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4})$`,
);

/** Milliseconds to wait, or undefined when the header is absent or not one of the two forms. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (!text) return undefined;
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  if (!HTTP_DATE.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
