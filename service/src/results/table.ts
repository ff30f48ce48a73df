// From an apiResponse (any JSON: the shape per statement is not published) to what the results
// panel and the CLI show: the tables it holds (arrays of objects, anywhere), and text for a cell.
// No vscode, no DOM: shared by the extension host, the webview bundle and the CLI.
//
// Hostile input is expected: keys such as `__proto__`, strings with control characters or HTML,
// depth far beyond any stack, millions of values. Nothing here recurses without a bound, reads an
// inherited property, or builds an object whose keys come from the service.

import { escapeControls } from '../safeText';

/** Where a value sits in the response: keys and array indexes from the root. */
export type JsonPath = (string | number)[];

export interface Table {
  path: JsonPath;
  /** Union of the rows' own keys, first-seen order. Rows that are not objects use VALUE_COLUMN. */
  columns: string[];
  /** One entry per array element, values in column order (undefined = key absent). */
  rows: unknown[][];
}

/** Column that holds array elements that are not objects (a mixed array: `[{a:1}, 2]`). */
export const VALUE_COLUMN = '(value)';
/** Deeper than this, a walk stops looking (tables) or shows `…` (text). */
export const MAX_DEPTH = 64;
/** How many values one search for tables visits at most. */
const MAX_VISITS = 2_000_000;

export const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Own property only: `row['__proto__']` must never reach Object.prototype. */
export function own(o: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

/** An array is a table when it is not empty and at least one element is an object. */
export function isTableArray(v: unknown): v is unknown[] {
  return Array.isArray(v) && v.length > 0 && v.some(isPlainObject);
}

/** Columns and rows of one array (see Table). */
export function tableOf(items: readonly unknown[], path: JsonPath = []): Table {
  const index = new Map<string, number>();
  const columns: string[] = [];
  const column = (k: string): number => {
    let i = index.get(k);
    if (i === undefined) {
      i = columns.length;
      index.set(k, i);
      columns.push(k);
    }
    return i;
  };
  // Two passes: the column list must be complete before rows get their width.
  for (const item of items) {
    if (isPlainObject(item)) for (const k of Object.keys(item)) column(k);
    else column(VALUE_COLUMN);
  }
  const rows = items.map((item) => {
    const row: unknown[] = new Array<unknown>(columns.length).fill(undefined);
    if (isPlainObject(item)) {
      for (const k of Object.keys(item)) row[index.get(k)!] = own(item, k);
    } else row[index.get(VALUE_COLUMN)!] = item;
    return row;
  });
  return { path, columns, rows };
}

/**
 * Every table in the response, in document order (breadth-first, so shallow ones come first). A
 * table's own rows are not searched for further tables: a list of clusters with a list of tags
 * each is one table whose tag cells expand.
 */
export function findTables(root: unknown): Table[] {
  const found: Table[] = [];
  const queue: { v: unknown; path: JsonPath }[] = [{ v: root, path: [] }];
  let visits = 0;
  for (let head = 0; head < queue.length && visits < MAX_VISITS; head++) {
    const { v, path } = queue[head]!;
    visits++;
    if (isTableArray(v)) {
      found.push(tableOf(v, path));
      continue;
    }
    if (path.length >= MAX_DEPTH || v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) v.forEach((c, i) => queue.push({ v: c, path: [...path, i] }));
    else for (const k of Object.keys(v)) queue.push({ v: own(v as Record<string, unknown>, k), path: [...path, k] });
    // Breadth-first keeps memory at one level; a huge flat array of scalars is skipped whole.
    if (queue.length - head > MAX_VISITS) break;
  }
  return found;
}

/** The path as people read it: `showClustersApiResponse.clusters`, `items[2].tags`. */
export function pathText(path: JsonPath): string {
  if (!path.length) return '(response)';
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(p)) out += out ? `.${p}` : p;
    else out += `[${JSON.stringify(p)}]`;
  }
  return out;
}

/** The value at path, or undefined. Own properties only. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let v = root;
  for (const p of path) {
    if (typeof p === 'number') v = Array.isArray(v) ? v[p] : undefined;
    else v = isPlainObject(v) ? own(v, p) : undefined;
  }
  return v;
}

/**
 * One-line text of a value for a cell: strings as they are, nested values as compact JSON, cut
 * after max characters with `…`. Bounded in depth and in work whatever the value holds.
 */
export function cellText(v: unknown, max = 200): string {
  if (v === undefined) return '';
  if (typeof v === 'string')
    return escapeControls(v.length > max * 4 ? v.slice(0, max * 4) : v).slice(0, max) + (v.length > max ? '…' : '');
  if (v === null || typeof v !== 'object') return String(v);
  const out = { s: '' };
  compact(v, max, 0, out);
  return escapeControls(out.s.length > max ? `${out.s.slice(0, max)}…` : out.s);
}

function compact(v: unknown, max: number, depth: number, out: { s: string }): void {
  if (out.s.length > max) return;
  if (v === null || typeof v !== 'object') {
    out.s += typeof v === 'string' ? JSON.stringify(v.length > max ? v.slice(0, max) : v) : v === undefined ? 'null' : String(v);
    return;
  }
  if (depth >= MAX_DEPTH) {
    out.s += Array.isArray(v) ? '[…]' : '{…}';
    return;
  }
  if (Array.isArray(v)) {
    out.s += '[';
    for (let i = 0; i < v.length && out.s.length <= max; i++) {
      if (i) out.s += ',';
      compact(v[i], max, depth + 1, out);
    }
    out.s += ']';
    return;
  }
  out.s += '{';
  let first = true;
  for (const k of Object.keys(v)) {
    if (out.s.length > max) break;
    if (!first) out.s += ',';
    first = false;
    out.s += `${JSON.stringify(k)}:`;
    compact(own(v as Record<string, unknown>, k), max, depth + 1, out);
  }
  out.s += '}';
}

/** Whether a cell holds something to expand (a non-empty object or array). */
export function isNested(v: unknown): boolean {
  return v !== null && typeof v === 'object' && Object.keys(v).length > 0;
}

/**
 * JSON text that cannot throw: depth beyond MAX_DEPTH becomes "…" (JSON.stringify would overflow
 * the stack on a deep enough value); `indent` as in JSON.stringify.
 */
export function safeJson(v: unknown, indent?: number): string {
  return JSON.stringify(boundedCopy(v), null, indent) ?? 'null';
}

/** A copy of a JSON value with anything deeper than MAX_DEPTH replaced by "…" (safe to clone, walk, print). */
export function boundedCopy(v: unknown): unknown {
  return bounded(v, 0);
}

function bounded(v: unknown, depth: number): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(v)) return v.map((x) => bounded(x, depth + 1));
  // defineProperty on a null-prototype object keeps `__proto__` as data; assignment would not.
  const o: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(v))
    Object.defineProperty(o, k, {
      value: bounded(own(v as Record<string, unknown>, k), depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return o;
}

/** Sort order of cell values: absent last, then numbers, booleans, strings, nested; ties keep order. */
export function compareCells(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const sa = typeof a === 'string' ? a : cellText(a);
  const sb = typeof b === 'string' ? b : cellText(b);
  return collator.compare(sa, sb);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function rank(v: unknown): number {
  if (v === undefined || v === null) return 9;
  if (typeof v === 'number') return 0;
  if (typeof v === 'boolean') return 1;
  if (typeof v === 'string') return 2;
  return 3;
}

/** Row indexes sorted by a column (stable), ascending or descending; absent values stay last. */
export function sortedOrder(t: Table, column: number, direction: 'asc' | 'desc', order: number[] = t.rows.map((_, i) => i)): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...order].sort((i, j) => {
    const a = t.rows[i]![column];
    const b = t.rows[j]![column];
    const absentA = a === undefined || a === null;
    const absentB = b === undefined || b === null;
    if (absentA || absentB) return absentA === absentB ? i - j : absentA ? 1 : -1;
    return sign * compareCells(a, b) || i - j;
  });
}

/** Row indexes whose text (any column) contains the query, case-insensitively. */
export function filterRows(t: Table, query: string, order: number[] = t.rows.map((_, i) => i)): number[] {
  const q = query.trim().toLowerCase();
  if (!q) return order;
  return order.filter((i) => t.rows[i]!.some((v) => v !== undefined && cellText(v, 10_000).toLowerCase().includes(q)));
}

/** Raw text of a cell for copying: strings as they are, other values as JSON. */
export function cellCopyText(v: unknown): string {
  if (v === undefined) return '';
  return typeof v === 'string' ? v : safeJson(v);
}

function csvField(v: unknown): string {
  const s = cellCopyText(v);
  // A text starting with = + - @ is run as a formula by spreadsheets: it gets a leading '.
  const guarded = typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(guarded) || guarded !== s ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** RFC 4180 CSV (CRLF line ends), header first; `order` picks and orders the rows. */
export function toCsv(t: Table, order: number[] = t.rows.map((_, i) => i)): string {
  const lines = [t.columns.map(csvField).join(',')];
  for (const i of order) lines.push(t.rows[i]!.map(csvField).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** The rows as a JSON array of objects (absent keys left out), as they came. */
export function toJsonText(t: Table, order: number[] = t.rows.map((_, i) => i)): string {
  return safeJson(
    order.map((i) => rowObject(t, i)),
    2,
  );
}

/** One row as an object with only its own keys; a null-prototype object so `__proto__` is data. */
export function rowObject(t: Table, i: number): Record<string, unknown> {
  const o = Object.create(null) as Record<string, unknown>;
  t.columns.forEach((c, j) => {
    const v = t.rows[i]![j];
    if (v !== undefined) Object.defineProperty(o, c, { value: v, enumerable: true, writable: true, configurable: true });
  });
  return o;
}

function mdField(v: unknown): string {
  // Markdown renders HTML: < > & are escaped as entities, | and \ would break the table.
  return cellText(v, 500).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

/** A GitHub-flavoured Markdown table. */
export function toMarkdown(t: Table, order: number[] = t.rows.map((_, i) => i)): string {
  const head = `| ${t.columns.map(mdField).join(' | ')} |`;
  const rule = `| ${t.columns.map(() => '---').join(' | ')} |`;
  return [head, rule, ...order.map((i) => `| ${t.rows[i]!.map(mdField).join(' | ')} |`)].join('\n') + '\n';
}

/** Leaf values of a non-table response as (path, value) pairs, depth-first, bounded. */
export function leaves(root: unknown, limit = 10_000): { path: JsonPath; value: unknown }[] {
  const out: { path: JsonPath; value: unknown }[] = [];
  const stack: { v: unknown; path: JsonPath }[] = [{ v: root, path: [] }];
  while (stack.length && out.length < limit) {
    const { v, path } = stack.pop()!;
    if (v === null || typeof v !== 'object' || path.length >= MAX_DEPTH || !isNested(v)) {
      out.push({ path, value: v });
      continue;
    }
    const kids: { v: unknown; path: JsonPath }[] = Array.isArray(v)
      ? v.map((c, i) => ({ v: c, path: [...path, i] }))
      : Object.keys(v).map((k) => ({ v: own(v as Record<string, unknown>, k), path: [...path, k] }));
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return out;
}
