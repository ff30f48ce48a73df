// Entry point of the VS Code extension: starts the language client and wires commands, the
// Requests view, the output channel and the run history. Logic lives in the vscode-free modules.
import * as vscode from 'vscode';
import { ActivationPhases } from './activationPhases';
import { afterActivation } from './afterActivation';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { Connection } from '../../service/src/index';
import { registerAgentMcp } from './agentMcp';
import { prepareAgentTool, registerAgentTools } from './agentTools';
import { RunCodeLensProvider } from './codeLens';
import type { CommandTable } from './commands/commandTable';
import { registerCommands } from './commands/registerCommands';
import { requestCommands } from './commands/requestCommands';
import { runCommands } from './commands/runCommands';
import { registerExplorer } from './explorer/registerExplorer';
import { notebookCommands, registerNotebooks } from './notebook/registerNotebooks';
import { CredentialStore } from './credentials';
import { DeferredStart } from './deferredStart';
import { DEFAULT_MAX, HISTORY_KEY, type HistoryEntry, HistoryModel, type LoadResult } from './history';
import { createLanguageClient, StatementSource } from './languageClient';
import { RedactingLog } from './log';
import type { Credentials } from './profiles';
import { REDACTED, Redactor } from './redact';
import { RequestsTree } from './requestsTree';
import { registerResults } from './results/commands';
import { type IfErrors, Runner, toSpan } from './runner';
import { ServiceDiagnostics } from './serviceDiagnosticCollection';
import { historyMax } from './settings';

/**
 * What `activate` returns (`vscode.extensions.getExtension('svcsql.svcsql').exports`), used by the
 * end-to-end suite. Keep it stable.
 *
 * - `languageClient`: the vscode-languageclient LanguageClient (undefined for the moment after
 *   activation before it is created; it starts then).
 * - `storeCredentials(profile, creds)`: saves identifiers + base URL to user settings and the api
 *   key/secret to SecretStorage, and makes `profile` the active profile. Rejects invalid input
 *   (e.g. a non-https, non-loopback base URL).
 * - `getConnection(profile?)`: the Connection of `profile` (default: the active one), or undefined
 *   when incomplete. apiKey/apiSecret are returned as '‹redacted›': other extensions can read
 *   these exports, so secrets never leave the extension.
 * - `history.list()`: the run history, newest first (copies are not made: do not mutate).
 * - `history.persisted()`: what globalState holds for the history (already redacted), i.e. what the
 *   next window will load. For tests: in code-server globalState lives in the browser, out of reach.
 * - `history.restore(raw)`: the activation-time restore (load, end interrupted submits, resume
 *   polling of pending runs) applied to `raw`, as a window reload does with the persisted list.
 *   Both work only when the extension runs under its tests (ExtensionMode.Test).
 * - `runStatementAt(uri, position, options?)`: runs the statement at `position` like Run Statement
 *   and resolves with its history entry once it reached a final state (undefined when nothing ran:
 *   no statement there, no credentials, Restricted Mode). Never waits on UI: a statement with
 *   errors is sent unless `options.ifErrors` is 'skip' (or 'ask' for the modal).
 * - `activationMs`: how long activate() took, from its call to its return (also in the output channel).
 * - `activationPhases`: where that time went, as in the log line ("setup 0.5, history 0.3, …").
 */
export interface SvcSqlApi {
  readonly languageClient: LanguageClient | undefined;
  storeCredentials(profile: string, creds: Credentials): Promise<void>;
  getConnection(profile?: string): Promise<Connection | undefined>;
  history: { list(): HistoryEntry[]; persisted(): unknown; restore(raw: unknown): Promise<void> };
  runStatementAt(uri: vscode.Uri, position: vscode.Position, options?: { ifErrors?: IfErrors }): Promise<HistoryEntry | undefined>;
  activationMs: number;
  activationPhases: string;
  /** Test hook (ExtensionMode.Test only): an agent tool's prepareInvocation (client/src/agentTools.ts). */
  prepareAgentTool(name: string, input: unknown): Promise<unknown>;
  /** Test hook (ExtensionMode.Test only): what the MCP server definition provider answers now (client/src/agentMcp.ts). */
  mcpServerDefinitions(): Promise<unknown[]>;
}

let onDeactivate: (() => Promise<void>) | undefined;

export function activate(context: vscode.ExtensionContext): SvcSqlApi {
  const activateStarted = performance.now();
  const phases = new ActivationPhases(activateStarted);
  const redactor = new Redactor();
  const channel = vscode.window.createOutputChannel('Service SQL', { log: true });
  const log = new RedactingLog(channel, redactor);
  const creds = new CredentialStore(context.secrets, redactor, log);

  phases.mark('setup');
  // History: load, mark interrupted submits, persist (debounced) on every change.
  // Unbounded until the svcsql.history.max setting is read, just after activation (afterActivation.ts).
  const history = new HistoryModel(Number.POSITIVE_INFINITY);
  afterActivation(
    () => history.setMax(historyMax(DEFAULT_MAX)),
    (err) => log.error(err),
  );
  const loaded = history.load(context.globalState.get(HISTORY_KEY));
  let persistTimer: ReturnType<typeof setTimeout> | undefined;
  const persistNow = async () => {
    if (persistTimer) clearTimeout(persistTimer);
    persistTimer = undefined;
    try {
      // Another window may have written runs since: keep them (merge fires a change only if it added some).
      history.merge(context.globalState.get(HISTORY_KEY));
      await context.globalState.update(
        HISTORY_KEY,
        history.toPersisted((v) => redactor.value(v)),
      );
    } catch (err) {
      log.error(`Could not save the request history: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  context.subscriptions.push(
    history.onDidChange(() => {
      if (!persistTimer) persistTimer = setTimeout(() => void persistNow(), 500);
    }),
  );

  phases.mark('history');
  // Language client: created and started just after activate() returns (building it is most of
  // activation's time), not awaited, so the commands exist even if the server fails to start.
  const deferredClient = new DeferredStart(() => createLanguageClient(context));
  const client = deferredClient.ready;
  client.catch((err: unknown) => {
    if (deferredClient.isCancelled) return;
    log.error(`The language server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  }); // handled: each request awaits `client` and reports its own failure
  const statements = new StatementSource(client);

  phases.mark('languageClient');
  const diagnostics = new ServiceDiagnostics();
  const userAgent = `svcsql-vscode/${String(context.extension.packageJSON.version ?? '0')}`;
  const runner = new Runner({ history, creds, log, channel, statements, diagnostics, redactor, userAgent, persistNow });
  const tree = new RequestsTree(history, (id) => runner.isActive(id));
  const view = vscode.window.createTreeView('svcsql.requests', { treeDataProvider: tree, showCollapseAll: true });
  const lenses = new RunCodeLensProvider(statements);
  context.subscriptions.push(
    channel,
    creds,
    diagnostics,
    runner,
    tree,
    view,
    lenses,
    vscode.languages.registerCodeLensProvider({ language: 'svcsql' }, lenses),
  );

  phases.mark('runner+views');
  // The results panel (client/src/results/): svcsql.results.show, opening after SHOW/DESCRIBE.
  const results = registerResults(context, history, redactor, log);

  phases.mark('results');
  // Service SQL notebooks (client/src/notebook/): cells run through the same Runner.
  const notebookDeps = { runner, history, statements, creds, redactor, log };
  context.subscriptions.push(...registerNotebooks(notebookDeps));

  phases.mark('notebooks');
  // The Service Objects view (client/src/explorer/).
  const explorer = registerExplorer({ client, creds, runner, history, log, redactor, userAgent });
  context.subscriptions.push(...explorer.disposables);

  phases.mark('explorer');
  // The agent tools as language model tools (client/src/agentTools.ts), where this VS Code has the API.
  const agentDeps = { creds, redactor, userAgent, log, runner, history };
  context.subscriptions.push(...registerAgentTools(agentDeps));
  // And `svcsql mcp` as an MCP server, where VS Code has the provider API and svcsql.agent.mcpServer says so.
  const agentMcp = registerAgentMcp({ context, creds, log });
  context.subscriptions.push(agentMcp);

  phases.mark('agent');
  // Every command, from one table (client/src/commands/): a contributed command without a handler does not compile.
  const commands: CommandTable = {
    ...runCommands({ runner, creds, channel }),
    ...requestCommands({ runner, history, redactor, tree, selected: () => view.selection[0] }),
    ...results.commands,
    ...explorer.commands,
    ...notebookCommands(notebookDeps),
  };
  context.subscriptions.push(...registerCommands(commands));

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('svcsql.history.max')) history.setMax(historyMax(DEFAULT_MAX));
    }),
  );

  phases.mark('commands');
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;

  // What a reload does with the loaded history: report interrupted submits, poll pending runs again.
  const restore = async (l: LoadResult): Promise<void> => {
    if (l.interrupted.length) {
      log.warn(`${l.interrupted.length} run(s) were interrupted before the service returned a request id; they were not sent again.`);
      await persistNow();
    }
    await runner.resume(l.resume);
  };

  // Secrets first (so the redactor knows them), then the context key, then resume polling. Listing
  // the profiles reads the settings: just after activation (afterActivation.ts).
  afterActivation(
    () =>
      void creds
        .loadAllSecrets()
        .then(() => creds.updateContext())
        .then(() => restore(loaded))
        .catch((err: unknown) => log.error(err)),
  );

  onDeactivate = async () => {
    const started = deferredClient.cancel();
    await persistNow();
    await started?.stop().catch(() => undefined);
  };

  const api: SvcSqlApi = {
    get languageClient() {
      return deferredClient.current;
    },
    storeCredentials: (profile, c) => creds.store(profile, c),
    getConnection: async (profile) => {
      const conn = await creds.connection(profile);
      return conn ? { ...conn, apiKey: REDACTED, apiSecret: REDACTED } : undefined;
    },
    history: {
      list: () => history.list(),
      // Test hooks only: other extensions see these exports, and restore() would make this one poll
      // request ids of their choosing with the user's credentials.
      persisted: () => (testMode ? context.globalState.get(HISTORY_KEY) : undefined),
      restore: (raw) =>
        testMode ? restore(history.load(raw)) : Promise.reject(new Error('history.restore is for the extension tests only')),
    },
    runStatementAt: async (uri, position, options) => {
      const runs = await runner.runAt(uri, toSpan(new vscode.Range(position, position)), {
        ifErrors: options?.ifErrors ?? 'run',
        interactive: false,
      });
      return runs[0];
    },
    activationMs: 0,
    activationPhases: '',
    prepareAgentTool: (name, input) =>
      testMode ? prepareAgentTool(name, input, agentDeps) : Promise.reject(new Error('prepareAgentTool is for the extension tests only')),
    mcpServerDefinitions: () =>
      testMode
        ? Promise.resolve(agentMcp.definitions())
        : Promise.reject(new Error('mcpServerDefinitions is for the extension tests only')),
  };
  phases.mark('api');
  api.activationMs = performance.now() - activateStarted;
  api.activationPhases = phases.summary();
  log.info(`Activated in ${api.activationMs.toFixed(1)} ms (${api.activationPhases}).`);
  return api;
}

export async function deactivate(): Promise<void> {
  await onDeactivate?.();
}
