// Starts the language server (out/server.js, Node, stdio) and asks it for statement boundaries.
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { StatementsRequest, type StatementsParams, type StatementsResult } from '../../protocol/src/lspExtensions';
import { decodeStatementSpans, type StatementSpan } from '../../protocol/src/statementSpans';
import { SERVER_ENV_OVERRIDES, SERVER_EXEC_ARGV } from '../../protocol/src/serverProcess';
import type { RequestType } from 'vscode-languageserver-protocol';
import type { Span } from './history';
import type { ServerStatement } from './statementPick';
import { timeBox } from './timeBox';
import { DIAGNOSTIC_LINKS_OPTION, diagnosticLinksMiddleware } from './diagnosticLinks';
import { WORKSPACE_SETTING_SECTIONS, workspaceConfigurationPayload, workspaceSettings } from './workspaceSettings';

export function createLanguageClient(context: vscode.ExtensionContext): LanguageClient {
  const module = context.asAbsolutePath('out/server.js');
  // Stdio rather than IPC: over stdio the server encodes its own messages
  // (server/src/lsp/messageEncoder.ts), and it is the transport the benchmark measures. The language
  // client lays `env` over the extension host's environment (SERVER_ENV_OVERRIDES removes variables).
  const options = { execArgv: [...SERVER_EXEC_ARGV], env: SERVER_ENV_OVERRIDES };
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio, options },
    debug: { module, transport: TransportKind.stdio, options: { ...options, execArgv: [...SERVER_EXEC_ARGV, '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { language: 'svcsql', scheme: 'file' },
      { language: 'svcsql', scheme: 'untitled' },
      // Notebook cells: each cell is a document of its own to the server, and open documents join
      // the workspace index, so a name created in one cell is known in the others.
      { language: 'svcsql', scheme: 'vscode-notebook-cell' },
    ],
    // The workspace index's settings; the server registers its own file watchers.
    initializationOptions: { workspace: workspaceSettings(), ...DIAGNOSTIC_LINKS_OPTION },
    middleware: diagnosticLinksMiddleware,
  };
  // The id 'svcsql' makes the client honour the `svcsql.trace.server` setting.
  const client = new LanguageClient('svcsql', 'Service SQL Language Server', serverOptions, clientOptions);
  // Sent by hand rather than by `synchronize.configurationSection`, which reads each section once
  // for the window: the resource-scoped settings are sent per workspace folder too.
  const sendSettings = () => {
    if (client.isRunning()) void client.sendNotification('workspace/didChangeConfiguration', { settings: workspaceConfigurationPayload() });
  };
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (WORKSPACE_SETTING_SECTIONS.some((section) => e.affectsConfiguration(section))) sendSettings();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(sendSettings),
  );
  return client;
}

/** The server does not analyse this document (a file above its size limit); the message says why. */
export class StatementsUnavailableError extends Error {}

/** How long a run waits for the server's statements: a busy server answers well within it. */
export const STATEMENTS_TIMEOUT_MS = 30_000;

export class StatementSource {
  /** `client`: the language client once it runs. */
  constructor(private readonly client: Promise<LanguageClient>) {}

  /**
   * Statement boundaries of a document, from `svcsql/statements`. The document must be open. With
   * `lines`, only the statements those lines meet (all a selection there can run).
   */
  async statements(uri: vscode.Uri, lines?: Span): Promise<ServerStatement[]> {
    const res = await this.ask((c) => ({ uri: c.code2ProtocolConverter.asUri(uri), ...(lines ? { range: lines } : {}) }));
    if (typeof res?.unavailable === 'string') throw new StatementsUnavailableError(res.unavailable);
    return Array.isArray(res?.statements) ? res.statements : [];
  }

  /**
   * Every statement's range, title and flags, in the compact form (protocol/src/statementSpans.ts):
   * what the code lenses and the notebook conversion of a whole document need, without each
   * statement's text (25 MB of JSON for 100,000 statements as entries).
   */
  async spans(uri: vscode.Uri): Promise<StatementSpan[]> {
    const res = await this.ask((c) => ({ uri: c.code2ProtocolConverter.asUri(uri), spans: true }));
    if (typeof res?.unavailable === 'string') throw new StatementsUnavailableError(res.unavailable);
    return decodeStatementSpans(res?.spans);
  }

  /** One svcsql/statements request (the URI in the server's spelling: the browser build maps virtual workspaces' URIs), time-boxed. */
  private ask(params: (client: LanguageClient) => StatementsParams): Promise<StatementsResult | null> {
    return timeBox(
      this.client.then((c) => sendTyped(c, StatementsRequest, params(c))),
      STATEMENTS_TIMEOUT_MS,
      'The language server (svcsql/statements)',
    );
  }
}

/**
 * Sends a request typed by the shared protocol module. The language client bundles its own copy of
 * the protocol package (a newer vscode-jsonrpc than the server's), whose RequestType class TypeScript
 * does not accept from the other copy; the method name and the payload types are what matter.
 */
export function sendTyped<P, R>(client: LanguageClient, type: RequestType<P, R, void>, params: P): Promise<R> {
  return client.sendRequest<R>(type.method, params);
}
