// The tool layer in-process, with a host made of plain values: input checks, bounds, explain's
// topics, the run policy, the confirmation preview, and the stdin limiter of `svcsql mcp`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callTool, type AgentHost } from '../../agent/src/agentTools';
import { bounded } from '../../agent/src/bounded';
import { explain } from '../../agent/src/explain';
import { parseAllowRun, refusalOf } from '../../agent/src/runPolicy';
import { runPreview } from '../../agent/src/runPreview';
import { Redactor } from '../../service/src/index';
import { LineLimiter, type Oversized } from '../../cli/src/mcpStdin';

function host(secret = 'sup3r-secret-value'): AgentHost {
  const redactor = new Redactor([secret], '***');
  return {
    readFile: async () => ({ problem: 'no files here' }),
    async *workspaceFiles() {
      yield { label: 'a.svcsql', text: "CREATE CLUSTER etl TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1;" };
    },
    service: async () => ({ problem: 'no service in this test' }),
    runRefusal: () => undefined,
    redact: (t) => redactor.text(t),
  };
}

test('a call never throws: unknown tools, wrong types, no service are tool errors', async () => {
  assert.deepEqual(await callTool(host(), 'nope', {}), { text: 'Unknown tool "nope".', isError: true });
  const notObject = await callTool(host(), 'lint', ['SHOW CLUSTERS']);
  assert.equal(notObject.isError, true);
  assert.match(notObject.text, /arguments must be a JSON object/);
  const noService = await callTool(host(), 'list_objects', { kind: 'lake' });
  assert.deepEqual(noService, { text: 'no service in this test', isError: true });
  const runNoService = await callTool(host(), 'run_statement', { text: 'SHOW LAKES' });
  assert.deepEqual(runNoService, { text: 'no service in this test', isError: true });
});

test('answers are redacted, also in encoded forms', async () => {
  const secret = 'sup3r-secret-value';
  const r = await callTool(host(secret), 'explain', { topic: `${secret} ${Buffer.from(secret).toString('base64')}` });
  assert.equal(r.isError, true);
  assert.ok(!r.text.includes(secret) && !r.text.includes(Buffer.from(secret).toString('base64')), r.text);
});

test('bounded cuts long text with a note, never inside a surrogate pair', () => {
  assert.equal(bounded('short', 'x', 10), 'short');
  const cut = bounded(`${'a'.repeat(9)}😀tail`, 'Ask for less.', 10);
  assert.match(cut, /^a{9}\n\n\[cut: 6 more characters of 15 not shown\. Ask for less\.\]$/);
});

test('explain: statements by any head or id, clauses of one statement, clauses across statements, WITH keys', () => {
  const older = explain('create stream capture;');
  assert.ok(older.ok && older.text.startsWith('### CREATE FLOW'));
  const byId = explain('create-cluster');
  assert.ok(byId.ok && byId.text.startsWith('### CREATE CLUSTER'));
  const cluster = explain('CLUSTER');
  assert.ok(cluster.ok && /### CLUSTER in CREATE FLOW/.test(cluster.text));
  const wrongClause = explain('CREATE FLOW COLOUR');
  assert.ok(!wrongClause.ok && /CREATE FLOW has no clause or WITH key "COLOUR"\. Its clauses: SOURCE, LAKE/.test(wrongClause.message));
});

test("find_definitions reads the host's files", async () => {
  const r = await callTool(host(), 'find_definitions', { name: '`ETL`' });
  const doc = JSON.parse(r.text) as { definitions: { file: string; line: number; column: number }[] };
  assert.deepEqual(
    doc.definitions.map((d) => [d.file, d.line, d.column]),
    [['a.svcsql', 1, 16]],
  );
});

test('--allow-run: absent refuses, bare allows all, a list allows first words or statement ids', () => {
  const never = parseAllowRun(undefined);
  assert.ok(never.ok);
  assert.match(refusalOf(never.policy, 'show-clusters', 'SHOW CLUSTERS')!, /--allow-run/);
  const any = parseAllowRun(true);
  assert.ok(any.ok && refusalOf(any.policy, 'delete-flow', 'DELETE FLOW') === undefined);
  const some = parseAllowRun('Show, create-flow');
  assert.ok(some.ok);
  assert.equal(refusalOf(some.policy, 'show-lakes', 'SHOW LAKES'), undefined);
  assert.equal(refusalOf(some.policy, 'create-flow', 'CREATE FLOW'), undefined);
  assert.match(refusalOf(some.policy, 'create-cluster', 'CREATE CLUSTER')!, /may not run CREATE CLUSTER/);
  const bad = parseAllowRun('show,drop-table');
  assert.ok(!bad.ok && /unknown statement kind drop-table/.test(bad.message));
});

test('the run confirmation preview: title, masked secrets, whether it changes anything, why it is blocked', () => {
  const create = runPreview("CREATE CLUSTER etl TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1");
  assert.equal(create.title, 'CREATE CLUSTER etl');
  assert.equal(create.changes, true);
  assert.equal(create.blocked, undefined);
  assert.equal(runPreview('SHOW CLUSTERS').changes, false);
  assert.match(runPreview("CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = '3' MIN_OCU = 1").blocked!, /1 lint error/);
  assert.match(runPreview('SHOW CLUSTERS; SHOW LAKES').blocked!, /2 statements/);
});

test('the stdin limiter passes messages whole and drops an oversized one alone, with its id', () => {
  const dropped: Oversized[] = [];
  const out: string[] = [];
  const limiter = new LineLimiter((o) => dropped.push(o), 100);
  limiter.on('data', (d: Buffer) => out.push(d.toString()));
  const big = `{"jsonrpc":"2.0","method":"tools/call","params":{"text":"${'x'.repeat(300)}"},"id":7}`;
  limiter.write(Buffer.from('{"id":1}\n{"a":'));
  limiter.write(Buffer.from('2}\n'));
  limiter.write(Buffer.from(big.slice(0, 150)));
  limiter.write(Buffer.from(`${big.slice(150)}\n{"id":3}\n`));
  assert.deepEqual(out, ['{"id":1}\n', '{"a":2}\n', '{"id":3}\n']);
  assert.deepEqual(dropped, [{ bytes: big.length, id: 7 }]);
});
