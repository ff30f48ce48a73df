// Service SQL notebooks (.svcsqlnb): the serializer, the kernel, the renderer's messages and the
// commands to open a .svcsql file as a notebook and export a notebook as .svcsql. extension.ts
// calls this once, and registers the commands with the whole command table.
import * as vscode from 'vscode';
import { historyEntryArg } from '../commands/commandArgs';
import type { CommandPart } from '../commands/commandTable';
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
  ];
}

/** The notebooks' part of the command table (extension.ts registers the whole table). */
export function notebookCommands(d: NotebookDeps) {
  return {
    'svcsql.notebook.openAsNotebook': (arg?: unknown) => openAsNotebook(d.statements, arg),
    // From the Requests view: a run node, or a history id.
    'svcsql.requests.revealSource': (arg?: unknown) => revealSource(historyEntryArg(arg, d.history)),
    'svcsql.notebook.exportAsSvcsql': (arg?: unknown, to?: unknown) => exportAsSvcsql(arg, to),
  } satisfies CommandPart;
}
