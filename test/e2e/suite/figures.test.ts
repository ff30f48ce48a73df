// Not a test of behaviour: the timings `npm run e2e:figures` reports. Only run when
// SVCSQL_E2E_SUITES=figures (index.ts leaves it out otherwise). Opens a file as soon as the window's
// extension host runs this, and marks when the extension is active, when the first diagnostics
// arrive, and how long a Run takes to reach SUCCESS against the emulator.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO, EXTENSION_ID, emulatorUrl, extensionApi, openFixture, positionOf, waitFor } from '../host/helpers';
import { mark } from '../host/marks';

describe('figures', () => {
  it('times activation, first diagnostics and a run', async () => {
    mark('hostSuiteStart');
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    mark('fileOpened'); // the instant the open is asked for: activation happens inside it
    const { doc } = await openFixture('mistakes.svcsql');
    await waitFor(60_000, 'activation', () => (ext.isActive ? true : undefined), 5);
    mark('activated');
    await waitFor(60_000, 'first diagnostics', () => (vscode.languages.getDiagnostics(doc.uri).some((d) => d.source === 'svcsql') ? true : undefined), 5);
    mark('firstDiagnostics');
    const url = emulatorUrl();
    if (!url) return;
    const api = await extensionApi();
    await api.storeCredentials('figures', { baseUrl: url, ...DEMO });
    const run = await openFixture('run.svcsql');
    mark('runStart');
    const entry = (await api.runStatementAt(run.doc.uri, positionOf(run.doc, 'CREATE CLUSTER e2e_cluster', 7))) as { state?: string } | undefined;
    mark('runEnd');
    assert.equal(entry?.state, 'success');
  });
});
