// SHOW and DESCRIBE results in text mode: the tables the results panel shows (same model,
// service/src/results/table.ts) as aligned columns cut to the terminal width, or the response's
// leaves as path/value pairs when it holds no table. Every cell is escaped of control characters.
import { cellText, findTables, leaves, pathText, type Table } from '../../service/src/results/table';

/** Widest a column grows before its cells are cut with '…'. */
const MAX_COLUMN = 40;
const GAP = '  ';

/** Text width of s in columns, counting code points (cell text is already escaped). */
const width = (s: string): number => [...s].length;

function fit(s: string, w: number): string {
  const cps = [...s];
  if (cps.length <= w) return s + ' '.repeat(w - cps.length);
  return w <= 0 ? '' : cps.slice(0, w - 1).join('') + '…';
}

/** Cuts a line to the terminal width, marking the cut. */
function cut(line: string, max: number): string {
  const trimmed = line.trimEnd();
  return width(trimmed) <= max ? trimmed : [...trimmed].slice(0, Math.max(0, max - 1)).join('') + '…';
}

/** Aligned text of rows (first row is the header), each line at most maxWidth columns. */
export function alignedRows(header: string[], rows: string[][], maxWidth: number, indent = '', maxColumn = MAX_COLUMN): string[] {
  const widths = header.map((h, j) => Math.min(maxColumn, Math.max(width(h), ...rows.map((r) => width(r[j] ?? '')))));
  const line = (cells: string[]) => cut(indent + cells.map((c, j) => fit(c, widths[j]!)).join(GAP), maxWidth);
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

function tableLines(t: Table, maxWidth: number, indent: string): string[] {
  const header = ['#', ...t.columns.map((c) => cellText(c, MAX_COLUMN))];
  const rows = t.rows.map((r, i) => [String(i + 1), ...r.map((v) => cellText(v, MAX_COLUMN * 2))]);
  const n = t.rows.length;
  return [
    cut(`${indent}${cellText(pathText(t.path), 200)} (${n} row${n === 1 ? '' : 's'})`, maxWidth),
    ...alignedRows(header, rows, maxWidth, indent),
  ];
}

/** The text block for a response (lines end with \n); maxWidth = terminal columns (Infinity: no cut). */
export function renderResultText(response: unknown, maxWidth: number, indent = '  '): string {
  const tables = findTables(response);
  const lines: string[] = [];
  if (tables.length) {
    for (const t of tables) {
      if (lines.length) lines.push('');
      lines.push(...tableLines(t, maxWidth, indent));
    }
  } else {
    const kv = leaves(response, 1000).map(({ path, value }) => [cellText(pathText(path), 120), cellText(value, 200)]);
    // Paths run long: wider columns than a table's.
    lines.push(...alignedRows(['key', 'value'], kv, maxWidth, indent, 80));
  }
  return lines.join('\n') + '\n';
}

/** The width to cut to: the terminal's; off a terminal $COLUMNS if set, else no cut (a pipe keeps it all). */
export function outputWidth(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): number {
  if (stream.isTTY && stream.columns) return stream.columns;
  const cols = Number(env.COLUMNS);
  return Number.isInteger(cols) && cols > 10 ? cols : Infinity;
}

/** Statements whose results read as a table. */
export function isTabular(title: string | undefined): boolean {
  const head = title?.trimStart().split(/\s+/, 1)[0]?.toUpperCase();
  return head === 'SHOW' || head === 'DESCRIBE';
}
