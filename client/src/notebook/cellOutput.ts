// What a cell's output holds (no vscode): the run for the renderer (mime RUN_MIME, the same RunView
// the results panel gets, already redacted) and a plain-text reading of it for where the renderer
// is absent (another editor, a preview): status, error, and the response's first table as Markdown.
import { findTables, safeJson, toMarkdown } from '../../../service/src/results/table';
import { shortApiStatus } from '../runText';
import type { RunView } from '../results/protocol';

export const RUN_MIME = 'application/vnd.svcsql.run+json';
export const RENDERER_ID = 'svcsql.runRenderer';

/** The most rows of the plain-text table; the renderer shows all of them. */
const TEXT_ROWS = 200;
const TEXT_JSON_CHARS = 20_000;

export function runPlainText(v: RunView): string {
  const status = shortApiStatus(v.apiStatus) ?? v.state;
  const lines = [`${v.title || 'Request'}: ${status}${v.requestId ? ` (request id ${v.requestId})` : ''}`];
  if (v.error) lines.push(`${v.error.kind}: ${v.error.message}`);
  if (v.hasResponse) {
    const table = findTables(v.response)[0];
    if (table) {
      const order = table.rows.slice(0, TEXT_ROWS).map((_, i) => i);
      lines.push('', toMarkdown(table, order));
      if (table.rows.length > TEXT_ROWS) lines.push(`(${TEXT_ROWS} of ${table.rows.length} rows)`);
    } else {
      const json = safeJson(v.response, 2);
      lines.push('', json.length > TEXT_JSON_CHARS ? `${json.slice(0, TEXT_JSON_CHARS)}…` : json);
    }
  }
  return lines.join('\n');
}
