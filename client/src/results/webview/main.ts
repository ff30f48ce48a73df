// The results panel's page (runs in the webview, bundled to out/results-webview.js). It receives one
// run by postMessage and draws: back/forward, the run's header and timeline (header.ts), then the
// response as tables, a key/value tree and raw JSON (table.ts). Its view state lives in the
// webview's saved state (pageState.ts). Service text only ever goes into the page as textContent.
import '@vscode/codicons/dist/codicon.css';
import './results.css';
import type { Table } from '../../../../service/src/results/table';
import type { FromPage, NavView, RunView, ToPage } from '../protocol';
import { clear } from './dom';
import type { Grid } from './grid';
import { navToolbar, runHeader } from './header';
import { type PageHost, type ViewState, viewStateFor } from './pageState';
import { responseView, tablesOf } from './table';

interface VsCodeApi {
  postMessage(m: FromPage): void;
  getState(): unknown;
  setState(s: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;
const vscode = acquireVsCodeApi();

const root = document.getElementById('svcsql-results')!;
let grid: Grid | undefined;
let tables: Table[] = [];
let run: RunView | undefined;

const post = (m: FromPage): void => vscode.postMessage(m);
const host: PageHost = {
  post,
  state: viewStateFor(vscode.getState() as ViewState | undefined, '', 0),
  saveState: () => vscode.setState(host.state),
  id: (name) => name,
  canOpenJson: true,
};
// A saved state is for the run it names: viewStateFor keeps it only when the same run comes back.
const saved = vscode.getState() as ViewState | undefined;

window.addEventListener('message', (ev: MessageEvent<ToPage>) => {
  const m = ev.data;
  if (m?.type !== 'show') return;
  const t0 = performance.now();
  show(m.run, m.nav);
  // Measured to the first frame painted after the DOM was built (layout and paint included).
  requestAnimationFrame(() =>
    setTimeout(() => {
      const ms = Math.round((performance.now() - t0) * 10) / 10;
      root.dataset.renderMs = String(ms);
      post({ type: 'rendered', runId: m.run.id, rows: grid?.rowCount ?? 0, ms });
    }, 0),
  );
});

function show(r: RunView, nav: NavView): void {
  const sameRun = run?.id === r.id;
  const prev = run ? host.state : saved;
  run = r;
  tables = tablesOf(r);
  host.state = viewStateFor(prev, r.id, tables.length);
  host.saveState();
  const focusedId = sameRun ? (document.activeElement as HTMLElement | null)?.id : undefined;
  clear(root);
  root.dataset.runId = r.id;
  root.dataset.state = r.state;
  const response = responseView(r, tables, host);
  root.append(navToolbar(nav, post), runHeader(r, host), response.element);
  grid = response.grid();
  if (focusedId) document.getElementById(focusedId)?.focus();
}

// Alt+Left / Alt+Right go back and forward, as in an editor; Ctrl+F / F3 focuses the filter.
window.addEventListener('keydown', (ev) => {
  if (ev.altKey && (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight')) {
    post({ type: 'nav', to: ev.key === 'ArrowLeft' ? 'back' : 'forward' });
    ev.preventDefault();
  } else if ((ev.key === 'f' && (ev.ctrlKey || ev.metaKey) && ev.shiftKey) || ev.key === 'F3') {
    const f = document.getElementById('table-filter');
    if (f) {
      f.focus();
      ev.preventDefault();
    }
  }
});

post({ type: 'ready' });
