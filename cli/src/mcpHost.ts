// What `svcsql mcp` gives the agent tools (agent/src/agentTools.ts): the files under the folder it
// was started in, the connection the other commands use, the --allow-run policy, the CLI's redactor.
import { readFile, realpath, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { AgentHost, ServiceAccess, WorkspaceText } from '../../agent/src/agentTools';
import { refusalOf, type RunPolicy } from '../../agent/src/runPolicy';
import { fileSizeProblem, isSvcsqlName, textSizeProblem } from '../../agent/src/readableFiles';
import { connectWithSource, timeoutMs, type CommonFlags } from './connect';
import { resolveConnection } from './credentials';
import { CliError } from './exitCodes';
import { collectFiles, displayPath } from './files';
import { redact } from './output';

export interface McpHostOptions {
  root: string;
  flags: CommonFlags;
  policy: RunPolicy;
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** Where a file too large for the tools can still be checked. */
const LINT_ANY_SIZE = '`svcsql lint` reads any size.';

async function readText(path: string): Promise<string | { problem: string }> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return { problem: 'it is not a file.' };
  const large = fileSizeProblem(info.size);
  if (large) return { problem: `${large} ${LINT_ANY_SIZE}` };
  const text = await readFile(path, 'utf8');
  const long = textSizeProblem(text.length);
  return long ? { problem: `${long} ${LINT_ANY_SIZE}` } : text;
}

export function mcpHost(o: McpHostOptions): AgentHost {
  let access: ServiceAccess | { problem: string } | undefined;
  // Reading the connection registers its secrets with the redactor, so that no answer (even of a
  // tool that never calls the service) can hold them. Problems are reported when a tool needs it.
  try {
    resolveConnection(o.flags);
  } catch {
    // incomplete or unreadable: said by the first tool that needs the service
  }
  return {
    async readFile(uri: string) {
      let path: string;
      try {
        path = uri.startsWith('file:') ? fileURLToPath(uri) : resolve(o.root, uri);
      } catch {
        return { problem: `${uri.slice(0, 200)} is not a file path or file: URI.` };
      }
      const real = await realpath(path).catch(() => undefined);
      const root = await realpath(o.root).catch(() => o.root);
      if (!real) return { problem: `No such file: ${displayPath(path, o.root)} (paths are relative to ${o.root}).` };
      if (!inside(root, real))
        return { problem: `${uri.slice(0, 200)} is outside the workspace folder ${o.root}; only its files can be read.` };
      if (!isSvcsqlName(real)) return { problem: `${displayPath(path, o.root)} is not a .svcsql file.` };
      const text = await readText(real);
      if (typeof text !== 'string') return { problem: `${displayPath(path, o.root)} cannot be read: ${text.problem}` };
      return { label: displayPath(path, o.root), text };
    },
    async *workspaceFiles(): AsyncIterable<WorkspaceText> {
      const set = await collectFiles([o.root], o.root);
      for (const file of set.files) {
        const text = await readText(file).catch(() => undefined);
        if (typeof text === 'string') yield { label: displayPath(file, o.root), text };
      }
    },
    async service() {
      // Read once, when a tool first needs it: a server that only lints never reads credentials.
      if (!access) {
        try {
          const { client, source } = connectWithSource(o.flags);
          access = { client, profile: o.flags.profile ?? source };
        } catch (err) {
          const why = err instanceof CliError ? err.message : err instanceof Error ? err.message : String(err);
          // Not kept: the user may fix the file or the variables while the server runs.
          return { problem: `No usable connection to the service: ${why}` };
        }
      }
      return access;
    },
    runRefusal: (kind, title) => refusalOf(o.policy, kind, title),
    redact,
    readWaitMs: timeoutMs(o.flags) ?? undefined,
    runWaitMs: timeoutMs(o.flags) ?? undefined,
  };
}
