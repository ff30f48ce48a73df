// `svcsql mcp` offered to VS Code (client/src/agentMcpModel.ts): when it is offered, and that the
// definition the provider hands VS Code starts a working server — spawned here exactly as VS Code
// would (command, args, env, cwd), reading the workspace folder given and the credentials file's
// profile named like VS Code's active profile, with run_statement refused.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { MCP_SERVER_LABEL, mcpLaunch, offersMcpServer } from '../../client/src/agentMcpModel';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator';
import { CLI, cleanEnv, homeWithCredentials, profileFor, ROOT } from '../cli/helpers';

const WORKSPACE = join(ROOT, 'test', 'agent', 'fixtures', 'workspace');

let emu: RunningEmulator;
before(async () => {
  emu = await startEmulator({ pendingMs: 50 });
});
after(() => emu.close());

test('offered only where VS Code has the provider API; by default only where the language model tools are missing', () => {
  const both = { mcpProvider: true, lmTools: true };
  const mcpOnly = { mcpProvider: true, lmTools: false };
  const neither = { mcpProvider: false, lmTools: false };
  assert.equal(offersMcpServer('auto', both), false, 'the tools would show twice');
  assert.equal(offersMcpServer('auto', mcpOnly), true);
  assert.equal(offersMcpServer('on', both), true);
  assert.equal(offersMcpServer('off', mcpOnly), false);
  for (const offer of ['auto', 'on', 'off'] as const)
    assert.equal(offersMcpServer(offer, neither), false, `${offer}: no API, nothing registered`);
  assert.equal(offersMcpServer('on', { mcpProvider: false, lmTools: true }), false);
});

test('the definition: the extension host’s Node runs the bundled CLI, root and profile given, never --allow-run', () => {
  const l = mcpLaunch({ nodePath: '/n/node', cliPath: '/ext/out/cli.js', root: '/ws', profile: 'staging', version: '1.2.3' });
  assert.equal(l.label, MCP_SERVER_LABEL);
  assert.equal(l.command, '/n/node');
  assert.deepEqual(l.args, ['/ext/out/cli.js', 'mcp', '--root', '/ws', '--profile', 'staging']);
  assert.deepEqual(l.env, { ELECTRON_RUN_AS_NODE: '1' });
  assert.equal(l.cwd, '/ws');
  assert.equal(l.version, '1.2.3');
  assert.ok(!l.args.some((a) => a.startsWith('--allow-run')));
});

test('the definition starts a server that reads the folder and the profile it names, and refuses to run', async () => {
  const { home } = homeWithCredentials(profileFor('default', emu, { base_url: 'http://127.0.0.1:9' }) + profileFor('staging', emu));
  const l = mcpLaunch({ nodePath: process.execPath, cliPath: CLI, root: WORKSPACE, profile: 'staging', version: '0' });
  const transport = new StdioClientTransport({
    command: l.command,
    args: l.args,
    // VS Code starts it from its own folder; the root comes from the arguments.
    cwd: tmpdir(),
    env: { ...(cleanEnv({ HOME: home }) as Record<string, string>), ...l.env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'svcsql-tests', version: '1.0.0' });
  await client.connect(transport);
  try {
    const text = async (name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> => {
      const r = await client.callTool({ name, arguments: args });
      return { text: (r.content as { text: string }[])[0]!.text, isError: r.isError === true };
    };
    const defs = JSON.parse((await text('find_definitions', { name: 'ETL_agent' })).text) as { definitions: { file: string }[] };
    assert.deepEqual(
      defs.definitions.map((d) => d.file),
      ['infra/clusters.svcsql'],
    );
    const objects = await text('list_objects', { kind: 'cluster' });
    assert.equal(objects.isError, false, objects.text);
    assert.equal((JSON.parse(objects.text) as { profile: string }).profile, 'staging');
    const run = await text('run_statement', { text: 'SHOW CLUSTERS' });
    assert.equal(run.isError, true);
    assert.match(run.text, /--allow-run/);
  } finally {
    await client.close();
  }
});
