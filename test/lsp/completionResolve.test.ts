// completionItem/resolve through the built server: a statement's long documentation is not sent
// with every item of the list but when the editor resolves the item, and it is the same Markdown the
// core writes for it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompletionRequest, CompletionResolveRequest, type CompletionItem, type MarkupContent } from 'vscode-languageserver-protocol/node';
import { catalog } from '../../core/src/catalog/index';
import { statementMarkdown } from '../../core/src/describe';
import { completionItems, useLspClient } from './lspClient';

const client = useLspClient();

async function completeEmpty(uri: string): Promise<CompletionItem[]> {
  return completionItems(
    await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 0, character: 0 } }),
  );
}

test('statement items come without their Markdown; resolving one gives the Markdown the core writes', async () => {
  const uri = 'file:///resolve.svcsql';
  await client.open(uri, '');
  const list = await completeEmpty(uri);
  const spec = catalog.statements.find((s) => s.heads[0]!.join(' ') === 'CREATE CLUSTER')!;
  const item = list.find((i) => i.label === 'CREATE CLUSTER');
  assert.ok(item, list.map((i) => i.label).join());
  assert.equal(item.documentation, undefined, 'not sent with the list');
  assert.ok(
    list.every((i) => i.documentation === undefined || (i.documentation as MarkupContent).value.length <= 200),
    'no long documentation in the list',
  );
  const resolved = await client.connection.sendRequest(CompletionResolveRequest.type, item);
  assert.equal((resolved.documentation as MarkupContent).value, statementMarkdown(spec));
  assert.equal(resolved.label, item.label);
  assert.deepEqual(resolved.textEdit, item.textEdit, 'the rest of the item as it was');

  // An item of an older list comes back as it came (the server keeps its last list only).
  await completeEmpty(uri);
  const stale = await client.connection.sendRequest(CompletionResolveRequest.type, item);
  assert.equal(stale.documentation, undefined);
  await client.close(uri);
});
