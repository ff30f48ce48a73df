// The agent tools (agent/src/) as VS Code language model tools, for agent mode and any extension
// that calls vscode.lm.invokeTool. package.json's contributes.languageModelTools declares them; here
// they are registered. The API arrived after engines.vscode (^1.91), so it is looked up at run time,
// and the tool code (with the language core) is loaded on the first call, not at activation.
import * as vscode from 'vscode';
import { TOOL_SPECS, vscodeToolName, type ToolSpec } from '../../agent/src/toolSpecs';
import { vscodeAgentHost, RESTRICTED_MODE, type AgentHostDeps } from './agentHost';
import type { RedactingLog } from './log';

/** The parts of the language model tools API used here (newer than @types/vscode 1.91). */
interface ToolInvocation {
  input: unknown;
}
interface PreparedInvocation {
  invocationMessage?: string;
  confirmationMessages?: { title: string; message: vscode.MarkdownString };
}
interface LanguageModelTool {
  invoke(options: ToolInvocation, token: vscode.CancellationToken): Promise<unknown>;
  prepareInvocation?(options: ToolInvocation, token: vscode.CancellationToken): Promise<PreparedInvocation | undefined>;
}
interface ToolsApi {
  lm?: { registerTool?(name: string, tool: LanguageModelTool): vscode.Disposable };
  LanguageModelToolResult?: new (parts: unknown[]) => unknown;
  LanguageModelTextPart?: new (value: string) => unknown;
}

export interface AgentToolsDeps extends AgentHostDeps {
  log: RedactingLog;
}

/** Registers every tool; none when this VS Code has no language model tools API (logged once). */
export function registerAgentTools(d: AgentToolsDeps): vscode.Disposable[] {
  const api = vscode as unknown as ToolsApi;
  const register = api.lm?.registerTool?.bind(api.lm);
  const Result = api.LanguageModelToolResult;
  const TextPart = api.LanguageModelTextPart;
  if (!register || !Result || !TextPart) {
    d.log.info('Agent tools: this VS Code has no language model tools API; they are not registered.');
    return [];
  }
  const host = vscodeAgentHost(d);
  const tool = (spec: ToolSpec): LanguageModelTool => ({
    async invoke(options, token) {
      const { callTool } = await import('../../agent/src/agentTools');
      const ctl = new AbortController();
      const cancel = token.onCancellationRequested(() => ctl.abort());
      try {
        const out = await callTool(host, spec.name, options.input, ctl.signal);
        d.log.info(`Agent tool ${spec.name}: ${out.isError ? 'error' : 'done'}`);
        // A tool error is an exception with a message for the model (the API's convention).
        if (out.isError) throw new Error(out.text);
        return new Result([new TextPart(out.text)]);
      } finally {
        cancel.dispose();
      }
    },
    prepareInvocation: (options) => prepare(spec, options.input, d),
  });
  const disposables = TOOL_SPECS.map((spec) => register(vscodeToolName(spec.name), tool(spec)));
  d.log.info(
    `Agent tools: registered ${disposables.length} language model tools (${TOOL_SPECS.map((t) => vscodeToolName(t.name)).join(', ')}).`,
  );
  return disposables;
}

function inputText(input: unknown, key: string): string | undefined {
  const v = input && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** A fence that the shown text cannot close. */
function fenced(text: string, language: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/**
 * What VS Code shows before a tool runs (the tool's prepareInvocation), for the extension's tests:
 * outside a chat request VS Code puts the confirmation in a modal dialog that a test cannot answer.
 */
export function prepareAgentTool(name: string, input: unknown, d: AgentToolsDeps): Promise<PreparedInvocation> {
  const spec = TOOL_SPECS.find((t) => t.name === name);
  return spec ? prepare(spec, input, d) : Promise.reject(new Error(`No agent tool ${name}`));
}

/** The message shown while a tool runs and, for run_statement, the confirmation the user must accept (never skipped here). */
async function prepare(spec: ToolSpec, input: unknown, d: AgentToolsDeps): Promise<PreparedInvocation> {
  const profile = d.creds.activeProfile();
  if (spec.name === 'list_objects')
    return { invocationMessage: `Listing ${inputText(input, 'kind') ?? 'objects'} of profile "${profile}"` };
  if (spec.name === 'describe_object')
    return { invocationMessage: `Describing ${inputText(input, 'kind') ?? ''} ${inputText(input, 'name') ?? ''} (profile "${profile}")` };
  if (spec.name === 'request_status') return { invocationMessage: `Reading the status of request ${inputText(input, 'requestId') ?? ''}` };
  if (spec.name !== 'run_statement') return { invocationMessage: `${spec.title}` };
  const { runPreview } = await import('../../agent/src/runPreview');
  const text = inputText(input, 'text') ?? '';
  const preview = runPreview(text.slice(0, 200_000));
  const connection = await d.creds.resolve(profile);
  const where = connection.ok
    ? ` (${new URL(connection.connection.baseUrl).host}, project ${connection.connection.projectUid})`
    : ' (not configured yet)';
  const lines = [
    `Run **${preview.title}** with profile **${profile}**${where}?`,
    '',
    fenced(d.redactor.text(preview.shown), 'svcsql'),
    '',
    preview.changes
      ? `This statement can change your data platform${preview.summary ? `: ${preview.summary}` : '.'}`
      : `This statement only reads${preview.summary ? `: ${preview.summary}` : '.'}`,
  ];
  if (preview.blocked) lines.push('', `It will not be sent: ${preview.blocked}`);
  if (!vscode.workspace.isTrusted) lines.push('', RESTRICTED_MODE);
  const message = new vscode.MarkdownString(lines.join('\n'));
  message.supportHtml = false;
  message.isTrusted = false;
  return {
    invocationMessage: `Running ${preview.title} (profile "${profile}")`,
    confirmationMessages: { title: `Run ${preview.title} on the service?`, message },
  };
}
