// The examples/ workspace that `npm start` opens: every file but mistakes.svcsql is clean, and
// mistakes.svcsql has exactly the numbered mistakes its comments promise (one per statement).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { codeOf, waitFor } from '../host/helpers';

const examplesDir = (): string | undefined => process.env.SVCSQL_E2E_EXAMPLES || undefined;

async function settledDiagnostics(uri: vscode.Uri): Promise<vscode.Diagnostic[]> {
  // "No diagnostics" is also an answer: wait until the set stops changing for a moment.
  let last = '';
  let stableSince = Date.now();
  return waitFor(20_000, `diagnostics of ${path.basename(uri.fsPath)} to settle`, () => {
    const d = vscode.languages.getDiagnostics(uri).filter((x) => x.source === 'svcsql');
    const key = JSON.stringify(d.map((x) => [codeOf(x), x.range.start.line]));
    if (key !== last) {
      last = key;
      stableSince = Date.now();
      return undefined;
    }
    return Date.now() - stableSince > 1500 ? d : undefined;
  });
}

describe('examples/', function () {
  before(function () {
    if (!examplesDir()) this.skip();
  });

  it('every example but mistakes.svcsql is free of problems', async () => {
    const files = fs.readdirSync(examplesDir()!).filter((f) => f.endsWith('.svcsql') && f !== 'mistakes.svcsql');
    assert.ok(files.length >= 4, `examples found: ${files.join(', ')}`);
    for (const f of files) {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(examplesDir()!, f)));
      await vscode.window.showTextDocument(doc, { preview: false });
      const d = await settledDiagnostics(doc.uri);
      assert.deepEqual(
        d.map((x) => `${codeOf(x)}@${x.range.start.line + 1}: ${x.message}`),
        [],
        `${f} is clean`,
      );
    }
  });

  it('mistakes.svcsql has one problem per numbered mistake', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(examplesDir()!, 'mistakes.svcsql')));
    await vscode.window.showTextDocument(doc, { preview: false });
    await waitFor(20_000, 'diagnostics of mistakes.svcsql', () =>
      vscode.languages.getDiagnostics(doc.uri).some((x) => x.source === 'svcsql') ? true : undefined,
    );
    const d = await settledDiagnostics(doc.uri);
    const numbered = doc
      .getText()
      .split('\n')
      .filter((l) => /^-- \d+\. /.test(l)).length;
    assert.equal(numbered, 6);
    assert.equal(d.length, numbered, `one problem per mistake: ${d.map((x) => `${codeOf(x)}@${x.range.start.line + 1}`).join(', ')}`);
    // Each problem sits in the statement right after its numbered comment.
    const headers = doc
      .getText()
      .split('\n')
      .flatMap((l, i) => (/^-- \d+\. /.test(l) ? [i] : []));
    for (let k = 0; k < headers.length; k++) {
      const from = headers[k]!;
      const to = headers[k + 1] ?? doc.lineCount;
      assert.ok(
        d.some((x) => x.range.start.line > from && x.range.start.line < to),
        `mistake ${k + 1} (line ${from + 1}) is flagged`,
      );
    }
  });
});
