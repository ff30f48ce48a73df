// .svcsql text ↔ notebook cells (no vscode). A file becomes one code cell per statement; a comment
// block right above a statement (no blank line between) stays in its cell, other `--` comment
// blocks become Markdown cells. A notebook becomes its code cells in order, Markdown as `--`
// comments. Statement boundaries come from the language server (`svcsql/statements`), as for Run.
import type { Span } from '../history';
import type { NotebookCellRecord } from './notebookFormat';

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) continue;
    if (c === 10 || c === 13) starts.push(i + 1);
  }
  return starts;
}

const offsetOf = (starts: number[], text: string, p: { line: number; character: number }): number =>
  Math.min(text.length, (starts[Math.min(p.line, starts.length - 1)] ?? 0) + p.character);

const isBlank = (line: string): boolean => line.trim() === '';
const isLineComment = (line: string): boolean => line.trimStart().startsWith('--');

/** Lines of a text with their ends kept, so that joining them gives the text back. */
const linesOf = (text: string): string[] => text.match(/[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g) ?? [];

/** The text of a `--` comment block as Markdown: the markers and one space after them removed. */
export function commentToMarkdown(block: string): string {
  return linesOf(block)
    .map((l) => l.replace(/\r?\n$|\r$/, '').replace(/^\s*--\s?/, ''))
    .join('\n')
    .trimEnd();
}

export function markdownToComment(md: string): string {
  return md
    .trimEnd()
    .split(/\r\n|\r|\n/)
    .map((l) => (l ? `-- ${l}` : '--'))
    .join('\n');
}

/**
 * The blocks of a gap between statements (split at blank lines): `--`-only blocks become Markdown
 * cells, anything else (a block comment, text the server did not count as a statement) stays code.
 * Returns the cells and the comment block that sits right on top of the next statement, if any.
 */
function gapCells(gap: string, beforeStatement: boolean): { cells: NotebookCellRecord[]; lead: string } {
  const blocks: string[][] = [[]];
  for (const line of linesOf(gap)) {
    if (isBlank(line)) {
      if (blocks.at(-1)!.length) blocks.push([]);
    } else blocks.at(-1)!.push(line);
  }
  const nonEmpty = blocks.filter((b) => b.length);
  // The last block touches the statement when no blank line follows it in the gap.
  const gapEndsInBlank = /(?:\r?\n|\r)[ \t]*(?:\r?\n|\r)[ \t]*$/.test(gap) || /^[ \t]*(?:\r?\n|\r)[ \t]*$/.test(gap);
  let lead = '';
  if (beforeStatement && nonEmpty.length && !gapEndsInBlank) lead = nonEmpty.pop()!.join('');
  const cells = nonEmpty.map((b): NotebookCellRecord =>
    b.every(isLineComment)
      ? { kind: 'markdown', language: 'markdown', source: commentToMarkdown(b.join('')) }
      : { kind: 'code', language: 'svcsql', source: b.join('').trimEnd() },
  );
  return { cells, lead };
}

/** The cells of a .svcsql file, given its statements' ranges. */
export function svcsqlToCells(text: string, statements: readonly { range: Span }[]): NotebookCellRecord[] {
  const starts = lineStarts(text);
  const spans = statements
    .map((s) => [offsetOf(starts, text, s.range.start), offsetOf(starts, text, s.range.end)] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const cells: NotebookCellRecord[] = [];
  let at = 0;
  for (const [s0, e0] of spans) {
    if (s0 < at) continue; // overlapping ranges: the earlier statement already holds this text
    const { cells: before, lead } = gapCells(text.slice(at, s0), true);
    cells.push(...before);
    // A `;` and a comment right after the statement, on its line, belong to it.
    const tail = /^[ \t]*;?[ \t]*(?:--[^\r\n]*)?/.exec(text.slice(e0))![0];
    const end = e0 + (tail.trim() ? tail.length : 0);
    cells.push({ kind: 'code', language: 'svcsql', source: `${lead}${text.slice(s0, end)}`.trimEnd() });
    at = end;
  }
  cells.push(...gapCells(text.slice(at), false).cells);
  return cells;
}

/** A notebook as a .svcsql file: code cells in order, Markdown cells as `--` comments. */
export function cellsToSvcsql(cells: readonly NotebookCellRecord[]): string {
  const parts = cells
    .map((c) => (c.kind === 'markdown' ? (c.source.trim() ? markdownToComment(c.source) : '') : c.source.trimEnd()))
    .filter((p) => p.trim() !== '');
  return parts.length ? `${parts.join('\n\n')}\n` : '';
}
