// Messages between the results panel's host side and its webview (no vscode, no DOM), and the
// checks the host applies to what the page sends: the page renders service data, so its
// messages are treated as untrusted input.

/** One point of the run's timeline (history's RunEventRecord, kept free of its node-side imports). */
export interface TimelinePoint {
  at: number;
  state: string;
  apiStatus?: string;
}

/** What the page shows of one run. Built from a HistoryEntry, already redacted. */
export interface RunView {
  id: string;
  title: string;
  statement: string;
  profile: string;
  requestId?: string;
  state: string;
  apiStatus?: string;
  error?: { kind: string; message: string };
  submittedAt: number;
  endedAt?: number;
  events: TimelinePoint[];
  hasResponse: boolean;
  response?: unknown;
}

export interface NavView {
  back: boolean;
  forward: boolean;
  /** e.g. '2 / 5' */
  position: string;
}

export type ToPage = { type: 'show'; run: RunView; nav: NavView };

export type SaveFormat = 'csv' | 'json';
export type FromPage =
  | { type: 'ready' }
  | { type: 'copy'; text: string; what: string }
  | { type: 'save'; format: SaveFormat; text: string; name: string }
  | { type: 'nav'; to: 'back' | 'forward' }
  | { type: 'openJson' }
  | { type: 'rendered'; runId: string; rows: number; ms: number };

/** Largest text the page may hand over for the clipboard or a file (a 100k-row CSV fits). */
export const MAX_TEXT = 64 * 1024 * 1024;

const isStr = (v: unknown, max = 1000): v is string => typeof v === 'string' && v.length <= max;

/** The message as a FromPage, or undefined when it is not one. */
export function parseFromPage(m: unknown): FromPage | undefined {
  if (!m || typeof m !== 'object') return undefined;
  const r = m as Record<string, unknown>;
  switch (r.type) {
    case 'ready':
    case 'openJson':
      return { type: r.type };
    case 'copy':
      return isStr(r.text, MAX_TEXT) && isStr(r.what, 100) ? { type: 'copy', text: r.text, what: r.what } : undefined;
    case 'save':
      return (r.format === 'csv' || r.format === 'json') && isStr(r.text, MAX_TEXT) && isStr(r.name, 200)
        ? { type: 'save', format: r.format, text: r.text, name: r.name }
        : undefined;
    case 'nav':
      return r.to === 'back' || r.to === 'forward' ? { type: 'nav', to: r.to } : undefined;
    case 'rendered':
      return isStr(r.runId, 200) && Number.isFinite(r.rows) && Number.isFinite(r.ms)
        ? { type: 'rendered', runId: r.runId, rows: r.rows as number, ms: r.ms as number }
        : undefined;
    default:
      return undefined;
  }
}

/** A file name made of safe characters only, from a title such as 'SHOW CLUSTERS'. */
export function safeFileName(name: string, ext: SaveFormat): string {
  const base =
    name
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 80) || 'results';
  return `${base}.${ext}`;
}
