// `svcsql mcp` as an MCP client sees it: the built CLI started over stdio by the SDK's own client,
// every tool called, the service tools against the emulator on 127.0.0.1.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator';
import { CLI, cleanEnv, envFor, ROOT, tempDir } from '../cli/helpers';
import { MAX_FILE_BYTES } from '../../agent/src/readableFiles';
import { MAX_TEXT_CHARS } from '../../agent/src/toolSpecs';
import { TOOL_NAMES } from './toolNames';

const WORKSPACE = join(ROOT, 'test', 'agent', 'fixtures', 'workspace');

let emu: RunningEmulator;
const clients: Client[] = [];

before(async () => {
  emu = await startEmulator({ pendingMs: 50 });
});
after(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await emu.close();
});

interface Started {
  client: Client;
  stderr: () => string;
}

async function startMcp(args: string[] = [], env: Record<string, string> = envFor(emu)): Promise<Started> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    cwd: WORKSPACE,
    env: cleanEnv(env) as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'svcsql-tests', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => stderr };
}

interface ToolAnswer {
  text: string;
  isError: boolean;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const r = await client.callTool({ name, arguments: args });
  const content = r.content as { type: string; text: string }[];
  assert.equal(content.length, 1);
  assert.equal(content[0]!.type, 'text');
  return { text: content[0]!.text, isError: r.isError === true };
}

test('lists the nine tools with their schemas and read-only hints', async () => {
  const { client } = await startMcp();
  const { tools } = await client.listTools();
  assert.deepEqual(
    tools.map((t) => t.name),
    TOOL_NAMES,
  );
  const run = tools.find((t) => t.name === 'run_statement')!;
  assert.equal(run.annotations?.readOnlyHint, false);
  assert.equal(run.annotations?.destructiveHint, true);
  assert.deepEqual(run.inputSchema.required, ['text']);
  assert.equal(tools.find((t) => t.name === 'lint')!.annotations?.readOnlyHint, true);
  for (const t of tools) assert.ok(t.description && t.description.length > 80, `${t.name} is described for a model`);
});

test("lint finds the held error in text and in a workspace file, with the editor's code and range", async () => {
  const { client } = await startMcp();
  const text = "CREATE CLUSTER c2 TYPE = 'SPARK' MAX_OCU = '3' MIN_OCU = 1;";
  const r = await call(client, 'lint', { text });
  assert.equal(r.isError, false);
  const doc = JSON.parse(r.text) as {
    errors: number;
    diagnostics: { code: string; line: number; column: number; severity: string; range: { start: { character: number } } }[];
  };
  assert.equal(doc.errors, 1);
  assert.equal(doc.diagnostics[0]!.code, 'quoted-integer');
  assert.equal(doc.diagnostics[0]!.severity, 'error');
  assert.equal(doc.diagnostics[0]!.column, text.indexOf("'3'") + 1);

  const file = JSON.parse((await call(client, 'lint', { uri: 'flows/orders.svcsql' })).text) as {
    file: string;
    errors: number;
    diagnostics: { line: number }[];
  };
  assert.equal(file.file, 'flows/orders.svcsql');
  assert.equal(file.errors, 1);
  assert.equal(file.diagnostics[0]!.line, 2);

  const clean = JSON.parse((await call(client, 'lint', { uri: 'infra/clusters.svcsql' })).text) as {
    summary: string;
    diagnostics: unknown[];
  };
  assert.equal(clean.diagnostics.length, 0);
  assert.equal(clean.summary, 'No problems.');

  const outside = await call(client, 'lint', { uri: '../../mcp.test.ts' });
  assert.equal(outside.isError, true);
  assert.match(outside.text, /outside the workspace folder/);
  // The workspace index's name rule (core/src/workspace/readableFiles.ts): .svcsql in any case.
  const upper = await call(client, 'lint', { uri: 'infra/LEGACY.SVCSQL' });
  assert.equal(upper.isError, false, upper.text);
  assert.equal((JSON.parse(upper.text) as { summary: string }).summary, 'No problems.');
  const notes = await call(client, 'lint', { uri: 'infra/notes.txt' });
  assert.equal(notes.isError, true);
  assert.match(notes.text, /is not a \.svcsql file/);
  const both = await call(client, 'lint', { text, uri: 'infra/clusters.svcsql' });
  assert.equal(both.isError, true);
  assert.match(both.text, /either text or uri/);
});

test('a file too large for the tools is refused saying why, before or after it is read', async () => {
  // The agent layer's size rule (agent/src/readableFiles.ts), as the extension's host applies it too.
  const root = tempDir('svcsql-mcp-sizes-');
  writeFileSync(join(root, 'long.svcsql'), `-- ${'x'.repeat(MAX_TEXT_CHARS)}\n`);
  writeFileSync(join(root, 'large.svcsql'), Buffer.alloc(MAX_FILE_BYTES + 1, 'y'));
  const { client } = await startMcp(['--root', root]);
  const long = await call(client, 'lint', { uri: 'long.svcsql' });
  assert.equal(long.isError, true);
  assert.match(
    long.text,
    /long\.svcsql cannot be read: it holds 1,000,004 characters; the tools read up to 1,000,000\. `svcsql lint` reads any size\./,
  );
  const large = await call(client, 'lint', { uri: 'large.svcsql' });
  assert.equal(large.isError, true);
  assert.match(large.text, /large\.svcsql cannot be read: it is 4,000,001 bytes; the tools read files up to 4,000,000\./);
});

test('format gives the canonical text, and formatting it again changes nothing', async () => {
  const { client } = await startMcp();
  const messy = "create cluster  etl type='SPARK'   max_ocu=4 min_ocu = 1 ;";
  const once = await call(client, 'format', { text: messy });
  assert.equal(once.isError, false);
  assert.notEqual(once.text, messy);
  assert.match(once.text, /^CREATE CLUSTER etl/);
  const twice = await call(client, 'format', { text: once.text });
  assert.equal(twice.text, once.text);
});

test("explain gives CREATE FLOW's clauses and example; a clause and a WITH key; an unknown topic is a tool error", async () => {
  const { client } = await startMcp();
  const flow = await call(client, 'explain', { topic: 'create flow' });
  assert.equal(flow.isError, false);
  for (const clause of ['SOURCE', 'LAKE', 'DATABASE', 'TABLE_NAME', 'WRITE_MODE', 'CLUSTER'])
    assert.match(flow.text, new RegExp(`\\| \`${clause}\` \\|`));
  assert.match(flow.text, /'IMMUTABLE' \| 'MUTABLE'/);
  assert.match(flow.text, /```svcsql\nCREATE FLOW/);

  const clause = await call(client, 'explain', { topic: 'CREATE FLOW WRITE_MODE' });
  assert.match(clause.text, /^### WRITE_MODE in CREATE FLOW/);
  assert.match(clause.text, /required/);

  const unknown = await call(client, 'explain', { topic: 'CREATE WIDGET' });
  assert.equal(unknown.isError, true);
  assert.match(unknown.text, /No statement, clause or WITH key is called "CREATE WIDGET"\. Related statements: .*CREATE FLOW/);

  const index = await call(client, 'list_statements', {});
  assert.match(index.text, /^CREATE FLOW — /m);
  assert.match(index.text, /^SHOW CLUSTERS — /m);
});

test('find_definitions finds where a name is created and referred to across the workspace files', async () => {
  const { client } = await startMcp();
  const r = JSON.parse((await call(client, 'find_definitions', { name: 'ETL_agent' })).text) as {
    definitions: { file: string; line: number; kind: string }[];
    references: { file: string; line: number; kind: string }[];
  };
  assert.deepEqual(
    r.definitions.map((d) => [d.file, d.line, d.kind]),
    [['infra/clusters.svcsql', 2, 'cluster']],
  );
  assert.deepEqual(
    r.references.map((d) => [d.file, d.line, d.kind]),
    [['flows/orders.svcsql', 4, 'cluster']],
  );
  const none = JSON.parse((await call(client, 'find_definitions', { name: 'etl_agent', kind: 'flow' })).text) as { definitions: unknown[] };
  assert.equal(none.definitions.length, 0);
});

test("list_objects and describe_object read the emulator's objects; request_status reads a request", async () => {
  const { client } = await startMcp();
  const clusters = await call(client, 'list_objects', { kind: 'cluster' });
  assert.equal(clusters.isError, false, clusters.text);
  const doc = JSON.parse(clusters.text) as { statement: string; names: string[]; requestId: string; profile: string };
  assert.equal(doc.statement, 'SHOW CLUSTERS');
  assert.ok(doc.names.includes('etl') && doc.names.includes('adhoc'), doc.names.join(','));

  const described = await call(client, 'describe_object', { kind: 'cluster', name: 'etl' });
  assert.equal(described.isError, false, described.text);
  assert.match(described.text, /"statement": "DESCRIBE CLUSTER etl"/);
  assert.match(described.text, /SPARK/);

  const status = JSON.parse((await call(client, 'request_status', { requestId: doc.requestId })).text) as { apiStatus: string };
  assert.match(status.apiStatus, /SUCCESS/);
  const missing = await call(client, 'request_status', { requestId: 'no-such-request' });
  assert.equal(missing.isError, true);
});

test('without credentials the service tools are tool errors that say what is missing', async () => {
  const { client } = await startMcp([], {});
  const r = await call(client, 'list_objects', { kind: 'lake' });
  assert.equal(r.isError, true);
  assert.match(r.text, /No usable connection to the service: .*SVCSQL_BASE_URL/);
});

test('run_statement is refused without --allow-run, saying how to enable it; nothing is sent', async () => {
  const { client } = await startMcp();
  const before = emu.stats.submits;
  const r = await call(client, 'run_statement', { text: 'SHOW CLUSTERS' });
  assert.equal(r.isError, true);
  assert.match(r.text, /started without --allow-run/);
  assert.match(r.text, /--allow-run=show,describe/);
  assert.equal(emu.stats.submits, before);
});

test('run_statement with --allow-run runs against the emulator; lint errors and several statements are refused', async () => {
  const { client } = await startMcp(['--allow-run']);
  const before = emu.stats.submits;
  const r = await call(client, 'run_statement', { text: "CREATE CLUSTER agent_made TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1;" });
  assert.equal(r.isError, false, r.text);
  const doc = JSON.parse(r.text) as { state: string; requestId: string; statement: string };
  assert.equal(doc.state, 'success');
  assert.equal(doc.statement, 'CREATE CLUSTER agent_made');
  assert.match(doc.requestId, /^[0-9a-f-]{36}$/);
  assert.equal(emu.stats.submits, before + 1);
  const listed = JSON.parse((await call(client, 'list_objects', { kind: 'cluster' })).text) as { names: string[] };
  assert.ok(listed.names.includes('agent_made'));

  const bad = await call(client, 'run_statement', { text: "CREATE CLUSTER c2 TYPE = 'SPARK' MAX_OCU = '3' MIN_OCU = 1" });
  assert.equal(bad.isError, true);
  assert.match(bad.text, /Not run: the statement has 1 lint error\(s\)[\s\S]*quoted-integer/);
  const two = await call(client, 'run_statement', { text: 'SHOW CLUSTERS; SHOW LAKES;' });
  assert.equal(two.isError, true);
  assert.match(two.text, /exactly one statement; the text holds 2/);
  assert.equal(emu.stats.submits, before + 2); // the SHOW of list_objects only
});

test('--allow-run=show,describe runs only those kinds', async () => {
  const { client } = await startMcp(['--allow-run=show,describe']);
  const show = await call(client, 'run_statement', { text: 'SHOW LAKES' });
  assert.equal(show.isError, false, show.text);
  const create = await call(client, 'run_statement', { text: "CREATE CLUSTER never_made TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1" });
  assert.equal(create.isError, true);
  assert.match(create.text, /may not run CREATE CLUSTER: this MCP server allows only show, describe/);
});

test('an unknown --allow-run kind is bad usage (exit 2) before anything is served', async () => {
  const r = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--allow-run=show,explode'], { env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.on('close', (code) => resolve({ code, stderr, stdout }));
  });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown statement kind explode/);
  assert.equal(r.stdout, '');
});

test('malformed arguments are tool errors that say what is wrong; the server keeps serving', async () => {
  const { client } = await startMcp();
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['lint', { text: 42 }, /text must be a string, not number/],
    ['format', {}, /text is required/],
    ['explain', { topic: 'CREATE FLOW', extra: true }, /unknown argument "extra"; the arguments are topic/],
    ['list_objects', { kind: 'widgets' }, /kind must be one of lake, database, cluster/],
    ['describe_object', { kind: 'cluster', name: '' }, /name is empty/],
    ['no_such_tool', {}, /Unknown tool "no_such_tool"/],
  ];
  for (const [name, args, message] of cases) {
    const r = await call(client, name, args);
    assert.equal(r.isError, true, name);
    assert.match(r.text, message);
  }
  const big = await call(client, 'lint', { text: 'SHOW CLUSTERS;\n'.repeat(80_000) });
  assert.equal(big.isError, true);
  assert.match(big.text, /text is 1,200,000 characters long; the most is 1,000,000/);
  assert.equal((await call(client, 'list_statements', {})).isError, false);
});

test('a 16 MB argument is refused with an error naming the limit; the server keeps serving', async () => {
  const { client, stderr } = await startMcp();
  const huge = 'x'.repeat(16 * 1024 * 1024);
  await assert.rejects(client.callTool({ name: 'lint', arguments: { text: huge } }), /svcsql mcp reads messages up to 8,388,608 bytes/);
  assert.match(stderr(), /dropped a message/);
  const after = await call(client, 'lint', { text: 'SHOW CLUSTERS' });
  assert.equal(after.isError, false);
});

test('the catalog as resources (one per statement) and a prompt', async () => {
  const { client } = await startMcp();
  const { resources } = await client.listResources();
  const flow = resources.find((r) => r.uri === 'svcsql://statements/create-flow');
  assert.ok(flow);
  assert.equal(flow.title, 'CREATE FLOW');
  const read = await client.readResource({ uri: 'svcsql://statements/create-flow' });
  assert.match((read.contents[0] as { text: string }).text, /### CREATE FLOW/);
  const prompt = await client.getPrompt({ name: 'write_statements', arguments: { goal: 'a flow for orders' } });
  assert.match((prompt.messages[0]!.content as { text: string }).text, /a flow for orders[\s\S]*lint/i);
});

test('secrets never reach an answer, even when a tool is asked to repeat them', async () => {
  const { client, stderr } = await startMcp();
  const secret = emu.credentials.apiSecret;
  const answers = [
    await call(client, 'explain', { topic: secret }),
    await call(client, 'lint', { text: `CREATE CLUSTER ${secret} TYPE = 'SPARK' MAX_OCU = 'x${secret}' MIN_OCU = 1` }),
    await call(client, 'describe_object', { kind: 'cluster', name: secret }),
    await call(client, 'find_definitions', { name: secret }),
  ];
  for (const a of answers) {
    assert.ok(!a.text.includes(secret), a.text);
    assert.ok(!a.text.includes(Buffer.from(secret).toString('base64')), a.text);
  }
  assert.match(answers[0]!.text, /\*\*\*/);
  assert.ok(!stderr().includes(secret));
});

test('stdout carries protocol messages only', async () => {
  const lines = await new Promise<string[]>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--allow-run'], {
      cwd: WORKSPACE,
      env: cleanEnv(envFor(emu)),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.on('error', reject);
    child.on('close', () => resolve(out.split('\n').filter((l) => l !== '')));
    const send = (m: unknown) => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'run_statement', arguments: { text: 'SHOW CLUSTERS' } } });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'lint', arguments: { uri: 'flows/orders.svcsql' } } });
    child.stdin.end(); // the answers still come: the server finishes the calls it read
  });
  assert.ok(lines.length >= 3, lines.join('\n'));
  for (const line of lines) {
    const m = JSON.parse(line) as { jsonrpc: string; id: number };
    assert.equal(m.jsonrpc, '2.0');
  }
  assert.deepEqual(lines.map((l) => (JSON.parse(l) as { id: number }).id).sort(), [1, 2, 3]);
});
