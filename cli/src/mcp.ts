// `svcsql mcp`: checks the options, then serves until the client closes stdin.
import { resolve } from 'node:path';
import { statSync } from 'node:fs';
import { parseAllowRun } from '../../agent/src/runPolicy';
import { timeoutMs } from './connect';
import { CliError, EXIT } from './exitCodes';
import { mcpHost } from './mcpHost';
import type { McpFlags } from './mcpCommand';
import { serveStdio } from './mcpServer';
import { escapeControls as esc } from '../../service/src/safeText';

export async function mcpCommand(flags: McpFlags): Promise<number> {
  const allow = parseAllowRun(flags.allowRun);
  if (!allow.ok) throw new CliError(allow.message, EXIT.usage);
  const root = resolve(flags.root ?? '.');
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new CliError(`--root ${esc(root)} is not a folder.`, EXIT.usage);
  timeoutMs(flags); // a bad --timeout is bad usage now, not a failure of every later call
  await serveStdio(mcpHost({ root, flags, policy: allow.policy }));
  return EXIT.ok;
}
