// When and how the extension offers `svcsql mcp` to VS Code as an MCP server (no vscode: the provider
// in agentMcp.ts feeds it what the running VS Code has; the unit test feeds it anything).
//
// The language model tools (agentTools.ts) are the same tools, with SecretStorage credentials and the
// confirmation before run_statement. Offering the MCP server beside them would show every tool twice
// to agent mode, so by default (`auto`) it is offered only where VS Code has the MCP provider API but
// not the language model tools API; `on` offers it anyway, `off` never.
import type { McpServerOffer } from './settingsModel';

export const MCP_PROVIDER_ID = 'svcsql.mcpServer';
export const MCP_SERVER_LABEL = 'Service SQL (svcsql mcp)';

export interface McpApis {
  /** vscode.lm.registerMcpServerDefinitionProvider and McpStdioServerDefinition exist. */
  mcpProvider: boolean;
  /** vscode.lm.registerTool exists (the tools are offered as language model tools). */
  lmTools: boolean;
}

export function offersMcpServer(offer: McpServerOffer, apis: McpApis): boolean {
  if (!apis.mcpProvider) return false;
  if (offer === 'on') return true;
  if (offer === 'off') return false;
  return !apis.lmTools;
}

export interface McpLaunchInput {
  /** The Node binary (the extension host's: Electron, which runs as Node with ELECTRON_RUN_AS_NODE). */
  nodePath: string;
  /** The bundled CLI (out/cli.js in the extension). */
  cliPath: string;
  /** The folder whose .svcsql files the tools read (the first workspace folder). */
  root: string;
  /** The active profile: the CLI reads the profile of that name from ~/.svcsql/credentials. */
  profile: string;
  version: string;
}

export interface McpLaunch {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  version: string;
}

/**
 * The stdio server definition. Never `--allow-run`: run_statement through it is refused with the way
 * to enable it (an MCP configuration of the user's own); in VS Code the language model tool runs
 * statements after the user's confirmation. No secret is put in its arguments or environment.
 */
export function mcpLaunch(o: McpLaunchInput): McpLaunch {
  return {
    label: MCP_SERVER_LABEL,
    command: o.nodePath,
    args: [o.cliPath, 'mcp', '--root', o.root, '--profile', o.profile],
    env: { ELECTRON_RUN_AS_NODE: '1' },
    cwd: o.root,
    version: o.version,
  };
}
