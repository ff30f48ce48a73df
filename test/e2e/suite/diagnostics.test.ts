// Diagnostics: a known-bad file gets the expected codes at exact ranges; fixing it clears them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, openFixture, rangeText, setText, waitForDiagnostics, workspaceUri } from '../host/helpers';
import { mark } from '../host/marks';

/**
 * What the language core reports for fixtures/mistakes.svcsql (codes from core/src), as
 * `code@line:char-line:char` (0-based). The set must match exactly: a new or missing diagnostic fails.
 */
const EXPECTED = [
  'missing-equals@1:30-1:37', // TYPE 'SPARK': no '=' (range = the value)
  'quoted-integer@3:22-3:25', // LIMIT = '3' (range = the quoted number)
  'missing-clause@5:0-5:23', // CREATE FLOW orders_flow without DATABASE (range = the statement's head)
  'unbalanced-parenthesis@12:48-12:49', // PARAMETERS = ('--date', 'today' — never closed
];

const ours = (d: readonly vscode.Diagnostic[]): vscode.Diagnostic[] => d.filter((x) => x.source === 'svcsql');
const keyOf = (d: vscode.Diagnostic): string => `${codeOf(d)}@${rangeText(d.range)}`;

describe('diagnostics', () => {
  it('a known-bad file gets the expected codes at exact ranges', async () => {
    mark('diagnosticsOpen');
    const { doc } = await openFixture('mistakes.svcsql');
    const got = await waitForDiagnostics(doc.uri, 20_000, (d) => ours(d).length >= EXPECTED.length, 'the language server to publish');
    mark('firstDiagnostics');
    assert.deepEqual(ours(got).map(keyOf).sort(), [...EXPECTED].sort());
    for (const d of ours(got)) {
      assert.equal(d.severity, vscode.DiagnosticSeverity.Error, `${keyOf(d)} is an error`);
      assert.ok(d.message.trim().length > 10, `${keyOf(d)} has a message in words: "${d.message}"`);
      // The extension links each code to its docs entry itself (client/src/diagnosticLinks.ts).
      const code = d.code as { value: string; target: vscode.Uri } | undefined;
      assert.match(code?.target.toString(true) ?? '', new RegExp(`/docs/diagnostics\\.md#${codeOf(d)}$`), `${keyOf(d)} links to its entry`);
    }
  });

  it('fixing the file clears them', async () => {
    const { doc } = await openFixture('mistakes.svcsql');
    const original = doc.getText();
    const fixed = new TextDecoder().decode(await vscode.workspace.fs.readFile(workspaceUri('mistakes.fixed.svcsql')));
    await setText(doc, fixed);
    await waitForDiagnostics(doc.uri, 20_000, (d) => ours(d).length === 0, 'diagnostics to clear');
    // And back: the same text brings them back (the server tracks edits, not only opens).
    await setText(doc, original);
    const again = await waitForDiagnostics(
      doc.uri,
      20_000,
      (d) => ours(d).length === EXPECTED.length,
      'diagnostics to return with the text',
    );
    assert.deepEqual(ours(again).map(keyOf).sort(), [...EXPECTED].sort());
    await doc.save();
  });
});

describe('quick fixes', () => {
  it('the quick fix for a quoted integer unquotes it and its diagnostic goes away', async () => {
    const { doc } = await openFixture('mistakes.svcsql');
    const all = await waitForDiagnostics(
      doc.uri,
      20_000,
      (d) => ours(d).some((x) => codeOf(x) === 'quoted-integer'),
      'the quoted-integer diagnostic',
    );
    const target = ours(all).find((x) => codeOf(x) === 'quoted-integer')!;
    // The last argument asks VS Code to resolve the actions' edits (codeAction/resolve), as the light bulb does.
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      target.range,
      vscode.CodeActionKind.QuickFix.value,
      10,
    );
    const describe = (a: vscode.CodeAction): string =>
      `${a.title} [edit: ${!!a.edit}, diagnostics: ${(a.diagnostics ?? []).map(codeOf).join(',')}]`;
    const fix = (actions ?? []).find((a) => /unquote/i.test(a.title));
    assert.ok(fix?.edit, `a quick fix with an edit for quoted-integer; got ${(actions ?? []).map(describe).join(' | ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(doc.lineAt(3).text, 'ALTER OCU SET LIMIT = 3;');
    await waitForDiagnostics(
      doc.uri,
      20_000,
      (d) => !ours(d).some((x) => codeOf(x) === 'quoted-integer') && ours(d).length === EXPECTED.length - 1,
      'the fixed diagnostic to go',
    );
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
