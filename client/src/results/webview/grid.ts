// The table of the results page: a virtualised ARIA grid. Only the rows in view (plus a margin)
// exist in the DOM, so 10,000 or 100,000 rows draw as fast as 50. Sort by a header (click, or
// Enter on it), filter, move with the arrow keys, Enter/Space expands a nested cell, Ctrl+C copies
// the cell, Ctrl+Shift+C the row.
import {
  cellCopyText,
  cellText,
  filterRows,
  isNested,
  rowObject,
  safeJson,
  sortedOrder,
  type Table,
} from '../../../../service/src/results/table';
import { clear, h } from './dom';
import type { SortState } from './pageState';

export const ROW_HEIGHT = 24;
const OVERSCAN = 10;

export type { SortState } from './pageState';

export interface GridHost {
  copy(text: string, what: string): void;
  /** A nested value to show in the detail pane (key for its heading). */
  expand(title: string, value: unknown): void;
  /** Sort or filter changed: remember it across page reloads. */
  viewChanged(): void;
}

export class Grid {
  readonly element: HTMLElement;
  private readonly header: HTMLElement;
  private readonly viewport: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly body: HTMLElement;
  private order: number[] = [];
  private filter = '';
  sort: SortState;
  private active = { row: 0, col: 0 };
  private widths: number[] = [];
  private drawn = { first: -1, last: -1 };

  constructor(
    private readonly table: Table,
    private readonly host: GridHost,
    private readonly gridId: string,
  ) {
    this.header = h('div', { class: 'grid-row grid-header', role: 'row', 'aria-rowindex': 1 });
    this.spacer = h('div', { class: 'grid-spacer' });
    this.body = h('div', { class: 'grid-body', role: 'rowgroup' });
    this.viewport = h('div', {
      class: 'grid-viewport',
      tabindex: 0,
      role: 'grid',
      id: gridId,
      'aria-colcount': table.columns.length,
      'aria-multiselectable': 'false',
    });
    this.spacer.append(this.body);
    this.viewport.append(h('div', { class: 'grid-head', role: 'rowgroup' }, this.header), this.spacer);
    this.element = this.viewport;
    this.widths = this.measureWidths();
    this.drawHeader();
    this.viewport.addEventListener('scroll', () => this.drawRows());
    this.viewport.addEventListener('keydown', (ev) => this.onKey(ev));
    this.viewport.addEventListener('focus', () => this.markActive());
    this.body.addEventListener('click', (ev) => this.onClick(ev));
    this.body.addEventListener('dblclick', (ev) => {
      if (this.cellFrom(ev)) this.expandActive();
    });
    new ResizeObserver(() => this.drawRows()).observe(this.viewport);
  }

  get rowCount(): number {
    return this.order.length;
  }

  /** Applies filter and sort, and draws. */
  setView(filter: string, sort: SortState): void {
    this.filter = filter;
    this.sort = sort && sort.column < this.table.columns.length ? sort : undefined;
    this.recompute();
  }

  private recompute(): void {
    const all = this.sort ? sortedOrder(this.table, this.sort.column, this.sort.direction) : this.table.rows.map((_, i) => i);
    this.order = filterRows(this.table, this.filter, all);
    this.viewport.setAttribute('aria-rowcount', String(this.order.length + 1));
    this.spacer.style.height = `${this.order.length * ROW_HEIGHT}px`;
    this.active.row = Math.min(this.active.row, Math.max(0, this.order.length - 1));
    this.drawHeader();
    this.drawn = { first: -1, last: -1 };
    this.drawRows();
  }

  /** Rows in current order (filtered, sorted): what the export buttons export. */
  visibleOrder(): number[] {
    return this.order;
  }

  /** Column widths in ch from the header and a sample of rows: no layout pass over all rows. */
  private measureWidths(): number[] {
    const sample = this.table.rows.slice(0, 200);
    return this.table.columns.map((c, j) => {
      let w = cellText(c, 60).length + 3;
      for (const r of sample) w = Math.max(w, Math.min(cellText(r[j], 60).length, 48));
      return Math.min(Math.max(w + 4, 6), 52); // + the cell padding
    });
  }

  private template(): string {
    return `3.5em ${this.widths.map((w) => `minmax(${w}ch, ${w}ch)`).join(' ')}`;
  }

  private drawHeader(): void {
    clear(this.header);
    this.header.style.gridTemplateColumns = this.template();
    this.header.append(h('div', { class: 'grid-cell grid-num', role: 'columnheader', 'aria-colindex': 0 }, '#'));
    this.table.columns.forEach((c, j) => {
      const sorted = this.sort?.column === j ? this.sort.direction : undefined;
      const b = h(
        'button',
        { type: 'button', class: 'grid-sort', title: `Sort by ${cellText(c, 100)}`, 'data-col': j },
        h('span', { class: 'grid-col-name' }, cellText(c, 100)),
        h('span', {
          class: `codicon ${sorted === 'asc' ? 'codicon-arrow-up' : sorted === 'desc' ? 'codicon-arrow-down' : 'codicon-blank'}`,
          'aria-hidden': 'true',
        }),
      );
      b.addEventListener('click', () => this.toggleSort(j));
      this.header.append(
        h(
          'div',
          {
            class: 'grid-cell',
            role: 'columnheader',
            'aria-colindex': j + 1,
            'aria-sort': sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none',
          },
          b,
        ),
      );
    });
  }

  /** None → ascending → descending → none. */
  toggleSort(col: number): void {
    if (this.sort?.column !== col) this.sort = { column: col, direction: 'asc' };
    else if (this.sort.direction === 'asc') this.sort = { column: col, direction: 'desc' };
    else this.sort = undefined;
    this.recompute();
    this.host.viewChanged();
    (this.header.querySelector(`[data-col="${col}"]`) as HTMLElement | null)?.focus();
  }

  private drawRows(): void {
    // The sticky header takes the first row's height above the spacer.
    const top = Math.max(0, this.viewport.scrollTop - ROW_HEIGHT);
    const height = this.viewport.clientHeight || 600;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(this.order.length - 1, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
    if (first === this.drawn.first && last === this.drawn.last) return;
    this.drawn = { first, last };
    const frag = document.createDocumentFragment();
    const template = this.template();
    for (let p = first; p <= last; p++) frag.append(this.rowElement(p, template));
    clear(this.body);
    this.body.append(frag);
    this.markActive();
  }

  private rowElement(p: number, template: string): HTMLElement {
    const i = this.order[p]!;
    const values = this.table.rows[i]!;
    const row = h('div', { class: 'grid-row', role: 'row', 'aria-rowindex': p + 2, 'data-pos': p });
    row.style.top = `${p * ROW_HEIGHT}px`;
    row.style.gridTemplateColumns = template;
    row.append(h('div', { class: 'grid-cell grid-num', role: 'rowheader', 'aria-colindex': 0 }, String(i + 1)));
    values.forEach((v, j) => {
      const nested = isNested(v);
      const cls = `grid-cell${nested ? ' nested' : ''}${v === undefined ? ' absent' : v === null ? ' null' : typeof v === 'number' ? ' num' : ''}`;
      row.append(
        h(
          'div',
          {
            class: cls,
            role: 'gridcell',
            id: `${this.gridId}-c${p}-${j}`,
            'aria-colindex': j + 1,
            'data-col': j,
            title: nested ? 'Enter or double-click to expand' : undefined,
          },
          cellText(v),
        ),
      );
    });
    return row;
  }

  private cellFrom(ev: Event): { p: number; j: number } | undefined {
    const cell = (ev.target as HTMLElement).closest('[role="gridcell"]') as HTMLElement | null;
    const row = cell?.parentElement;
    if (!cell || !row) return undefined;
    const p = Number(row.dataset.pos);
    const j = Number(cell.dataset.col);
    this.active = { row: p, col: j };
    this.markActive();
    this.viewport.focus({ preventScroll: true });
    return { p, j };
  }

  private onClick(ev: MouseEvent): void {
    this.cellFrom(ev);
  }

  private markActive(): void {
    for (const el of this.body.querySelectorAll('.active')) el.classList.remove('active');
    const id = `${this.gridId}-c${this.active.row}-${this.active.col}`;
    const cell = this.body.querySelector(`[id="${id}"]`);
    if (cell && this.order.length) {
      cell.classList.add('active');
      cell.setAttribute('aria-selected', 'true');
      this.viewport.setAttribute('aria-activedescendant', id);
    } else this.viewport.removeAttribute('aria-activedescendant');
  }

  private moveTo(row: number, col: number): void {
    const rows = this.order.length;
    if (!rows) return;
    this.active = { row: Math.max(0, Math.min(rows - 1, row)), col: Math.max(0, Math.min(this.table.columns.length - 1, col)) };
    // Scroll the active row into view (below the sticky header), then draw.
    const top = (this.active.row + 1) * ROW_HEIGHT;
    const vp = this.viewport;
    if (top < vp.scrollTop + ROW_HEIGHT) vp.scrollTop = top - ROW_HEIGHT;
    else if (top + ROW_HEIGHT > vp.scrollTop + vp.clientHeight) vp.scrollTop = top + ROW_HEIGHT - vp.clientHeight;
    this.drawRows();
    this.markActive();
    const cell = this.body.querySelector('.active') as HTMLElement | null;
    cell?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  private activeValue(): unknown {
    const i = this.order[this.active.row];
    return i === undefined ? undefined : this.table.rows[i]![this.active.col];
  }

  private expandActive(): void {
    const v = this.activeValue();
    const i = this.order[this.active.row];
    if (i !== undefined && isNested(v)) this.host.expand(`row ${i + 1}, ${cellText(this.table.columns[this.active.col], 80)}`, v);
  }

  copyCell(): void {
    if (this.order.length) this.host.copy(cellCopyText(this.activeValue()), 'the cell');
  }

  copyRow(): void {
    const i = this.order[this.active.row];
    if (i !== undefined) this.host.copy(safeJson(rowObject(this.table, i), 2), `row ${i + 1}`);
  }

  private onKey(ev: KeyboardEvent): void {
    const { row, col } = this.active;
    const page = Math.max(1, Math.floor(this.viewport.clientHeight / ROW_HEIGHT) - 2);
    const mod = ev.ctrlKey || ev.metaKey;
    let handled = true;
    if (mod && ev.key.toLowerCase() === 'c') {
      if (ev.shiftKey) this.copyRow();
      else this.copyCell();
    } else if (ev.key === 'ArrowDown') this.moveTo(row + 1, col);
    else if (ev.key === 'ArrowUp') this.moveTo(row - 1, col);
    else if (ev.key === 'ArrowRight') this.moveTo(row, col + 1);
    else if (ev.key === 'ArrowLeft') this.moveTo(row, col - 1);
    else if (ev.key === 'PageDown') this.moveTo(row + page, col);
    else if (ev.key === 'PageUp') this.moveTo(row - page, col);
    else if (ev.key === 'Home') this.moveTo(mod ? 0 : row, 0);
    else if (ev.key === 'End') this.moveTo(mod ? this.order.length - 1 : row, this.table.columns.length - 1);
    else if (ev.key === 'Enter' || ev.key === ' ') this.expandActive();
    else if (ev.key === 's' && ev.altKey) this.toggleSort(col);
    else handled = false;
    if (handled) {
      ev.preventDefault();
      ev.stopPropagation();
    }
  }
}
