// The agent tools, implemented once for both surfaces: `svcsql mcp` (cli/src/mcp*.ts) and the VS Code
// language model tools (client/src/agent*.ts). A surface supplies an AgentHost (where files come
// from, how to reach the service, what may run, which secrets to hide); everything else is here.
// A call never throws: bad input, a refused run, a service failure are tool errors with a message.
import type { ObjectKind } from '../../core/src/index';
import { bounded } from './bounded';
import { explain, statementIndex } from './explain';
import { checkInput } from './input';
import { findDefinitions, formatSource, lintText, type WorkspaceText } from './languageTools';
import { checkRunnable, describeObject, listObjects, requestStatus, runStatement, ToolError, type ServiceAccess } from './serviceTools';
import { toolSpec, type ToolSpec } from './toolSpecs';

export type { ServiceAccess } from './serviceTools';
export type { WorkspaceText } from './languageTools';

export interface ToolOutput {
  text: string;
  isError: boolean;
}

export interface AgentHost {
  /** A workspace .svcsql file named by the agent (relative path or file: URI), or why it cannot be read. */
  readFile(uri: string): Promise<WorkspaceText | { problem: string }>;
  /** The workspace's .svcsql files (open editors' text where a file is open). */
  workspaceFiles(): AsyncIterable<WorkspaceText>;
  /** The connection of the active profile, or why there is none usable. */
  service(): Promise<ServiceAccess | { problem: string }>;
  /** Why the statement may not be run here (undefined: it may). `kind` is the catalog id, `title` e.g. 'CREATE FLOW'. */
  runRefusal(kind: string, title: string): string | undefined;
  /** Every known secret (API key and secret, in all encodings) taken out of the text. */
  redact(text: string): string;
  readWaitMs?: number;
  runWaitMs?: number;
}

const DEFAULT_READ_WAIT_MS = 60_000;
const DEFAULT_RUN_WAIT_MS = 120_000;

export async function callTool(host: AgentHost, name: string, args: unknown, signal?: AbortSignal): Promise<ToolOutput> {
  const spec = toolSpec(name);
  if (!spec) return { text: `Unknown tool ${JSON.stringify(name.slice(0, 60))}.`, isError: true };
  try {
    const out = await dispatch(host, spec, args, signal);
    return { text: host.redact(bounded(host.redact(out.text), howToGetAll(spec))), isError: out.isError };
  } catch (err) {
    const message = err instanceof ToolError ? err.message : `${spec.name} failed: ${err instanceof Error ? err.message : String(err)}`;
    // Redacted before it is cut: a cut secret no longer matches.
    return { text: bounded(host.redact(message), ''), isError: true };
  }
}

function howToGetAll(spec: ToolSpec): string {
  if (spec.name === 'lint' || spec.name === 'format') return 'Give a smaller part of the text.';
  if (spec.name === 'explain') return 'Ask about one clause or WITH key.';
  if (spec.usesService) return 'The whole answer is in the Requests view of VS Code, or `svcsql status <requestId> --json`.';
  return 'Narrow the question.';
}

const error = (text: string): ToolOutput => ({ text, isError: true });
const ok = (text: string): ToolOutput => ({ text, isError: false });

async function dispatch(host: AgentHost, spec: ToolSpec, args: unknown, signal: AbortSignal | undefined): Promise<ToolOutput> {
  const checked = checkInput(spec, args);
  if (!checked.ok) return error(checked.message);
  const input = checked.input;
  const waits = { signal, readWaitMs: host.readWaitMs ?? DEFAULT_READ_WAIT_MS, runWaitMs: host.runWaitMs ?? DEFAULT_RUN_WAIT_MS };
  switch (spec.name) {
    case 'lint': {
      if ((input.text === undefined) === (input.uri === undefined))
        return error('Invalid input for lint: give either text or uri (one of them).');
      if (input.text !== undefined) return ok(lintText(input.text));
      const file = await host.readFile(input.uri!);
      if ('problem' in file) return error(file.problem);
      return ok(lintText(file.text, file.label));
    }
    case 'format':
      return ok(formatSource(input.text!));
    case 'explain': {
      const found = explain(input.topic!);
      return found.ok ? ok(found.text) : error(found.message);
    }
    case 'list_statements':
      return ok(statementIndex());
    case 'find_definitions':
      return ok(await findDefinitions(host.workspaceFiles(), input.name!, input.kind));
    case 'run_statement': {
      const runnable = checkRunnable(input.text!);
      if (!runnable.ok) return error(runnable.message);
      const refusal = host.runRefusal(runnable.statement.kind, runnable.statement.title);
      if (refusal) return error(refusal);
      return runStatement(await access(host), runnable.statement, waits);
    }
    case 'list_objects':
      return ok(await listObjects(await access(host), input.kind as ObjectKind, waits));
    case 'describe_object':
      return ok(await describeObject(await access(host), input.kind as ObjectKind, input.name!, waits));
    case 'request_status':
      return ok(await requestStatus(await access(host), input.requestId!, waits));
  }
  return error(`Unknown tool ${spec.name}.`);
}

async function access(host: AgentHost): Promise<ServiceAccess> {
  const found = await host.service();
  if ('problem' in found) throw new ToolError(found.problem);
  return found;
}
