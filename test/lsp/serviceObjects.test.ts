// The names the Service Objects view read from the service reach completion through the built
// server: `svcsql/serviceObjects` in, completion items marked 'service' out; `svcsql/objectKinds`
// tells the view what to list and insert.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompletionRequest, type CompletionItem, type MarkupContent } from 'vscode-languageserver-protocol/node';
import { ObjectKindsRequest, ServiceObjectsNotification } from '../../protocol/src/lspExtensions';
import { completionItems, useLspClient } from './lspClient';

const client = useLspClient();

const JOB = "CREATE JOB j TYPE = 'JAR' PARAMETERS = ('a') CLUSTER = '";

async function completeAtEnd(uri: string, text: string): Promise<CompletionItem[]> {
  const lines = text.split('\n');
  const position = { line: lines.length - 1, character: lines[lines.length - 1]!.length };
  return completionItems(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position }));
}
const serviceNames = (xs: CompletionItem[]) => xs.filter((i) => /· service$/.test(i.detail ?? '')).map((i) => i.label);

test('after svcsql/serviceObjects, CLUSTER = \u2019 offers those clusters, marked as read from the service', async () => {
  const uri = 'file:///names.svcsql';
  await client.open(uri, JOB);
  assert.deepEqual(serviceNames(await completeAtEnd(uri, JOB)), [], 'nothing before the view read any');
  const readAt = Date.UTC(2026, 10, 23, 20, 15, 0);
  await client.connection.sendNotification(ServiceObjectsNotification, {
    profile: 'demo',
    kind: 'cluster',
    names: ['etl', 'adhoc', 'spark-big'],
    readAt,
  });
  const got = await completeAtEnd(uri, JOB);
  assert.deepEqual(serviceNames(got).sort(), ["'adhoc'", "'etl'", "'spark-big'"]);
  const etl = got.find((i) => i.label === "'etl'")!;
  assert.equal(etl.detail, 'cluster · service');
  const doc = typeof etl.documentation === 'string' ? etl.documentation : (etl.documentation as MarkupContent | undefined)?.value;
  assert.match(doc ?? '', /profile `demo`/);
  assert.match(doc ?? '', /2026-11-23 20:15:00 UTC/);

  const describe = 'DESCRIBE CLUSTER ';
  await client.change(uri, [{ text: describe }]);
  assert.ok(serviceNames(await completeAtEnd(uri, describe)).includes('`spark-big`'), 'after DESCRIBE CLUSTER, bare or backticked');
});

test('a new read replaces the kind\u2019s names; another profile drops every name of the previous one', async () => {
  const uri = 'file:///replace.svcsql';
  await client.open(uri, JOB);
  const send = (profile: string, kind: string, names: unknown[]) =>
    client.connection.sendNotification(ServiceObjectsNotification, { profile, kind, names: names as string[], readAt: Date.now() });
  await send('demo', 'cluster', ['etl', 'adhoc']);
  await send('demo', 'lake', ['main_lake']);
  await send('demo', 'cluster', ['etl', 42, '', null, 'new_one']);
  assert.deepEqual(serviceNames(await completeAtEnd(uri, JOB)), ["'etl'", "'new_one'"], 'replaced; what is no name is ignored');
  const flow = "CREATE FLOW f SOURCE = 's' LAKE = '";
  await client.change(uri, [{ text: flow }]);
  assert.deepEqual(serviceNames(await completeAtEnd(uri, flow)), ["'main_lake'"]);
  await send('other', 'cluster', []);
  assert.deepEqual(serviceNames(await completeAtEnd(uri, flow)), [], 'switching profile cleared the lakes too');
  await client.change(uri, [{ text: JOB }]);
  assert.deepEqual(serviceNames(await completeAtEnd(uri, JOB)), []);
  // A malformed notification costs nothing.
  await client.connection.sendNotification(ServiceObjectsNotification.method, { kind: 5 });
  await send('other', 'cluster', ['c1']);
  assert.deepEqual(serviceNames(await completeAtEnd(uri, JOB)), ["'c1'"]);
});

test('svcsql/objectKinds: the listable kinds with their SHOW, DESCRIBE and the statements naming one', async () => {
  const { kinds } = await client.connection.sendRequest(ObjectKindsRequest);
  const byKind = new Map(kinds.map((k) => [k.kind, k]));
  assert.deepEqual([...byKind.keys()], ['lake', 'database', 'cluster', 'source', 'catalog', 'transformation', 'flow', 'table-service']);
  const cluster = byKind.get('cluster')!;
  assert.equal(cluster.show, 'SHOW CLUSTERS');
  assert.equal(cluster.plural, 'clusters');
  assert.equal(cluster.describe?.head, 'DESCRIBE CLUSTER');
  assert.deepEqual(
    cluster.statements.map((s) => s.title),
    ['ALTER CLUSTER', 'DELETE CLUSTER', 'DESCRIBE CLUSTER'],
  );
  assert.equal(cluster.statements[0]!.rest, ' SET ${1}', 'the snippet after the name');
  assert.deepEqual(cluster.changedBy, ['CREATE CLUSTER', 'ALTER CLUSTER', 'DELETE CLUSTER']);
  assert.equal(byKind.get('lake')!.describe, undefined, 'the dialect has no DESCRIBE LAKE');
  assert.ok(byKind.get('flow')!.statements.some((s) => s.head === 'ALTER FLOW' && s.rest.includes('SET')));
});
