// The agent tools as VS Code language model tools, in the real VS Code: registered (vscode.lm.tools),
// invoked the way agent mode invokes them (vscode.lm.invokeTool, no chat request), against the run's
// emulator for list_objects; run_statement's confirmation names the statement and the profile.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as vscode from 'vscode';
import { TOOL_NAMES } from '../../agent/toolNames';
import { emulatorSuite, extensionApi, workspaceUri } from '../host/helpers';

const PROFILE = 'e2e-agent';

/** The parts of the language model tools API used here (newer than @types/vscode 1.91). */
interface ToolInfo {
  name: string;
  description: string;
  inputSchema?: { properties?: Record<string, unknown> };
}
interface ToolResult {
  content: { value?: unknown }[];
}
interface Lm {
  tools?: readonly ToolInfo[];
  invokeTool?(
    name: string,
    options: { input: object; toolInvocationToken: undefined },
    token?: vscode.CancellationToken,
  ): Thenable<ToolResult>;
}
const lm = (vscode as unknown as { lm?: Lm }).lm;

async function invoke(tool: string, input: object): Promise<string> {
  const result = await lm!.invokeTool!(`svcsql_${tool}`, { input, toolInvocationToken: undefined });
  return result.content.map((p) => (typeof p.value === 'string' ? p.value : '')).join('');
}

describe('Agent tools (language model tools)', function () {
  this.timeout(60_000);
  emulatorSuite('explorer.svcsql', PROFILE);

  before(function () {
    // Found in code-server 4.139.1: both exist. Without them the tools are not registered (logged).
    if (typeof lm?.invokeTool !== 'function' || !Array.isArray(lm.tools)) this.skip();
  });

  it('vscode.lm.tools lists the nine tools with their descriptions and schemas', async () => {
    const ours = lm!.tools!.filter((t) => t.name.startsWith('svcsql_'));
    assert.deepEqual(ours.map((t) => t.name).sort(), TOOL_NAMES.map((n) => `svcsql_${n}`).sort());
    const run = ours.find((t) => t.name === 'svcsql_run_statement')!;
    assert.match(run.description, /CHANGES the user's data platform/);
    assert.deepEqual(Object.keys(run.inputSchema?.properties ?? {}), ['text']);
  });

  it('lint returns the editor\u2019s diagnostic for the held error', async () => {
    const text = "CREATE CLUSTER c2 TYPE = 'SPARK' MAX_OCU = '3' MIN_OCU = 1;";
    const doc = JSON.parse(await invoke('lint', { text })) as { errors: number; diagnostics: { code: string; column: number }[] };
    assert.equal(doc.errors, 1);
    assert.equal(doc.diagnostics[0]!.code, 'quoted-integer');
    assert.equal(doc.diagnostics[0]!.column, text.indexOf("'3'") + 1);
  });

  it('lint of a workspace file by its relative path', async () => {
    const doc = JSON.parse(await invoke('lint', { uri: 'explorer.svcsql' })) as { file: string; summary: string };
    assert.equal(doc.file, 'explorer.svcsql');
    assert.ok(doc.summary.length > 0);
  });

  it('explain returns CREATE FLOW\u2019s clauses', async () => {
    const text = await invoke('explain', { topic: 'CREATE FLOW' });
    for (const clause of ['SOURCE', 'LAKE', 'DATABASE', 'TABLE_NAME', 'WRITE_MODE'])
      assert.match(text, new RegExp(`\\| \`${clause}\` \\|`));
  });

  it('list_objects lists the emulator\u2019s clusters for the active profile', async () => {
    const doc = JSON.parse(await invoke('list_objects', { kind: 'cluster' })) as { profile: string; names: string[] };
    assert.equal(doc.profile, PROFILE);
    assert.ok(doc.names.includes('etl') && doc.names.includes('adhoc'), doc.names.join(','));
  });

  it('bad input is a tool error that says what is wrong', async () => {
    await assert.rejects(
      Promise.resolve(lm!.invokeTool!('svcsql_list_objects', { input: { kind: 'widgets' }, toolInvocationToken: undefined })),
      /kind must be one of/,
    );
  });

  it('run_statement asks for confirmation naming the statement, the profile and what it changes', async () => {
    const api = await extensionApi<{
      prepareAgentTool(name: string, input: unknown): Promise<{ confirmationMessages?: { title: string; message: vscode.MarkdownString } }>;
    }>();
    const prepared = await api.prepareAgentTool('run_statement', {
      text: "CREATE CLUSTER agent_e2e TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1",
    });
    assert.ok(prepared.confirmationMessages, 'a confirmation is always asked');
    assert.equal(prepared.confirmationMessages.title, 'Run CREATE CLUSTER agent_e2e on the service?');
    const message = prepared.confirmationMessages.message.value;
    assert.match(message, new RegExp(`with profile \\*\\*${PROFILE}\\*\\*`));
    assert.match(message, /CREATE CLUSTER agent_e2e TYPE = 'SPARK'/);
    assert.match(message, /can change your data platform/);
    const blocked = await api.prepareAgentTool('run_statement', { text: "CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = '3' MIN_OCU = 1" });
    assert.match(blocked.confirmationMessages!.message.value, /It will not be sent: It has 1 lint error/);
  });

  it('find_definitions reads the workspace files by the index rule: svcsql.index.excludeFolders and .gitignore', async () => {
    const name = 'agent_rule_cluster';
    const def = (n: string) => new TextEncoder().encode(`CREATE CLUSTER ${n} TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1;\n`);
    const files = ['agent-rule/kept/a.svcsql', 'agent-rule/vendored/b.svcsql', 'agent-rule/generated/c.svcsql'];
    const config = vscode.workspace.getConfiguration('svcsql');
    try {
      for (const f of files) await vscode.workspace.fs.writeFile(workspaceUri(f), def(name));
      await vscode.workspace.fs.writeFile(workspaceUri('agent-rule', '.gitignore'), new TextEncoder().encode('generated/\n'));
      const found = async (): Promise<string[]> =>
        (JSON.parse(await invoke('find_definitions', { name })) as { definitions: { file: string }[] }).definitions
          .map((d) => d.file)
          .sort();
      // The default excludeFolders (node_modules, .git, out) leave vendored/ in; .gitignore keeps generated/ out.
      assert.deepEqual(await found(), ['agent-rule/kept/a.svcsql', 'agent-rule/vendored/b.svcsql']);
      await config.update('index.excludeFolders', ['node_modules', '.git', 'out', 'vendored'], vscode.ConfigurationTarget.Workspace);
      assert.deepEqual(await found(), ['agent-rule/kept/a.svcsql']);
    } finally {
      await config.update('index.excludeFolders', undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.workspace.fs.delete(workspaceUri('agent-rule'), { recursive: true });
    }
  });

  it('svcsql mcp is offered through the MCP server definition provider only when svcsql.agent.mcpServer asks, and starts', async function () {
    const api = await extensionApi<{
      mcpServerDefinitions(): Promise<{ command: string; args: string[]; env: Record<string, string> }[]>;
    }>();
    const hasApi = typeof (vscode as unknown as { lm?: { registerMcpServerDefinitionProvider?: unknown } }).lm
      ?.registerMcpServerDefinitionProvider;
    // auto: the language model tools are here (checked above), so the same tools are not offered twice.
    assert.deepEqual(await api.mcpServerDefinitions(), []);
    if (hasApi !== 'function') this.skip();
    const config = vscode.workspace.getConfiguration('svcsql');
    await config.update('agent.mcpServer', 'on', vscode.ConfigurationTarget.Global);
    try {
      const [def, ...more] = await api.mcpServerDefinitions();
      assert.ok(def && more.length === 0, 'one definition');
      assert.deepEqual(def.args.slice(1), ['mcp', '--root', workspaceUri().fsPath, '--profile', PROFILE]);
      assert.match(def.args[0]!, /[\\/]out[\\/]cli\.js$/);
      assert.ok(!def.args.some((a) => a.startsWith('--allow-run')));
      // Started as VS Code starts it: it answers an MCP client's initialize and lists the nine tools.
      const names = await mcpToolNames(def.command, def.args, def.env);
      assert.deepEqual(names, TOOL_NAMES);
    } finally {
      await config.update('agent.mcpServer', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});

/** Speaks just enough MCP (newline-delimited JSON-RPC over stdio) to list a server's tools. */
function mcpToolNames(command: string, args: string[], env: Record<string, string>): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('no tools/list answer within 20 s'));
    }, 20_000);
    let buffer = '';
    const send = (m: object): boolean => child.stdin.write(`${JSON.stringify(m)}\n`);
    child.on('error', reject);
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString('utf8');
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const m = JSON.parse(buffer.slice(0, nl)) as { id?: number; result?: { tools?: { name: string }[] } };
        buffer = buffer.slice(nl + 1);
        if (m.id === 1) {
          send({ jsonrpc: '2.0', method: 'notifications/initialized' });
          send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
        } else if (m.id === 2) {
          clearTimeout(timer);
          child.stdin.end();
          child.kill();
          resolve((m.result?.tools ?? []).map((t) => t.name));
        }
      }
    });
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'svcsql-e2e', version: '1' } },
    });
  });
}
