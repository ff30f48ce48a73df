// The `mcp` command's options and help. The server itself (the MCP SDK, the language core) is
// loaded only when the command runs, so other commands do not pay for it.
import type { Command } from 'commander';
import type { CommonFlags } from './connect';

export interface McpFlags extends CommonFlags {
  allowRun?: string | boolean;
  root?: string;
}

export const MCP_HELP = `
Tools: lint, format, explain, list_statements, find_definitions (the .svcsql files under --root),
list_objects, describe_object, request_status (read-only, need credentials) and run_statement.
run_statement is refused unless --allow-run is given: --allow-run runs any statement,
--allow-run=show,describe only statements of those kinds (first words such as create, alter, or
statement ids such as create-flow). Statements with lint errors are never run.
stdout carries MCP messages only; messages for people go to stderr. Secrets are never in an answer.

Example MCP client configuration:
  { "servers": { "svcsql": { "command": "svcsql", "args": ["mcp", "--allow-run=show,describe"] } } }`;

export function addMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('Serve the agent tools (lint, format, explain, the service objects, run) to an MCP client over stdio.')
    .option('--allow-run [kinds]', 'let run_statement send statements (all, or only these comma-separated kinds)')
    .option('--root <dir>', 'workspace folder whose .svcsql files the tools read (default: the current directory)')
    .option('--profile <name>', 'profile of the credentials file to use (default: "default")')
    .option('--credentials-file <path>', 'credentials file (default: ~/.svcsql/credentials)')
    .option('--header-prefix <prefix>', 'prefix of the credential headers (default: x-service-)')
    .option('--timeout <minutes>', 'how long a tool waits for the service before answering with the request id (default: 2)')
    .option('--max-response-mb <mb>', 'stop reading an answer of the service larger than this (default: 16)')
    .addHelpText('after', MCP_HELP)
    .action(async (flags: McpFlags) => {
      // A server that lives for a session runs under V8's own flags, not a short command's (v8Flags.ts: takesCliV8Flags).
      const { mcpCommand } = await import('./chunks/mcp');
      process.exitCode = await mcpCommand(flags);
    });
}
