// What a page that shows runs keeps between draws: which tab, which table, the filter and the sort
// of the run it shows, and how it talks to its host. The results panel keeps it in the webview's
// saved state (it survives the panel being hidden); a notebook output keeps it in memory per output.
import type { FromPage } from '../protocol';

export type Tab = 'table' | 'tree' | 'raw';

/** The grid's sort (grid.ts); here so that this module needs no DOM types (its unit test runs in Node). */
export type SortState = { column: number; direction: 'asc' | 'desc' } | undefined;

/** What survives the page being reloaded (the panel hidden and shown again) for the same run. */
export interface ViewState {
  runId: string;
  tab: Tab;
  table: number;
  filter: string;
  sort: SortState;
  /** How many tables the run had when last drawn: a run that had none (pending) and now has some opens on them. */
  tables?: number;
}

/** What the shared views (header, response) need of the page that holds them. */
export interface PageHost {
  post(m: FromPage): void;
  /** The view state of the run shown; the views change it and call saveState(). */
  state: ViewState;
  saveState(): void;
  /**
   * The document id of a named element. The panel is one run per document and uses the names as
   * they are; notebook outputs share one document, so each prefixes its own.
   */
  id(name: string): string;
  /** Whether the host can open the response as a JSON document (the panel can). */
  canOpenJson: boolean;
}

/**
 * The view state for a run: kept when it is the same run, else a fresh one; always in range. A run
 * drawn while pending had no tables (so the tree was the only choice): when its answer brings tables,
 * the table tab opens, as it does for a run first drawn with its answer.
 */
export function viewStateFor(prev: ViewState | undefined, runId: string, tableCount: number): ViewState {
  const s: ViewState =
    prev?.runId === runId ? { ...prev } : { runId, tab: tableCount ? 'table' : 'tree', table: 0, filter: '', sort: undefined };
  if (tableCount && prev?.runId === runId && !prev.tables) s.tab = 'table';
  if (!tableCount && s.tab === 'table') s.tab = 'tree';
  s.tables = tableCount;
  s.table = Math.min(s.table, Math.max(0, tableCount - 1));
  return s;
}
