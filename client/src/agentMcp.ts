// `svcsql mcp` offered to VS Code through its MCP server definition provider API, where the running
// VS Code has it (it arrived after engines.vscode ^1.91, so it is looked up at run time) and the
// svcsql.agent.mcpServer setting says so (agentMcpModel.ts: by default only where the language model
// tools are missing, so that agent mode does not see every tool twice).
import * as vscode from 'vscode';
import { afterActivation } from './afterActivation';
import { MCP_PROVIDER_ID, mcpLaunch, offersMcpServer, type McpLaunch } from './agentMcpModel';
import type { CredentialStore } from './credentials';
import type { RedactingLog } from './log';
import { mcpServerOffer } from './settings';

/** The parts of the MCP provider API used here (newer than @types/vscode 1.91). */
interface McpProvider {
  onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): unknown[];
}
interface McpApi {
  lm?: {
    registerMcpServerDefinitionProvider?(id: string, provider: McpProvider): vscode.Disposable;
    registerTool?: unknown;
  };
  McpStdioServerDefinition?: new (
    label: string,
    command: string,
    args?: string[],
    env?: Record<string, string | number | null>,
    version?: string,
  ) => { cwd?: vscode.Uri };
}

export interface AgentMcpDeps {
  context: vscode.ExtensionContext;
  creds: CredentialStore;
  log: RedactingLog;
}

export interface AgentMcp extends vscode.Disposable {
  /** What the provider answers now (for the extension's tests). */
  definitions(): McpLaunch[];
}

/** The server definition for the current workspace and profile, or none when it is not offered. */
function launches(d: AgentMcpDeps, api: McpApi): McpLaunch[] {
  const apis = {
    mcpProvider: typeof api.lm?.registerMcpServerDefinitionProvider === 'function' && typeof api.McpStdioServerDefinition === 'function',
    lmTools: typeof api.lm?.registerTool === 'function',
  };
  if (!offersMcpServer(mcpServerOffer(), apis)) return [];
  // The server reads the files of a local folder; with none (or a virtual one) an empty folder of ours.
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri ?? d.context.globalStorageUri;
  return [
    mcpLaunch({
      nodePath: process.execPath,
      cliPath: d.context.asAbsolutePath('out/cli.js'),
      root: folder.fsPath,
      profile: d.creds.activeProfile(),
      version: String(d.context.extension.packageJSON.version ?? '0'),
    }),
  ];
}

export function registerAgentMcp(d: AgentMcpDeps): AgentMcp {
  const api = vscode as unknown as McpApi;
  const register = api.lm?.registerMcpServerDefinitionProvider?.bind(api.lm);
  const Definition = api.McpStdioServerDefinition;
  const subscriptions: vscode.Disposable[] = [];
  const result: AgentMcp = {
    definitions: () => (register && Definition ? launches(d, api) : []),
    dispose: () => subscriptions.forEach((s) => s.dispose()),
  };
  if (!register || !Definition) {
    d.log.info('Agent tools: this VS Code has no MCP server definition provider API; svcsql mcp is not offered to it.');
    return result;
  }
  // The fallback root must exist: the CLI refuses a --root that is not a folder.
  void Promise.resolve(vscode.workspace.fs.createDirectory(d.context.globalStorageUri)).catch(() => undefined);
  const changed = new vscode.EventEmitter<void>();
  subscriptions.push(
    changed,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('svcsql.agent.mcpServer')) changed.fire();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire()),
    d.creds.onDidChange(() => changed.fire()),
    register(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: changed.event,
      provideMcpServerDefinitions: () =>
        launches(d, api).map((l) => {
          const def = new Definition(l.label, l.command, l.args, l.env, l.version);
          def.cwd = vscode.Uri.file(l.cwd);
          return def;
        }),
    }),
  );
  // After activation: it reads the settings, whose first read is slow (afterActivation.ts).
  afterActivation(
    () =>
      d.log.info(`Agent tools: svcsql mcp ${launches(d, api).length ? 'is' : 'is not'} offered as an MCP server (svcsql.agent.mcpServer).`),
    (err) => d.log.error(err),
  );
  return result;
}
