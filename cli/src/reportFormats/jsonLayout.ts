// JSON laid out as JSON.stringify(…, null, 2) lays it out, written in pieces: the JSON and SARIF
// documents write their many diagnostics field by field (json.ts, sarif.ts) and stream them
// (streamed.ts), around parts laid out by JSON.stringify itself (nested).
import { recentStrings, repeatedStrings } from '../../../core/src/text/repeatedStrings';
import { safeJson } from '../../../service/src/safeText';

/** `value` as JSON.stringify(value, null, 2) writes it at `depth` levels of indentation. */
export function nested(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, '\n' + '  '.repeat(depth));
}

/** A string as JSON, safe for a terminal (safeJson: what is around it is ASCII). */
export const jsonString = (s: string): string => safeJson(JSON.stringify(s));

/** jsonString of the strings a file's diagnostics repeat (a severity, a code, the file's URI): each written once. */
export const jsonRepeated = repeatedStrings(jsonString);

/** jsonString of a diagnostic's message: written once for the same warning on the next lines (recentStrings). */
export const jsonMessage = recentStrings(jsonString);

/** A line break and the indentation of `depth` levels. */
export const breakAt = (depth: number): string => '\n' + '  '.repeat(depth);

/** A list of items written one by one at a given depth: `[` … `]` with JSON.stringify's commas and breaks. */
export class ItemList {
  private count = 0;
  constructor(private readonly depth: number) {}
  item(json: string): string {
    return (this.count++ ? ',\n' : '\n') + '  '.repeat(this.depth) + json;
  }
  close(): string {
    return this.count ? '\n' + '  '.repeat(this.depth - 1) + ']' : ']';
  }
}
