// Format Document and Format Selection as a person runs them: VS Code's own commands, the extension's
// language server behind them, on files of the workspace.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openFixture, openScratch, waitFor, workspaceUri } from '../host/helpers';

const readText = async (name: string) => new TextDecoder().decode(await vscode.workspace.fs.readFile(workspaceUri(name)));

/** Runs an editor command until the document's text becomes `expected` (the server may still be starting). */
async function runUntil(editor: vscode.TextEditor, command: string, expected: string): Promise<void> {
  await waitFor(
    30_000,
    `${command} to give the expected text`,
    async () => {
      await vscode.commands.executeCommand(command);
      return editor.document.getText() === expected ? true : undefined;
    },
    500,
  ).catch((e: Error) => {
    assert.equal(editor.document.getText(), expected, e.message);
  });
}

describe('formatting', () => {
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('Format Document turns a messy file into the expected text', async () => {
    const { editor } = await openFixture('format-messy.svcsql');
    editor.options = { tabSize: 2, insertSpaces: true };
    const expected = await readText('format-messy.expected.svcsql');
    assert.notEqual(editor.document.getText(), expected);
    await runUntil(editor, 'editor.action.formatDocument', expected);
    // Formatting again changes nothing.
    await vscode.commands.executeCommand('editor.action.formatDocument');
    assert.equal(editor.document.getText(), expected);
  });

  it("Format Selection formats only the statements the selection touches, with the editor's indentation", async () => {
    const text = "show   flows;\ncreate job j type = 'PYTHON' cluster = 'c';\nshow   lakes\n";
    const { editor } = await openScratch('format-selection.svcsql', text);
    editor.options = { tabSize: 4, insertSpaces: true };
    editor.selection = new vscode.Selection(1, 3, 1, 10);
    await runUntil(
      editor,
      'editor.action.formatSelection',
      "show   flows;\nCREATE JOB j\n    TYPE = 'PYTHON'\n    CLUSTER = 'c';\nshow   lakes\n",
    );
  });

  it('svcsql.format.lineWidth decides when a list gets one item per line', async () => {
    const config = vscode.workspace.getConfiguration('svcsql.format');
    await config.update('lineWidth', 30, vscode.ConfigurationTarget.Workspace);
    try {
      const text = "create job j type = 'PYTHON' parameters = ('a.py', '--day', 'today') cluster = 'c'\n";
      const { editor } = await openScratch('format-width.svcsql', text);
      editor.options = { tabSize: 2, insertSpaces: true };
      await runUntil(
        editor,
        'editor.action.formatDocument',
        "CREATE JOB j\n  TYPE = 'PYTHON'\n  PARAMETERS = (\n    'a.py',\n    '--day',\n    'today'\n  )\n  CLUSTER = 'c'\n",
      );
    } finally {
      await config.update('lineWidth', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
