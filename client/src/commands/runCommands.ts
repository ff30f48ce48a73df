// The commands that run statements, manage the connection and track a request id: their part of
// the command table.
import * as vscode from 'vscode';
import { type CredentialStore, configureConnection, signOut, switchProfile } from '../credentials';
import type { Runner, RunOptions } from '../runner';
import { REQUEST_ID, REQUEST_ID_HINT } from './commandArgs';
import type { CommandPart } from './commandTable';
import { runAllTarget, runTarget } from './editorTarget';

export interface RunCommandDeps {
  runner: Runner;
  creds: CredentialStore;
  channel: vscode.LogOutputChannel;
}

const INTERACTIVE: RunOptions = { ifErrors: 'ask', interactive: true };

export function runCommands(d: RunCommandDeps) {
  return {
    'svcsql.runStatement': async (uri?: unknown, position?: unknown) => {
      const target = runTarget(uri, position);
      if (target) return d.runner.runAt(target.uri, target.selection, INTERACTIVE);
      void vscode.window.showInformationMessage('Service SQL: open a .svcsql file to run a statement.');
      return [];
    },
    'svcsql.runAllStatements': async (uri?: unknown) => {
      const target = runAllTarget(uri);
      return target ? d.runner.runAll(target, INTERACTIVE) : [];
    },
    'svcsql.configureConnection': () => configureConnection(d.creds),
    'svcsql.switchProfile': () => switchProfile(d.creds),
    'svcsql.signOut': () => signOut(d.creds),
    'svcsql.showOutput': () => d.channel.show(),
    'svcsql.checkRequestStatus': async (arg?: unknown) => {
      const id =
        typeof arg === 'string'
          ? arg
          : await vscode.window.showInputBox({
              title: 'Service SQL: Check Status of Request Id',
              prompt: 'Request id (from the service, another tool or a colleague)',
              ignoreFocusOut: true,
              validateInput: (v) => (REQUEST_ID.test(v.trim()) ? undefined : REQUEST_ID_HINT),
            });
      if (!id) return undefined;
      void vscode.commands.executeCommand('svcsql.requests.focus');
      return d.runner.checkRequestId(id.trim(), true);
    },
  } satisfies CommandPart;
}
