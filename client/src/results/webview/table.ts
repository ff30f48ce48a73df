// The response of a run: tabs for the tables found in it (the virtualised grid with filter, sort,
// copy and export), a key/value tree and the raw JSON. Shared by the results panel and the notebook
// renderer: the page that holds it passes its PageHost (messages, view state, element ids).
import { cellText, findTables, pathText, safeJson, type Table, toCsv, toJsonText, toMarkdown } from '../../../../service/src/results/table';
import type { RunView, SaveFormat } from '../protocol';
import { isRunning, isRunState } from '../../../../service/src/runStates';
import { button, clear, h, icon } from './dom';
import { Grid } from './grid';
import type { PageHost, Tab } from './pageState';
import { treeOf } from './tree';

/** Raw JSON longer than this is cut in the page; "Open as JSON document" shows it whole. */
const RAW_LIMIT = 2_000_000;

export interface ResponseView {
  element: HTMLElement;
  /** The grid on screen, when the table tab is. */
  grid(): Grid | undefined;
}

/** The tables of a run's response, in the order the table picker lists them. */
export const tablesOf = (r: RunView): Table[] => (r.hasResponse ? findTables(r.response) : []);

export function responseView(r: RunView, tables: Table[], host: PageHost): ResponseView {
  let grid: Grid | undefined;
  const wrap = h('section', { class: 'response', 'aria-label': 'Response' });
  if (!r.hasResponse) {
    wrap.append(
      h('p', { class: 'empty' }, isRunState(r.state) && isRunning(r.state) ? 'Waiting for the service…' : 'This run has no response.'),
    );
    return { element: wrap, grid: () => undefined };
  }
  const tabs: [Tab, string, string][] = [
    ['table', tables.length ? `Table${tables.length > 1 ? `s (${tables.length})` : ''}` : 'Table', 'table'],
    ['tree', 'Tree', 'list-tree'],
    ['raw', 'Raw JSON', 'json'],
  ];
  const list = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Response views' });
  const panel = h('div', { class: 'tabpanel', role: 'tabpanel', id: host.id('response-panel'), tabindex: -1 });
  const buttons = tabs.map(([id, label, ic]) => {
    const selected = host.state.tab === id;
    const b = h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: host.id(`tab-${id}`),
        'data-tab': id,
        'aria-selected': selected ? 'true' : 'false',
        'aria-controls': host.id('response-panel'),
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
    // The root node: the document in the panel, a shadow root in a notebook output.
    const focused = (list.getRootNode() as Document | ShadowRoot).activeElement;
    const at = enabled.indexOf(focused as HTMLButtonElement);
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
  fillPanel();
  return { element: wrap, grid: () => grid };

  function selectTab(id: Tab): void {
    host.state.tab = id;
    host.saveState();
    for (const b of buttons) {
      const sel = b.dataset.tab === id;
      b.setAttribute('aria-selected', sel ? 'true' : 'false');
      b.tabIndex = sel ? 0 : -1;
    }
    fillPanel();
  }

  function fillPanel(): void {
    clear(panel);
    grid = undefined;
    panel.setAttribute('aria-labelledby', host.id(`tab-${host.state.tab}`));
    if (host.state.tab === 'table' && tables.length) {
      const t = tableView(r, tables, host, () => {
        fillPanel();
        (panel.querySelector('.table-pick') as HTMLElement | null)?.focus();
      });
      grid = t.grid;
      panel.append(t.element);
    } else if (host.state.tab === 'tree') panel.append(treeOf(r.response));
    else panel.append(rawView(r, host));
  }
}

function rawView(r: RunView, host: PageHost): HTMLElement {
  const text = safeJson(r.response, 2);
  const cut = text.length > RAW_LIMIT;
  const bar = h(
    'div',
    { class: 'actions' },
    button('copy', 'Copy JSON', () => host.post({ type: 'copy', text, what: 'the response JSON' }), { showLabel: true }),
    host.canOpenJson
      ? button('go-to-file', 'Open as JSON document', () => host.post({ type: 'openJson' }), { showLabel: true })
      : undefined,
  );
  const pre = h(
    'pre',
    { class: 'raw', id: host.id('raw-json'), tabindex: 0, 'aria-label': 'Raw JSON' },
    cut ? text.slice(0, RAW_LIMIT) : text,
  );
  return h(
    'div',
    {},
    bar,
    cut ? h('p', { class: 'muted' }, `Showing the first ${RAW_LIMIT.toLocaleString()} of ${text.length.toLocaleString()} characters.`) : '',
    pre,
  );
}

/** One table of the response: picker, filter, row count, copy/save, the grid and the detail pane. */
function tableView(r: RunView, tables: Table[], host: PageHost, redraw: () => void): { element: HTMLElement; grid: Grid } {
  const state = host.state;
  const post = host.post.bind(host);
  const t = tables[state.table]!;
  const wrap = h('div', { class: 'table-view' });
  const controls = h('div', { class: 'actions' });
  if (tables.length > 1) {
    const select = h('select', { id: host.id('table-pick'), class: 'table-pick', 'aria-label': 'Table' });
    tables.forEach((x, i) =>
      select.append(h('option', { value: i, selected: i === state.table }, `${cellText(pathText(x.path), 120)} (${x.rows.length})`)),
    );
    select.addEventListener('change', () => {
      Object.assign(state, { table: Number(select.value), filter: '', sort: undefined });
      host.saveState();
      redraw();
    });
    controls.append(select);
  } else
    controls.append(h('span', { class: 'table-path muted', title: 'Where the table is in the response' }, cellText(pathText(t.path), 200)));
  const filter = h('input', {
    type: 'search',
    id: host.id('table-filter'),
    class: 'table-filter',
    placeholder: 'Filter rows',
    'aria-label': 'Filter rows',
    value: state.filter,
    spellcheck: 'false',
  });
  const count = h('span', { class: 'row-count', id: host.id('row-count'), 'aria-live': 'polite' });
  const name = r.title || 'results';
  const exportBtns = h(
    'span',
    { class: 'export', role: 'group', 'aria-label': 'Copy and save' },
    button('copy', 'Copy as CSV', () => post({ type: 'copy', text: toCsv(t, g.visibleOrder()), what: 'the table as CSV' }), {
      showLabel: true,
      id: host.id('copy-csv'),
    }),
    button('json', 'Copy as JSON', () => post({ type: 'copy', text: toJsonText(t, g.visibleOrder()), what: 'the table as JSON' }), {
      showLabel: true,
      id: host.id('copy-json'),
    }),
    button(
      'markdown',
      'Copy as Markdown',
      () => post({ type: 'copy', text: toMarkdown(t, g.visibleOrder()), what: 'the table as Markdown' }),
      { showLabel: true, id: host.id('copy-md') },
    ),
    button('save', 'Save as CSV…', () => save('csv'), { showLabel: true, id: host.id('save-csv') }),
    button('save-as', 'Save as JSON…', () => save('json'), { showLabel: true, id: host.id('save-json') }),
  );
  controls.append(h('span', { class: 'filter-box' }, icon('filter'), filter), count, exportBtns);
  const detail = h('div', { class: 'detail', id: host.id('cell-detail'), hidden: true });
  const noMatch = h('p', { class: 'empty', id: host.id('no-match'), hidden: true }, 'No row matches the filter.');
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
        state.sort = g.sort;
        host.saveState();
        updateCount();
      },
    },
    host.id('results-grid'),
  );
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
        state.filter = filter.value;
        host.saveState();
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
  g.setView(state.filter, state.sort);
  updateCount();
  const help = host.id('grid-help');
  wrap.append(
    controls,
    h(
      'p',
      { class: 'hint muted', id: help },
      'Arrow keys move · Enter expands a nested value · Ctrl+C copies the cell, Ctrl+Shift+C the row · Alt+S sorts by the column',
    ),
    g.element,
    noMatch,
    detail,
  );
  g.element.setAttribute('aria-describedby', help);
  g.element.setAttribute('aria-label', `Rows of ${pathText(t.path)}`);
  return { element: wrap, grid: g };
}
