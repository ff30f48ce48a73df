// The results panel from the extension host: `svcsql.results.show` (the explorer's contract) with a
// history id and with an object not in the history, the panel opening by itself after a SHOW run,
// and not when `svcsql.results.openOnShow` is off. What the page draws is checked in the UI suite
// (ui/results.ts); here the command's answer says what the page drew (rows), reported by the page.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { emulatorSuite, findLogFile, type HistoryEntry, runOf, sleep, waitFor, within } from '../host/helpers';

const PROFILE = 'e2e-results';
type Rendered = { runId: string; rows: number; ms: number } | undefined;

/** The results panel's tab, when open (a webview tab whose view type names the panel). */
function resultsTab(): vscode.Tab | undefined {
  for (const g of vscode.window.tabGroups.all)
    for (const t of g.tabs) if (t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('svcsql.results')) return t;
  return undefined;
}

async function closeResults(): Promise<void> {
  const t = resultsTab();
  if (t) await vscode.window.tabGroups.close(t);
  await waitFor(5_000, 'the results panel to close', () => (resultsTab() ? undefined : true));
}

describe('Results panel', function () {
  this.timeout(60_000);
  const suite = emulatorSuite('requests.svcsql', PROFILE);
  after(async () => {
    await vscode.workspace.getConfiguration('svcsql').update('results.openOnShow', undefined, vscode.ConfigurationTarget.Global);
    await closeResults().catch(() => undefined);
  });

  it('opens by itself when a SHOW run succeeds, without taking the focus from the editor', async () => {
    await closeResults();
    const e = (await within(20_000, 'SHOW CLUSTERS', runOf(suite, 'SHOW CLUSTERS'))) as HistoryEntry;
    assert.equal(e.state, 'success');
    await waitFor(10_000, 'the results panel tab', () => resultsTab());
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), suite.doc.uri.toString(), 'the editor keeps the focus');
    // The output channel names the command under the run's last line (it cannot hold a link).
    const logFile = await waitFor(10_000, 'the Service SQL output log file', () => findLogFile('Service SQL.log'));
    const lines = await waitFor(10_000, 'the hint in the output', () => {
      const text = fs.readFileSync(logFile, 'utf8');
      return text.includes(`Results of run ${e.id}`) ? text.split('\n') : undefined;
    });
    const hint = lines.findIndex((l) => l.includes(`Results of run ${e.id}: run "Service SQL: Open Results" (svcsql.results.show)`));
    const ended = lines.findIndex((l) => l.includes(`Run ${e.id} ended: success`));
    assert.ok(ended >= 0 && hint > ended, `the hint (line ${hint}) comes after the run's end (line ${ended})`);
  });

  it('does not open by itself with svcsql.results.openOnShow off', async () => {
    await vscode.workspace.getConfiguration('svcsql').update('results.openOnShow', false, vscode.ConfigurationTarget.Global);
    await closeResults();
    const e = (await within(20_000, 'SHOW CLUSTERS', runOf(suite, 'SHOW CLUSTERS'))) as HistoryEntry;
    assert.equal(e.state, 'success');
    await sleep(1_500);
    assert.equal(resultsTab(), undefined);
    await vscode.workspace.getConfiguration('svcsql').update('results.openOnShow', undefined, vscode.ConfigurationTarget.Global);
  });

  it('svcsql.results.show takes a history id and draws its rows; the entry has a timeline', async () => {
    const e = (await within(20_000, 'SHOW CLUSTERS', runOf(suite, 'SHOW CLUSTERS'))) as HistoryEntry & { events?: { state: string }[] };
    const clusters = (e.apiResponse as { showClustersApiResponse: { clusters: unknown[] } }).showClustersApiResponse.clusters;
    const drawn = (await vscode.commands.executeCommand('svcsql.results.show', e.id)) as Rendered;
    assert.equal(drawn?.runId, e.id);
    assert.equal(drawn?.rows, clusters.length);
    assert.ok(resultsTab());
    const states = (e.events ?? []).map((x) => x.state);
    assert.equal(states[0], 'submitting');
    assert.equal(states.at(-1), 'success');
    assert.ok(states.includes('pending'), JSON.stringify(states));
  });

  it("svcsql.results.show takes a HistoryEntry-shaped object that is not in the history (the explorer's case)", async () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({ name: `obj_${i}`, kind: i % 2 ? 'TABLE' : 'VIEW' }));
    const entry = {
      id: 'explorer-e2e-1',
      profile: PROFILE,
      statement: 'SHOW TABLES',
      title: 'SHOW TABLES',
      state: 'success',
      submittedAt: Date.now(),
      updatedAt: Date.now(),
      apiResponse: { showTablesApiResponse: { tables: rows } },
    };
    const drawn = (await vscode.commands.executeCommand('svcsql.results.show', entry)) as Rendered;
    assert.deepEqual([drawn?.runId, drawn?.rows], ['explorer-e2e-1', 250]);
    const none = (await vscode.commands.executeCommand('svcsql.results.show', { id: 'explorer-e2e-2', apiResponse: 42 })) as Rendered;
    assert.equal(none?.rows, 0, 'a scalar response draws, with no table');
  });
});
