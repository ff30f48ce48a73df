// The workspace index in a real VS Code: go to definition from a CLUSTER = 'etl' value in one file
// to the CREATE CLUSTER in another (the provider command and F12's command), and a rename that edits
// both files (fixtures: test/e2e/fixtures/project/).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openFixture, positionOf, waitFor } from '../host/helpers';

const targetOf = (l: vscode.Location | vscode.LocationLink) =>
  'targetUri' in l ? { uri: l.targetUri, range: l.targetSelectionRange ?? l.targetRange } : l;

describe('workspace index', () => {
  it("go to definition on CLUSTER = 'etl' lands on the CREATE CLUSTER of another file", async () => {
    const { doc, editor } = await openFixture('project/flows/orders.svcsql');
    const at = positionOf(doc, "'etl'", 2);
    // The server indexes the workspace after start-up: wait for it.
    const found = await waitFor(30_000, 'a definition of etl', async () => {
      const r = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
        'vscode.executeDefinitionProvider',
        doc.uri,
        at,
      );
      return r && r.length > 0 ? r : undefined;
    });
    assert.equal(found.length, 1);
    const target = targetOf(found[0]!);
    assert.ok(target.uri.path.endsWith('/project/infra/clusters.svcsql'), target.uri.toString());
    assert.deepEqual([target.range.start.line, target.range.start.character, target.range.end.character], [3, 15, 18]);

    // F12 is editor.action.revealDefinition: the other file becomes the active editor, at the name.
    editor.selection = new vscode.Selection(at, at);
    await vscode.commands.executeCommand('editor.action.revealDefinition');
    const active = await waitFor(10_000, 'clusters.svcsql in the active editor', () => {
      const e = vscode.window.activeTextEditor;
      return e && e.document.uri.path.endsWith('/project/infra/clusters.svcsql') ? e : undefined;
    });
    assert.equal(active.selection.active.line, 3);
  });

  it('rename changes the definition and the references in both files', async () => {
    const { doc } = await openFixture('project/flows/orders.svcsql');
    const at = positionOf(doc, "'etl'", 2);
    const edit = await waitFor(30_000, 'a rename edit', async () => {
      const e = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', doc.uri, at, 'etl-main');
      return e && e.size > 0 ? e : undefined;
    });
    // Other suites leave files in the same workspace that name etl too: the project's two files must
    // be renamed exactly; every other edit must be the same rename. Only the project's part is applied.
    const inProject = edit.entries().filter(([uri]) => uri.path.includes('/project/'));
    const files = inProject.map(([uri, edits]) => [uri.path.replace(/^.*\/project\//, ''), edits.length] as const).sort();
    assert.deepEqual(files, [
      ['flows/orders.svcsql', 2],
      ['infra/clusters.svcsql', 1],
    ]);
    for (const [uri, edits] of edit.entries()) {
      for (const e of edits) assert.match(e.newText, /^(`etl-main`|'etl-main')$/, `${uri.path}: ${e.newText}`);
    }
    const projectEdit = new vscode.WorkspaceEdit();
    for (const [uri, edits] of inProject) projectEdit.set(uri, edits);
    assert.ok(await vscode.workspace.applyEdit(projectEdit));
    const clusters = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(doc.uri, '../../infra/clusters.svcsql'));
    assert.match(clusters.getText(), /^CREATE CLUSTER `etl-main`$/m);
    assert.match(doc.getText(), /CLUSTER = 'etl-main';/);
    assert.match(doc.getText(), /^DESCRIBE CLUSTER `etl-main`$/m);
    // The renamed name resolves: definition from the reference again lands in the other file.
    const again = await waitFor(10_000, 'a definition of etl-main', async () => {
      const r = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
        'vscode.executeDefinitionProvider',
        doc.uri,
        positionOf(doc, "'etl-main'", 2),
      );
      return r && r.length > 0 ? r : undefined;
    });
    assert.ok(targetOf(again[0]!).uri.path.endsWith('/project/infra/clusters.svcsql'));
  });
});
