// The .svcsqlnb file format (no vscode: the serializer, the CLI and tests share it). JSON, one
// object per cell and one array item per line of a cell, so that a change to a cell is a change to
// its lines in a diff, and any text round-trips exactly (JSON escapes what a text format would
// have to invent escapes for). Outputs are written only when asked: a committed runbook then holds
// no service data.

export const NOTEBOOK_FORMAT_VERSION = 1;
/** A file larger than this is refused with a message rather than parsed. */
export const MAX_NOTEBOOK_BYTES = 64 * 1024 * 1024;

export type CellKind = 'code' | 'markdown';

export interface OutputItemData {
  mime: string;
  /** UTF-8 text for text-like mime types, else base64. */
  text?: string;
  base64?: string;
}

export interface NotebookCellRecord {
  kind: CellKind;
  /** Left out for svcsql code cells and markdown cells. */
  language?: string;
  source: string;
  metadata?: Record<string, unknown>;
  outputs?: { items: OutputItemData[]; metadata?: Record<string, unknown> }[];
}

export interface NotebookRecord {
  cells: NotebookCellRecord[];
  metadata?: Record<string, unknown>;
}

/** A cell's text as lines that each keep their end of line, as .ipynb does ("a\n", "b"). */
export function sourceLines(text: string): string[] {
  const lines = text.match(/[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g) ?? [];
  return lines;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function serializeNotebook(nb: NotebookRecord, opts: { outputs: boolean }): string {
  const cells = nb.cells.map((c) => {
    const out: Record<string, unknown> = { kind: c.kind };
    if (c.language && !(c.kind === 'code' && c.language === 'svcsql') && !(c.kind === 'markdown' && c.language === 'markdown'))
      out.language = c.language;
    out.source = sourceLines(c.source);
    if (c.metadata && Object.keys(c.metadata).length) out.metadata = c.metadata;
    if (opts.outputs && c.outputs?.length) out.outputs = c.outputs;
    return out;
  });
  const doc: Record<string, unknown> = { svcsqlNotebook: NOTEBOOK_FORMAT_VERSION };
  if (nb.metadata && Object.keys(nb.metadata).length) doc.metadata = nb.metadata;
  doc.cells = cells;
  return `${JSON.stringify(doc, null, 1)}\n`;
}

export class NotebookFormatError extends Error {}

/** The notebook in a file's text; an empty file is an empty notebook. Throws NotebookFormatError. */
export function parseNotebook(text: string): NotebookRecord {
  if (text.length > MAX_NOTEBOOK_BYTES) throw new NotebookFormatError(`the notebook is larger than ${MAX_NOTEBOOK_BYTES / 1024 / 1024} MB`);
  if (!text.trim()) return { cells: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new NotebookFormatError(`the file is not a Service SQL notebook (invalid JSON: ${e instanceof Error ? e.message : String(e)})`);
  }
  if (!isRecord(raw) || !Array.isArray(raw.cells))
    throw new NotebookFormatError('the file is not a Service SQL notebook (no "cells" list)');
  if (typeof raw.svcsqlNotebook === 'number' && raw.svcsqlNotebook > NOTEBOOK_FORMAT_VERSION)
    throw new NotebookFormatError(`the notebook was written by a newer version (format ${raw.svcsqlNotebook}); update the extension`);
  const cells = raw.cells.map((c, i) => parseCell(c, i));
  return isRecord(raw.metadata) ? { cells, metadata: raw.metadata } : { cells };
}

function parseCell(c: unknown, i: number): NotebookCellRecord {
  if (!isRecord(c)) throw new NotebookFormatError(`cell ${i + 1} is not an object`);
  const kind: CellKind = c.kind === 'markdown' ? 'markdown' : 'code';
  const src = c.source;
  const source = typeof src === 'string' ? src : Array.isArray(src) && src.every((l) => typeof l === 'string') ? src.join('') : undefined;
  if (source === undefined) throw new NotebookFormatError(`cell ${i + 1} has no text ("source")`);
  const cell: NotebookCellRecord = {
    kind,
    source,
    language: typeof c.language === 'string' ? c.language : kind === 'code' ? 'svcsql' : 'markdown',
  };
  if (isRecord(c.metadata)) cell.metadata = c.metadata;
  if (Array.isArray(c.outputs)) {
    const outputs = c.outputs.filter(isRecord).map((o) => {
      const items = (Array.isArray(o.items) ? o.items : [])
        .filter(isRecord)
        .filter((it) => typeof it.mime === 'string' && (typeof it.text === 'string' || typeof it.base64 === 'string'))
        .map((it) =>
          typeof it.text === 'string'
            ? { mime: it.mime as string, text: it.text }
            : { mime: it.mime as string, base64: it.base64 as string },
        );
      return isRecord(o.metadata) ? { items, metadata: o.metadata } : { items };
    });
    if (outputs.length) cell.outputs = outputs;
  }
  return cell;
}
