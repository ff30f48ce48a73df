// Wires the Service Objects view: the kinds from the server, the model, the tree, the commands, and
// the reset when the connection changes (another profile, sign-out, workspace trust granted).
import { afterActivation } from '../afterActivation';
import * as vscode from 'vscode';
import { createServiceClient, runSettings } from '../settings';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ObjectKindsRequest, type ObjectKindsResult } from '../../../protocol/src/lspExtensions';
import type { CredentialStore } from '../credentials';
import type { HistoryModel } from '../history';
import type { RedactingLog } from '../log';
import type { Redactor } from '../redact';
import type { Runner } from '../runner';
import { SERVICE_BLOCKED_CONTEXT, serviceAccessible } from '../serviceAccess';
import { explorerCommands } from './explorerCommands';
import { FinishedRuns, kindsChangedBy } from './listChanges';
import { ObjectsModel } from './objectsModel';
import { type ObjectNode, ObjectsTree } from './objectsTree';
import { ServiceNamesSync } from './serviceNamesSync';

export const OBJECTS_VIEW = 'svcsql.objects';

export interface ExplorerDeps {
  /** The language client once it runs (it starts just after activation). */
  client: Promise<LanguageClient>;
  creds: CredentialStore;
  runner: Runner;
  history: HistoryModel;
  log: RedactingLog;
  redactor: Redactor;
  userAgent: string;
}

/** The view's disposables, and its part of the command table (extension.ts registers the whole table). */
export function registerExplorer(d: ExplorerDeps) {
  const names = new ServiceNamesSync(d.client, d.log);
  const timeoutMs = () => runSettings().timeoutMs;
  const model = new ObjectsModel({
    kinds: async () => {
      const client = await d.client;
      // The client bundles its own vscode-jsonrpc (see sendTyped): the method name is what travels.
      return (await client.sendRequest<ObjectKindsResult>(ObjectKindsRequest.method)).kinds;
    },
    creds: d.creds,
    log: d.log,
    names,
    serviceClient: (connection) => createServiceClient(connection, d.userAgent),
    timeoutMs,
    redact: (text) => d.redactor.text(text),
  });
  const tree = new ObjectsTree(model, d.creds);
  const view = vscode.window.createTreeView<ObjectNode>(OBJECTS_VIEW, { treeDataProvider: tree, showCollapseAll: true });

  // What was read belongs to one connection: when the active one changes, forget it.
  let connectionKey: string | undefined;
  const keyNow = async () => {
    const profile = d.creds.activeProfile();
    const r = await d.creds.resolve(profile);
    view.description = r.ok ? profile : undefined;
    // In the browser: whether this connection's service accepts calls from the page (the views' welcome says why not).
    if (r.ok) void serviceAccessible(r.connection, false);
    else void vscode.commands.executeCommand('setContext', SERVICE_BLOCKED_CONTEXT, false);
    return r.ok
      ? JSON.stringify([profile, r.connection.baseUrl, r.connection.accountUid, r.connection.projectUid, r.connection.apiKey])
      : `none:${profile}`;
  };
  const onConnection = async () => {
    const key = await keyNow();
    if (connectionKey !== undefined && key !== connectionKey) model.reset();
    connectionKey = key;
  };
  // It reads the settings: not during activation (client/src/afterActivation.ts).
  afterActivation(() => void onConnection());

  // A run that creates, deletes or renames an object (with the active profile) makes that list stale:
  // read it again, so the view and completion follow without a manual refresh.
  const finished = new FinishedRuns(d.history.list());
  const onHistory = () => {
    const done = finished.newlyFinished(d.history.list()).filter((e) => e.profile === d.creds.activeProfile());
    if (!done.length) return;
    model
      .kinds()
      .then((kinds) => {
        for (const kind of new Set(done.flatMap((e) => kindsChangedBy(e, kinds)))) model.refreshIfRead(kind);
      })
      .catch(() => undefined);
  };

  const disposables: vscode.Disposable[] = [
    model,
    tree,
    view,
    d.creds.onDidChange(() => void onConnection()),
    d.history.onDidChange(onHistory),
    vscode.workspace.onDidGrantWorkspaceTrust(() => model.reset()),
  ];
  return {
    disposables,
    commands: explorerCommands({ model, runner: d.runner, redactor: d.redactor, selected: () => view.selection[0] }),
  };
}
