// The Service Objects view's commands. Each takes the tree node the view hands it (or, from tests and
// other commands, a kind string / { kind, name }), and answers with what it did, so that the
// end-to-end suite can drive them as the real commands.
import * as vscode from 'vscode';
import type { ObjectStatementTemplate } from '../../../protocol/src/lspExtensions';
import type { HistoryEntry } from '../history';
import type { Redactor } from '../redact';
import type { Runner } from '../runner';
import { kindArg, objectArg } from '../commands/commandArgs';
import type { CommandPart } from '../commands/commandTable';
import { RESTRICTED_MODE_MESSAGE } from '../run/runMessages';
import { type GroupState, responseEntry } from './groupState';
import { statementSnippet, statementText } from './nameText';
import type { ObjectsModel } from './objectsModel';
import { openResults } from './openResults';

export interface ExplorerCommandDeps {
  model: ObjectsModel;
  runner: Runner;
  redactor: Redactor;
  /** The node selected in the view, for a command run from the palette or a key. */
  selected: () => unknown;
}

/** A state as what a command answers: names, or the message. */
function summary(state: GroupState): {
  status: GroupState['status'];
  names?: string[];
  message?: string;
  readAt?: number;
  profile?: string;
} {
  switch (state.status) {
    case 'loaded':
      return { status: state.status, names: [...state.names], readAt: state.readAt, profile: state.profile };
    case 'unreadable':
      return { status: state.status, message: state.problem, readAt: state.readAt, profile: state.profile };
    case 'error':
      return { status: state.status, message: state.message, readAt: state.readAt };
    default:
      return { status: state.status };
  }
}

/** The Service Objects view's part of the command table. */
export function explorerCommands(d: ExplorerCommandDeps) {
  const arg = (a: unknown) => a ?? d.selected();
  return {
    'svcsql.objects.refresh': async (a) => {
      const kind = kindArg(arg(a));
      return kind ? summary(await d.model.refresh(kind)) : undefined;
    },
    'svcsql.objects.refreshAll': async () => {
      await d.model.refreshAll();
    },
    'svcsql.objects.cancel': (a) => {
      const kind = kindArg(arg(a));
      if (kind) d.model.cancel(kind);
    },
    'svcsql.objects.openResponse': async (a) => {
      const kind = kindArg(arg(a));
      const spec = kind ? await d.model.kind(kind) : undefined;
      const entry = kind && spec ? responseEntry(d.model.state(kind), spec.show, spec.show) : undefined;
      if (entry) await openResults(entry, d.redactor);
    },
    'svcsql.objects.copyName': async (a) => {
      const o = objectArg(arg(a));
      if (!o) return;
      await vscode.env.clipboard.writeText(o.name);
      vscode.window.setStatusBarMessage(`Copied ${o.name}`, 3000);
    },
    'svcsql.objects.describe': async (a): Promise<HistoryEntry | undefined> => {
      const o = objectArg(arg(a));
      const spec = o ? await d.model.kind(o.kind) : undefined;
      if (!o || !spec?.describe) return undefined;
      const text = statementText(spec.describe, o.name);
      if (!text) return undefined;
      if (!vscode.workspace.isTrusted) {
        void vscode.window.showWarningMessage(RESTRICTED_MODE_MESSAGE);
        return undefined;
      }
      const conn = await d.runner.connectionOrOffer(undefined, true);
      if (!conn) return undefined;
      // A normal run: it lands in the Requests history like one started from a file.
      const entry = await d.runner.runOne(conn.profile, conn.connection, { text, title: spec.describe.title }, true);
      if (entry.state !== 'cancelled') await openResults(entry, d.redactor);
      return entry;
    },
    'svcsql.objects.insertStatement': async (a, pickedId?: unknown) => {
      const o = objectArg(arg(a));
      const spec = o ? await d.model.kind(o.kind) : undefined;
      if (!o || !spec) return undefined;
      if (!spec.statements.length) {
        void vscode.window.showInformationMessage(`Service SQL: the catalog has no statement that names a ${spec.label}.`);
        return undefined;
      }
      const template =
        typeof pickedId === 'string' && pickedId
          ? spec.statements.find((s) => s.id === pickedId)
          : await pickStatement(spec.statements, o.name);
      if (!template) return undefined;
      return insertIntoEditor(template, o.name);
    },
  } satisfies CommandPart;
}

async function pickStatement(templates: ObjectStatementTemplate[], name: string): Promise<ObjectStatementTemplate | undefined> {
  const picked = await vscode.window.showQuickPick(
    templates.map((t) => ({ label: t.title, description: t.summary, template: t })),
    { title: `Insert a statement for ${name}`, placeHolder: 'Statement to insert into the editor' },
  );
  return picked?.template;
}

/** Inserts at the cursor of the active .svcsql editor; on a line with text, on a new line below it. */
async function insertIntoEditor(template: ObjectStatementTemplate, name: string): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors.find((e) => e.document.languageId === 'svcsql');
  if (!editor || editor.document.languageId !== 'svcsql') {
    void vscode.window.showInformationMessage('Service SQL: open a .svcsql file to insert a statement into it.');
    return undefined;
  }
  const body = statementSnippet(template, name);
  const line = editor.document.lineAt(editor.selection.active.line);
  const onBlankLine = line.isEmptyOrWhitespace;
  const snippet = new vscode.SnippetString(onBlankLine ? body : `\n${body}`);
  const at = onBlankLine ? editor.selection.active : line.range.end;
  await editor.insertSnippet(snippet, at);
  return body;
}
