// Every answer of a tool is bounded: a model's context is small and a service answer can be huge.
import { MAX_OUTPUT_CHARS } from './toolSpecs';

/** The text, cut at `max` characters with a note saying what was left out and how to get it. */
export function bounded(text: string, howToGetAll: string, max = MAX_OUTPUT_CHARS): string {
  if (text.length <= max) return text;
  // Never cut a surrogate pair in two.
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}\n\n[cut: ${(text.length - end).toLocaleString('en')} more characters of ${text.length.toLocaleString('en')} not shown. ${howToGetAll}]`;
}
