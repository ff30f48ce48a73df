// The NotebookSerializer of .svcsqlnb files: notebookFormat.ts ↔ VS Code's notebook data. Outputs
// are written only with `svcsql.notebook.saveOutputs` (off by default: a committed runbook then
// holds no service data).
import * as vscode from 'vscode';
import { notebookSettings } from '../settings';
import { type NotebookCellRecord, NotebookFormatError, type OutputItemData, parseNotebook, serializeNotebook } from './notebookFormat';

export const NOTEBOOK_TYPE = 'svcsql-notebook';

const TEXT_MIME = /^(text\/|application\/(json|[\w.+-]*\+json)$)/;
const decoder = new TextDecoder('utf-8', { fatal: false });
const encoder = new TextEncoder();

function itemData(item: vscode.NotebookCellOutputItem): OutputItemData {
  return TEXT_MIME.test(item.mime)
    ? { mime: item.mime, text: decoder.decode(item.data) }
    : { mime: item.mime, base64: Buffer.from(item.data).toString('base64') };
}

function outputItem(d: OutputItemData): vscode.NotebookCellOutputItem {
  return new vscode.NotebookCellOutputItem(d.text !== undefined ? encoder.encode(d.text) : Buffer.from(d.base64 ?? '', 'base64'), d.mime);
}

export function cellData(c: NotebookCellRecord): vscode.NotebookCellData {
  const kind = c.kind === 'markdown' ? vscode.NotebookCellKind.Markup : vscode.NotebookCellKind.Code;
  const cell = new vscode.NotebookCellData(kind, c.source, c.language ?? (c.kind === 'markdown' ? 'markdown' : 'svcsql'));
  if (c.metadata) cell.metadata = c.metadata;
  if (c.outputs) cell.outputs = c.outputs.map((o) => new vscode.NotebookCellOutput(o.items.map(outputItem), o.metadata));
  return cell;
}

export function cellRecord(c: vscode.NotebookCellData): NotebookCellRecord {
  const r: NotebookCellRecord = {
    kind: c.kind === vscode.NotebookCellKind.Markup ? 'markdown' : 'code',
    language: c.languageId,
    source: c.value,
  };
  if (c.metadata && Object.keys(c.metadata).length) r.metadata = { ...c.metadata };
  if (c.outputs?.length)
    r.outputs = c.outputs.map((o) => ({ items: o.items.map(itemData), ...(o.metadata ? { metadata: o.metadata } : {}) }));
  return r;
}

export class SvcsqlNotebookSerializer implements vscode.NotebookSerializer {
  deserializeNotebook(content: Uint8Array): vscode.NotebookData {
    let cells: NotebookCellRecord[];
    let metadata: Record<string, unknown> | undefined;
    try {
      const nb = parseNotebook(decoder.decode(content));
      cells = nb.cells;
      metadata = nb.metadata;
    } catch (e) {
      // A broken file opens as one cell holding its text, so that nothing is lost; saving writes it back as a notebook.
      const why = e instanceof NotebookFormatError ? e.message : String(e);
      void vscode.window.showWarningMessage(`Service SQL: ${why}. Its text is shown in one cell.`);
      cells = [{ kind: 'code', language: 'plaintext', source: decoder.decode(content) }];
    }
    const data = new vscode.NotebookData(cells.map(cellData));
    if (metadata) data.metadata = metadata;
    return data;
  }

  serializeNotebook(data: vscode.NotebookData): Uint8Array {
    const outputs = notebookSettings().saveOutputs;
    const text = serializeNotebook(
      { cells: data.cells.map(cellRecord), ...(data.metadata && Object.keys(data.metadata).length ? { metadata: data.metadata } : {}) },
      { outputs },
    );
    return encoder.encode(text);
  }
}
