// Service SQL notebooks (.svcsqlnb): the serializer, the kernel, the renderer's messages and the
// commands to open a .svcsql file as a notebook and export a notebook as .svcsql. extension.ts
// calls this once.
import * as vscode from 'vscode';
import { exportAsSvcsql, openAsNotebook } from './commands';
import { type ControllerDeps, SvcsqlNotebookController } from './controller';
import { registerRendererMessaging } from './rendererMessaging';
import { revealSource } from './revealSource';
import { NOTEBOOK_TYPE, SvcsqlNotebookSerializer } from './serializer';

/** What the notebooks need of the extension: the kernel's needs (the serializer and commands need less). */
export type NotebookDeps = ControllerDeps;

export function registerNotebooks(d: NotebookDeps): vscode.Disposable[] {
  return [
    vscode.workspace.registerNotebookSerializer(NOTEBOOK_TYPE, new SvcsqlNotebookSerializer()),
    new SvcsqlNotebookController(d),
    registerRendererMessaging(d.log),
    vscode.commands.registerCommand('svcsql.notebook.openAsNotebook', (arg?: unknown) => openAsNotebook(d.statements, arg)),
    // From the Requests view: a run node, or a history id.
    vscode.commands.registerCommand('svcsql.requests.revealSource', (arg?: unknown) => {
      const id = typeof arg === 'string' ? arg : (arg as { type?: string; entry?: { id?: string } } | undefined)?.entry?.id;
      return revealSource(id ? d.history.get(id) : undefined);
    }),
    vscode.commands.registerCommand('svcsql.notebook.exportAsSvcsql', (arg?: unknown, to?: unknown) => exportAsSvcsql(arg, to)),
  ];
}
