// Not a test of behaviour: the timings `npm run e2e:figures` reports. Only run when
// SVCSQL_E2E_SUITES=figures (index.ts leaves it out otherwise). Opens a file as soon as the window's
// extension host runs this, and marks when the extension is active, when the first diagnostics
// arrive, and how long a Run takes to reach SUCCESS against the emulator.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO, EXTENSION_ID, emulatorUrl, extensionApi, openFixture, positionOf, waitFor } from '../host/helpers';
import { mark, marks } from '../host/marks';

describe('figures', () => {
  it('times activation, first diagnostics and a run', async () => {
    mark('hostSuiteStart');
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    mark('fileOpened'); // the instant the open is asked for: activation happens inside it
    const { doc } = await openFixture('mistakes.svcsql');
    await waitFor(60_000, 'activation', () => (ext.isActive ? true : undefined), 5);
    mark('activated');
    await waitFor(
      60_000,
      'first diagnostics',
      () => (vscode.languages.getDiagnostics(doc.uri).some((d) => d.source === 'svcsql') ? true : undefined),
      5,
    );
    mark('firstDiagnostics');
    const url = emulatorUrl();
    if (!url) return;
    const api = await extensionApi();
    await api.storeCredentials('figures', { baseUrl: url, ...DEMO });
    const run = await openFixture('run.svcsql');
    mark('runStart');
    const entry = (await api.runStatementAt(run.doc.uri, positionOf(run.doc, 'CREATE CLUSTER e2e_cluster', 7))) as
      { state?: string } | undefined;
    mark('runEnd');
    assert.equal(entry?.state, 'success');
  });

  it('times the results panel drawing 10,000 rows', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      name: `cluster_${i}`,
      status: i % 7 ? 'ACTIVE' : 'DELETED',
      maxOcu: i % 16,
      tags: { team: `t${i % 12}`, cost: [i, i * 2] },
    }));
    const entry = {
      id: 'figures-10k',
      profile: 'figures',
      statement: 'SHOW CLUSTERS',
      title: 'SHOW CLUSTERS',
      state: 'success',
      submittedAt: Date.now(),
      updatedAt: Date.now(),
      apiResponse: { showClustersApiResponse: { clusters: rows } },
    };
    // Drawn twice: the first also loads the page; the second is a run shown in the open panel.
    for (const [i, name] of ['results10kFirstMs', 'results10kMs'].entries()) {
      const drawn = (await vscode.commands.executeCommand('svcsql.results.show', { ...entry, id: `${entry.id}-${i}` })) as
        { rows: number; ms: number } | undefined;
      assert.equal(drawn?.rows, 10_000);
      marks[name] = drawn.ms; // a duration, not an instant: figures.ts prints it as it is
    }
  });
});
