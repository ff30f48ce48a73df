// Opening a .svcsql file activates the extension (onLanguage), and the file's language is svcsql.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { EXTENSION_ID, findLogFile, openFixture, waitFor } from '../host/helpers';
import { mark } from '../host/marks';

describe('activation', () => {
  it('opening a .svcsql file activates the extension; the language is svcsql', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is loaded`);
    mark('suiteStart');
    const { doc } = await openFixture('flows.svcsql');
    mark('fileOpened');
    assert.equal(doc.languageId, 'svcsql');
    await waitFor(30_000, 'the extension to activate', () => (ext.isActive ? true : undefined), 20);
    mark('activated');
    const api = ext.exports as Record<string, unknown> | undefined;
    assert.ok(api && typeof api === 'object', 'activate() returns the API object');
    for (const k of ['storeCredentials', 'getConnection', 'runStatementAt']) assert.equal(typeof api[k], 'function', `API has ${k}()`);
  });

  it('activate() reports how long it took (issue 18: ≤ 30 ms), and its phases in the log', async function () {
    const api = vscode.extensions.getExtension(EXTENSION_ID)?.exports as { activationMs?: unknown; activationPhases?: unknown } | undefined;
    const ms = api?.activationMs;
    assert.ok(typeof ms === 'number' && ms > 0, 'activationMs is a positive number');
    // A figure, not a timed assertion (shared machines): it is printed with the test's title.
    const logFile = await waitFor(10_000, 'the Service SQL output log file', () => findLogFile('Service SQL.log'));
    const line = await waitFor(
      10_000,
      'the activation line in the log',
      () => /Activated in [\d.]+ ms \(([^)]*)\)/.exec(fs.readFileSync(logFile, 'utf8')) ?? undefined,
    );
    assert.match(line[1]!, /^setup [\d.]+, history [\d.]+, .*commands [\d.]+, api [\d.]+$/, 'the phases of activate()');
    assert.equal(api?.activationPhases, line[1], 'the API names the phases the log does (the web e2e reports them from there)');
    this.test!.title = `activate() took ${ms.toFixed(1)} ms (target ≤ 30 ms): ${line[1]}`;
  });
});
