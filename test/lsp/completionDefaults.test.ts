// Completion lists with LSP 3.17 item defaults, for a client that announces them: the same items
// once the defaults are applied as the editor applies them, and smaller.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompletionRequest, type CompletionItem, type CompletionList } from 'vscode-languageserver-protocol/node';
import { completionItems, useLspClient } from './lspClient';

const plain = useLspClient();
const withDefaults = useLspClient([
  { diagnosticsDelayMs: 0 },
  undefined,
  { textDocument: { completion: { completionList: { itemDefaults: ['editRange', 'insertTextFormat', 'data'] } } } },
]);

/** The items as the editor reads them: a default applies where the item says nothing of its own. */
function applied(list: CompletionList): CompletionItem[] {
  const d = list.itemDefaults ?? {};
  return list.items.map(({ textEditText, ...item }) => {
    const out: CompletionItem = { ...item };
    if (d.insertTextFormat !== undefined && out.insertTextFormat === undefined) out.insertTextFormat = d.insertTextFormat;
    if (d.editRange && !out.textEdit && 'start' in d.editRange) out.textEdit = { range: d.editRange, newText: textEditText ?? item.label };
    return out;
  });
}

const CASES: [string, string, { line: number; character: number }][] = [
  ['a statement’s first word', 'SHOW FLOWS;\nDES', { line: 1, character: 3 }],
  ['an empty line', 'SHOW FLOWS;\n', { line: 1, character: 0 }],
  ['a clause', "CREATE CLUSTER c TYPE = 'SPARK' ", { line: 0, character: 32 }],
  ['a value', 'CREATE CLUSTER c TYPE = ', { line: 0, character: 24 }],
];

test('with item defaults the list is the same once applied, and smaller', async () => {
  let smaller = 0;
  for (const [what, text, position] of CASES) {
    const uri = `file:///defaults-${CASES.findIndex((c) => c[0] === what)}.svcsql`;
    await plain.open(uri, text);
    await withDefaults.open(uri, text);
    const before = await plain.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position });
    const after = await withDefaults.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position });
    const expected = completionItems(before);
    assert.ok(expected.length > 0, what);
    const got = after && !Array.isArray(after) ? applied(after) : completionItems(after);
    assert.deepEqual(got, expected, what);
    if (JSON.stringify(after).length < JSON.stringify(before).length * 0.8) smaller++;
  }
  assert.ok(smaller >= 1, 'the statement list at least is a fifth smaller');
});
