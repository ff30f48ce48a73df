// Text and icons for runs: output-channel lines, tree labels, status bar text (no vscode).
import { formatDuration, formatTime, shortApiStatus, type RunEvent, type RunState } from '../../service/src/index';
import type { HistoryEntry } from './history';
import { firstWords } from './statementPick';

// One mapping of the service's status and one set of time helpers, shared with the CLI and the results page.
export { formatDuration, formatTime, shortApiStatus, stateFromApiStatus } from '../../service/src/index';

/** ThemeIcon id and theme color for a state (consumed by the tree). */
export function stateIcon(state: RunState): { id: string; color?: string } {
  switch (state) {
    case 'submitting':
    case 'pending':
      return { id: 'loading~spin' };
    case 'success':
      return { id: 'pass', color: 'testing.iconPassed' };
    case 'partial':
      return { id: 'warning', color: 'list.warningForeground' };
    case 'timed-out':
      return { id: 'watch', color: 'list.warningForeground' };
    case 'cancelled':
      return { id: 'circle-slash' };
    case 'failed':
    case 'invalid':
    case 'rejected':
    case 'error':
      return { id: 'error', color: 'testing.iconFailed' };
  }
}

/** Duration of a run: to its end, or to `now` while it runs. */
export function runDuration(e: HistoryEntry, now = Date.now()): number {
  return (e.endedAt ?? now) - e.submittedAt;
}

/** Tree label and description of a run. */
export function runLabel(e: HistoryEntry, now = Date.now()): { label: string; description: string } {
  const status = e.state === 'pending' && e.apiStatus ? shortApiStatus(e.apiStatus)! : e.state;
  return {
    label: firstWords(e.statement) || e.title || '(empty statement)',
    description: `${status} · ${formatDuration(runDuration(e, now))}`,
  };
}

export function prettyJson(v: unknown): string {
  try {
    return JSON.stringify(v, null, 2) ?? String(v);
  } catch {
    return String(v);
  }
}

export function statusBarText(running: number): string {
  return `$(sync~spin) ${running} running`;
}

/** One output-channel line for a run event. */
export function eventLine(e: HistoryEntry, ev: RunEvent): string {
  const parts = [`[${formatTime(ev.at)}]`, `run ${e.id}`, `→ ${ev.state}`];
  if (ev.requestId) parts.push(`requestId=${ev.requestId}`);
  if (ev.apiStatus) parts.push(`apiStatus=${ev.apiStatus}`);
  if (ev.error) parts.push(`error(${ev.error.kind}${ev.error.httpStatus ? ` ${ev.error.httpStatus}` : ''}): ${ev.error.message}`);
  return parts.join(' ');
}

/** Output-channel text for a submission. */
export function submissionText(e: HistoryEntry, profile: string, baseUrl: string): string {
  const where = e.uri ? ` from ${e.uri}${e.range ? `:${e.range.start.line + 1}` : ''}` : '';
  return `Submitting ${e.title || 'statement'} (run ${e.id}, profile "${profile}", ${baseUrl})${where}:\n${e.statement.trim()}`;
}

/** Output-channel text for the end of a run. */
export function resultText(e: HistoryEntry): string {
  const head = `Run ${e.id} ended: ${e.state}${e.requestId ? ` requestId=${e.requestId}` : ''}${e.apiStatus ? ` apiStatus=${e.apiStatus}` : ''} in ${formatDuration(runDuration(e))}`;
  const err = e.error
    ? `\nerror (${e.error.kind}${e.error.httpStatus ? ` HTTP ${e.error.httpStatus}` : ''}): ${e.error.message}${e.error.detail ? `\n${e.error.detail}` : ''}`
    : '';
  const body = e.apiResponse !== undefined ? `\napiResponse:\n${prettyJson(e.apiResponse)}` : '';
  return head + err + body;
}

/** A JSON value's children for the tree: objects and arrays expand, scalars show inline. */
export interface JsonNode {
  key: string;
  value: unknown;
  expandable: boolean;
  description: string;
}

export function jsonChildren(value: unknown): JsonNode[] {
  if (value === null || typeof value !== 'object') return [];
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((v, i) => [`[${i}]`, v])
    : Object.entries(value as Record<string, unknown>);
  return entries.map(([key, v]) => jsonNode(key, v));
}

export function jsonNode(key: string, v: unknown): JsonNode {
  if (v !== null && typeof v === 'object') {
    const n = Array.isArray(v) ? v.length : Object.keys(v).length;
    return { key, value: v, expandable: n > 0, description: Array.isArray(v) ? `[${n}]` : n ? `{${n}}` : '{}' };
  }
  return { key, value: v, expandable: false, description: typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)) };
}

/** Text shown literally in Markdown: every character Markdown could read as syntax is escaped, line breaks become spaces. */
export function markdownText(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/[\\`*_{}[\]()#+\-.!|<>~&:]/g, '\\$&');
}

/** A fenced code block whose fence is longer than any backtick run inside, so the text cannot close it. */
export function markdownCodeBlock(text: string, language: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}\n`;
}

/** The Requests tooltip of a run. Title, status and request id came from the file or the service: shown as text. */
export function runTooltipMarkdown(e: HistoryEntry): string {
  let md = `**${markdownText(e.title || 'Request')}** — ${e.state}${e.apiStatus ? ` (${markdownText(e.apiStatus)})` : ''}\n\n`;
  if (e.requestId) md += `requestId: ${markdownText(e.requestId)}\n\n`;
  if (e.statement) md += markdownCodeBlock(e.statement.trim().slice(0, 2000), 'svcsql');
  return md;
}
