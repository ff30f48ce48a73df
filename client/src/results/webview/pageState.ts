// What a page that shows runs keeps between draws: which tab, which table, the filter and the sort
// of the run it shows, and how it talks to its host. The results panel keeps it in the webview's
// saved state (it survives the panel being hidden); a notebook output keeps it in memory per output.
import type { FromPage } from '../protocol';
import type { SortState } from './grid';

export type Tab = 'table' | 'tree' | 'raw';

/** What survives the page being reloaded (the panel hidden and shown again) for the same run. */
export interface ViewState {
  runId: string;
  tab: Tab;
  table: number;
  filter: string;
  sort: SortState;
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

/** The view state for a run: kept when it is the same run, else a fresh one; always in range. */
export function viewStateFor(prev: ViewState | undefined, runId: string, tableCount: number): ViewState {
  const s: ViewState =
    prev?.runId === runId ? { ...prev } : { runId, tab: tableCount ? 'table' : 'tree', table: 0, filter: '', sort: undefined };
  if (!tableCount && s.tab === 'table') s.tab = 'tree';
  s.table = Math.min(s.table, Math.max(0, tableCount - 1));
  return s;
}
