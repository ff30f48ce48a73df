// The results page (runs in the webview, bundled to out/results-webview.js). It receives one run
// by postMessage and draws: the run (statement, profile, request id, status badge, timeline), then
// the response as tables (each array of objects found in it), a key/value tree, and raw JSON.
// Service text only ever goes into the page as textContent.
import '@vscode/codicons/dist/codicon.css';
import './results.css';
import { cellText, findTables, pathText, safeJson, type Table, toCsv, toJsonText, toMarkdown } from '../../../../service/src/results/table';
import { shortApiStatus } from '../../../../service/src/runStatus';
import { formatDuration, formatTime } from '../../../../service/src/timeText';
import type { FromPage, NavView, RunView, SaveFormat, ToPage } from '../protocol';
import { button, clear, h, icon } from './dom';
import { Grid, type SortState } from './grid';
import { highlightStatement } from './highlight';
import { treeOf } from './tree';

interface VsCodeApi {
  postMessage(m: FromPage): void;
  getState(): unknown;
  setState(s: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;
const vscode = acquireVsCodeApi();

type Tab = 'table' | 'tree' | 'raw';
/** What survives the page being reloaded (the panel hidden and shown again) for the same run. */
interface ViewState {
  runId: string;
  tab: Tab;
  table: number;
  filter: string;
  sort: SortState;
}

/** Raw JSON longer than this is cut in the page; "Open as JSON document" shows it whole. */
const RAW_LIMIT = 2_000_000;

const root = document.getElementById('svcsql-results')!;
let state: ViewState | undefined = vscode.getState() as ViewState | undefined;
let grid: Grid | undefined;
let tables: Table[] = [];
let run: RunView | undefined;

const post = (m: FromPage): void => vscode.postMessage(m);
const saveState = (): void => vscode.setState(state);

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
  run = r;
  tables = r.hasResponse ? findTables(r.response) : [];
  if (state?.runId !== r.id) state = { runId: r.id, tab: tables.length ? 'table' : 'tree', table: 0, filter: '', sort: undefined };
  if (!tables.length && state.tab === 'table') state.tab = 'tree';
  state.table = Math.min(state.table, Math.max(0, tables.length - 1));
  saveState();
  const focusedId = sameRun ? (document.activeElement as HTMLElement | null)?.id : undefined;
  clear(root);
  root.dataset.runId = r.id;
  root.dataset.state = r.state;
  root.append(toolbar(nav), header(r), body(r));
  if (focusedId) document.getElementById(focusedId)?.focus();
}

function toolbar(nav: NavView): HTMLElement {
  const back = button('arrow-left', 'Back (Alt+Left)', () => post({ type: 'nav', to: 'back' }), { id: 'nav-back' });
  const fwd = button('arrow-right', 'Forward (Alt+Right)', () => post({ type: 'nav', to: 'forward' }), { id: 'nav-forward' });
  back.disabled = !nav.back;
  fwd.disabled = !nav.forward;
  return h(
    'nav',
    { class: 'toolbar', 'aria-label': 'Recent runs' },
    back,
    fwd,
    h('span', { class: 'muted', 'aria-label': `Run ${nav.position} of the recent runs` }, nav.position),
  );
}

const shortStatus = shortApiStatus;
const time = formatTime;
const duration = formatDuration;

function badgeClass(state: string): string {
  if (state === 'success') return 'ok';
  if (state === 'partial' || state === 'timed-out' || state === 'cancelled') return 'warn';
  if (state === 'pending' || state === 'submitting') return 'busy';
  return 'bad';
}

function header(r: RunView): HTMLElement {
  const status = shortStatus(r.apiStatus) ?? r.state;
  const badge = h('span', { class: `badge ${badgeClass(r.state)}`, id: 'run-status', role: 'status' }, cellText(status, 60));
  const meta = h('div', { class: 'meta' }, badge, h('span', { class: 'title' }, cellText(r.title || 'Request', 200)));
  if (r.profile)
    meta.append(
      h(
        'span',
        { class: 'field' },
        icon('account'),
        h('span', { class: 'muted' }, 'profile'),
        h('span', { id: 'run-profile' }, cellText(r.profile, 100)),
      ),
    );
  if (r.requestId) {
    const id = r.requestId;
    meta.append(
      h(
        'span',
        { class: 'field' },
        h('span', { class: 'muted' }, 'request id'),
        h('code', { id: 'run-request-id' }, cellText(id, 200)),
        button('copy', 'Copy request id', () => post({ type: 'copy', text: id, what: 'the request id' }), { id: 'copy-request-id' }),
      ),
    );
  }
  if (r.endedAt !== undefined) meta.append(h('span', { class: 'field muted' }, `${duration(r.endedAt - r.submittedAt)}`));
  const section = h('section', { class: 'run', 'aria-label': 'Run' }, meta);
  if (r.statement.trim())
    section.append(
      h('pre', { class: 'statement', id: 'run-statement', tabindex: 0, 'aria-label': 'Statement' }, highlightStatement(r.statement.trim())),
    );
  if (r.error)
    section.append(
      h('p', { class: 'error', role: 'alert' }, icon('error'), ` ${cellText(r.error.kind, 40)}: ${cellText(r.error.message, 4000)}`),
    );
  if (r.events.length) section.append(timeline(r));
  return section;
}

function timeline(r: RunView): HTMLElement {
  const list = h('ol', { class: 'timeline', 'aria-label': 'Timeline' });
  let prev: string | undefined;
  r.events.forEach((e, i) => {
    const label = i === 0 && e.state === 'submitting' ? 'submitted' : (shortStatus(e.apiStatus) ?? e.state);
    const repeat = label === prev;
    prev = label;
    const after = i ? `+${duration(e.at - r.submittedAt)}` : time(e.at);
    list.append(
      h(
        'li',
        { class: `${badgeClass(e.state)}${repeat ? ' repeat' : ''}`, title: time(e.at) },
        h('span', { class: 'dot', 'aria-hidden': 'true' }),
        h('span', { class: 'tl-label' }, repeat ? 'poll' : cellText(label, 60)),
        h('span', { class: 'tl-time' }, after),
      ),
    );
  });
  return list;
}

function body(r: RunView): HTMLElement {
  const wrap = h('section', { class: 'response', 'aria-label': 'Response' });
  if (!r.hasResponse) {
    wrap.append(
      h(
        'p',
        { class: 'empty' },
        r.state === 'pending' || r.state === 'submitting' ? 'Waiting for the service…' : 'This run has no response.',
      ),
    );
    return wrap;
  }
  const tabs: [Tab, string, string][] = [
    ['table', tables.length ? `Table${tables.length > 1 ? `s (${tables.length})` : ''}` : 'Table', 'table'],
    ['tree', 'Tree', 'list-tree'],
    ['raw', 'Raw JSON', 'json'],
  ];
  const list = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Response views' });
  const panel = h('div', { class: 'tabpanel', role: 'tabpanel', id: 'response-panel', tabindex: -1 });
  const buttons = tabs.map(([id, label, ic]) => {
    const selected = state!.tab === id;
    const b = h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: `tab-${id}`,
        'aria-selected': selected ? 'true' : 'false',
        'aria-controls': 'response-panel',
        tabindex: selected ? 0 : -1,
        disabled: id === 'table' && !tables.length,
      },
      icon(ic),
      h('span', {}, label),
    );
    b.addEventListener('click', () => selectTab(id));
    return b;
  });
  list.append(...buttons);
  // Arrow keys move between tabs (WAI-ARIA tabs pattern); disabled tabs are skipped.
  list.addEventListener('keydown', (ev) => {
    if (ev.key !== 'ArrowRight' && ev.key !== 'ArrowLeft' && ev.key !== 'Home' && ev.key !== 'End') return;
    const enabled = buttons.filter((b) => !b.disabled);
    const at = enabled.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      ev.key === 'Home'
        ? 0
        : ev.key === 'End'
          ? enabled.length - 1
          : (at + (ev.key === 'ArrowRight' ? 1 : -1) + enabled.length) % enabled.length;
    enabled[next]?.focus();
    enabled[next]?.click();
    ev.preventDefault();
  });
  wrap.append(list, panel);
  fillPanel(panel, r);
  return wrap;

  function selectTab(id: Tab): void {
    state!.tab = id;
    saveState();
    for (const b of buttons) {
      const sel = b.id === `tab-${id}`;
      b.setAttribute('aria-selected', sel ? 'true' : 'false');
      b.tabIndex = sel ? 0 : -1;
    }
    fillPanel(panel, r);
  }
}

function fillPanel(panel: HTMLElement, r: RunView): void {
  clear(panel);
  grid = undefined;
  panel.setAttribute('aria-labelledby', `tab-${state!.tab}`);
  if (state!.tab === 'table' && tables.length) panel.append(tableView());
  else if (state!.tab === 'tree') panel.append(treeOf(r.response));
  else panel.append(rawView(r));
}

function rawView(r: RunView): HTMLElement {
  const text = safeJson(r.response, 2);
  const cut = text.length > RAW_LIMIT;
  const bar = h(
    'div',
    { class: 'actions' },
    button('copy', 'Copy JSON', () => post({ type: 'copy', text, what: 'the response JSON' }), { showLabel: true }),
    button('go-to-file', 'Open as JSON document', () => post({ type: 'openJson' }), { showLabel: true }),
  );
  const pre = h('pre', { class: 'raw', id: 'raw-json', tabindex: 0, 'aria-label': 'Raw JSON' }, cut ? text.slice(0, RAW_LIMIT) : text);
  return h(
    'div',
    {},
    bar,
    cut ? h('p', { class: 'muted' }, `Showing the first ${RAW_LIMIT.toLocaleString()} of ${text.length.toLocaleString()} characters.`) : '',
    pre,
  );
}

function tableView(): HTMLElement {
  const t = tables[state!.table]!;
  const wrap = h('div', { class: 'table-view' });
  const controls = h('div', { class: 'actions' });
  if (tables.length > 1) {
    const select = h('select', { id: 'table-pick', 'aria-label': 'Table' });
    tables.forEach((x, i) =>
      select.append(h('option', { value: i, selected: i === state!.table }, `${cellText(pathText(x.path), 120)} (${x.rows.length})`)),
    );
    select.addEventListener('change', () => {
      state = { ...state!, table: Number(select.value), filter: '', sort: undefined };
      saveState();
      const panel = document.getElementById('response-panel')!;
      fillPanel(panel, run!);
      document.getElementById('table-pick')?.focus();
    });
    controls.append(select);
  } else
    controls.append(h('span', { class: 'table-path muted', title: 'Where the table is in the response' }, cellText(pathText(t.path), 200)));
  const filter = h('input', {
    type: 'search',
    id: 'table-filter',
    placeholder: 'Filter rows',
    'aria-label': 'Filter rows',
    value: state!.filter,
    spellcheck: 'false',
  });
  const count = h('span', { class: 'row-count', id: 'row-count', 'aria-live': 'polite' });
  const name = run?.title || 'results';
  const exportBtns = h(
    'span',
    { class: 'export', role: 'group', 'aria-label': 'Copy and save' },
    button('copy', 'Copy as CSV', () => post({ type: 'copy', text: toCsv(t, g.visibleOrder()), what: 'the table as CSV' }), {
      showLabel: true,
      id: 'copy-csv',
    }),
    button('json', 'Copy as JSON', () => post({ type: 'copy', text: toJsonText(t, g.visibleOrder()), what: 'the table as JSON' }), {
      showLabel: true,
      id: 'copy-json',
    }),
    button(
      'markdown',
      'Copy as Markdown',
      () => post({ type: 'copy', text: toMarkdown(t, g.visibleOrder()), what: 'the table as Markdown' }),
      { showLabel: true, id: 'copy-md' },
    ),
    button('save', 'Save as CSV…', () => save('csv'), { showLabel: true, id: 'save-csv' }),
    button('save-as', 'Save as JSON…', () => save('json'), { showLabel: true, id: 'save-json' }),
  );
  controls.append(h('span', { class: 'filter-box' }, icon('filter'), filter), count, exportBtns);
  const detail = h('div', { class: 'detail', id: 'cell-detail', hidden: true });
  const noMatch = h('p', { class: 'empty', id: 'no-match', hidden: true }, 'No row matches the filter.');
  const g = new Grid(
    t,
    {
      copy: (text, what) => post({ type: 'copy', text, what }),
      expand: (title, value) => {
        clear(detail);
        detail.hidden = false;
        const close = button('close', 'Close (Escape)', () => {
          detail.hidden = true;
          g.element.focus();
        });
        detail.append(
          h(
            'div',
            { class: 'detail-head' },
            h('strong', {}, cellText(title, 200)),
            button('copy', 'Copy value', () => post({ type: 'copy', text: safeJson(value, 2), what: 'the value' })),
            close,
          ),
          treeOf(value),
        );
        (detail.querySelector('summary') as HTMLElement | null)?.focus();
      },
      viewChanged: () => {
        state!.sort = g.sort;
        saveState();
        updateCount();
      },
    },
    'results-grid',
  );
  grid = g;
  detail.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') {
      detail.hidden = true;
      g.element.focus();
    }
  });
  const save = (format: SaveFormat): void =>
    post({ type: 'save', format, text: format === 'csv' ? toCsv(t, g.visibleOrder()) : toJsonText(t, g.visibleOrder()), name });
  const updateCount = (): void => {
    const n = g.rowCount;
    count.textContent =
      n === t.rows.length
        ? `${n.toLocaleString()} row${n === 1 ? '' : 's'}`
        : `${n.toLocaleString()} of ${t.rows.length.toLocaleString()} rows`;
    count.dataset.rows = String(n);
    noMatch.hidden = n > 0;
  };
  let debounce: ReturnType<typeof setTimeout> | undefined;
  filter.addEventListener('input', () => {
    clearTimeout(debounce);
    debounce = setTimeout(
      () => {
        state!.filter = filter.value;
        saveState();
        g.setView(filter.value, g.sort);
        updateCount();
      },
      t.rows.length > 5000 ? 150 : 30,
    );
  });
  filter.addEventListener('keydown', (ev) => {
    if (ev.key === 'ArrowDown') {
      g.element.focus();
      ev.preventDefault();
    } else if (ev.key === 'Escape' && filter.value) {
      // Escape clears the filter (a second one is left to VS Code).
      filter.value = '';
      filter.dispatchEvent(new Event('input'));
      ev.preventDefault();
      ev.stopPropagation();
    }
  });
  g.setView(state!.filter, state!.sort);
  updateCount();
  wrap.append(
    controls,
    h(
      'p',
      { class: 'hint muted', id: 'grid-help' },
      'Arrow keys move · Enter expands a nested value · Ctrl+C copies the cell, Ctrl+Shift+C the row · Alt+S sorts by the column',
    ),
    g.element,
    noMatch,
    detail,
  );
  g.element.setAttribute('aria-describedby', 'grid-help');
  g.element.setAttribute('aria-label', `Rows of ${pathText(t.path)}`);
  return wrap;
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
