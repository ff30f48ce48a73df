// Completion and hover through VS Code's own command API (what the editor's widgets call).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openScratch } from '../host/helpers';

/** Opens text with a `|` caret marker (removed) and returns the document and the caret. */
async function withCaret(name: string, marked: string): Promise<{ doc: vscode.TextDocument; caret: vscode.Position }> {
  const at = marked.indexOf('|');
  assert.ok(at >= 0, 'caret marker present');
  const { doc } = await openScratch(name, marked.slice(0, at) + marked.slice(at + 1));
  return { doc, caret: doc.positionAt(at) };
}

async function labels(doc: vscode.TextDocument, caret: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, caret);
  // Word-based suggestions (kind Text) come from VS Code, not from the extension: leave them out.
  return (list?.items ?? [])
    .filter((i) => i.kind !== vscode.CompletionItemKind.Text)
    .map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
}

function hoverText(hovers: vscode.Hover[] | undefined): string {
  return (hovers ?? [])
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))
    .join('\n');
}

describe('completion and hover', () => {
  it('inside CREATE FLOW, completion offers the missing clauses', async () => {
    const { doc, caret } = await withCaret(
      'completion-clauses.svcsql',
      "CREATE FLOW partial_flow\n  SOURCE = 'kafka_orders'\n  LAKE = 'main_lake'\n  |\n",
    );
    const got = await labels(doc, caret);
    for (const clause of ['DATABASE', 'TABLE_NAME', 'WRITE_MODE'])
      assert.ok(got.includes(clause), `offers ${clause}; got ${got.join(', ')}`);
    for (const present of ['SOURCE', 'LAKE']) assert.ok(!got.includes(present), `does not offer ${present} again; got ${got.join(', ')}`);
  });

  it('inside WITH, completion offers the property keys', async () => {
    const { doc, caret } = await withCaret(
      'completion-with.svcsql',
      "CREATE FLOW with_flow\n  SOURCE = 'kafka_orders' LAKE = 'main_lake' DATABASE = 'sales'\n  TABLE_NAME = 'orders' WRITE_MODE = 'MUTABLE' CLUSTER = 'c1'\n  WITH |\n",
    );
    const got = await labels(doc, caret);
    for (const key of ['kafka.topic.name', 'kafka.topic.type']) {
      assert.ok(
        got.some((l) => l.replace(/'/g, '') === key),
        `offers ${key}; got ${got.join(', ')}`,
      );
    }
  });

  it('hover on a clause keyword explains it', async () => {
    const { doc, caret } = await withCaret(
      'hover.svcsql',
      "CREATE FLOW hover_flow\n  SOURCE = 'kafka_orders' LAKE = 'main_lake' DATABASE = 'sales'\n  TABLE_NAME = 'orders' WRI|TE_MODE = 'MUTABLE' CLUSTER = 'c1'\n",
    );
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, caret);
    const text = hoverText(hovers);
    assert.ok(/WRITE_MODE/.test(text), `hover names the clause: ${JSON.stringify(text)}`);
    assert.ok(/IMMUTABLE|MUTABLE/.test(text), `hover lists its values: ${JSON.stringify(text)}`);
  });
});
