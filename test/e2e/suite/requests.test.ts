// The Requests view's item actions, executed as the real commands with the argument the view hands
// them (the tree node of a run, or of its requestId field), against the run's emulator. A run is
// held pending by the emulator's `unknownStatus` fault: every status answer is a status no client
// knows, which the client shows and keeps polling.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  emulatorFaults,
  emulatorSuite,
  entryById,
  HELD,
  NO_FAULTS,
  emulatorStats,
  type HistoryEntry,
  runOf,
  sleep,
  startRunOf,
  waitFor,
  waitForEntry,
  within,
} from '../host/helpers';

const PROFILE = 'e2e-requests';

/** What RequestsTree.getChildren() hands to view/item/context commands. */
const runNode = (e: HistoryEntry) => ({ type: 'run', entry: e });
const requestIdNode = (e: HistoryEntry) => ({
  type: 'field',
  entryId: e.id,
  path: 'requestId',
  node: { key: 'requestId', value: e.requestId, expandable: false, description: e.requestId },
});

describe('Requests view actions', function () {
  this.timeout(45_000);
  const suite = emulatorSuite('requests.svcsql', PROFILE);

  /** Runs the statement starting with `needle` to its end. */
  async function runToEnd(needle: string): Promise<HistoryEntry> {
    const e = (await within(20_000, `a run of ${needle}`, runOf(suite, needle))) as HistoryEntry | undefined;
    assert.ok(e, `a run of ${needle} happened`);
    assert.equal(e.state, 'success', `the run ended in success (${JSON.stringify(e)})`);
    assert.ok(e.requestId, 'with a request id');
    return e;
  }

  /** Starts a run the emulator keeps pending; resolves once the client has polled it at least once. */
  async function startHeldRun(needle: string): Promise<{ entry: HistoryEntry; done: Promise<unknown> }> {
    await emulatorFaults({ unknownStatus: 100_000, unknownStatusValue: HELD });
    const { known, done } = await startRunOf(suite, needle);
    const entry = await waitForEntry(
      suite.api,
      15_000,
      'the new run to be polled (apiStatus = the held status)',
      (e) => !known.has(e.id!) && e.apiStatus === HELD,
    );
    assert.equal(entry.state, 'pending');
    return { entry, done };
  }

  it('copyRequestId: the clipboard holds the request id (from the run item and from its requestId field)', async () => {
    const e = await runToEnd('SHOW CLUSTERS');
    await vscode.env.clipboard.writeText('e2e-clipboard-before');
    assert.equal(await vscode.env.clipboard.readText(), 'e2e-clipboard-before', 'the clipboard works in this host');
    await vscode.commands.executeCommand('svcsql.requests.copyRequestId', runNode(e));
    assert.equal(await vscode.env.clipboard.readText(), e.requestId);

    await vscode.env.clipboard.writeText('e2e-clipboard-again');
    await vscode.commands.executeCommand('svcsql.requests.copyRequestId', requestIdNode(e));
    assert.equal(await vscode.env.clipboard.readText(), e.requestId, 'the inline action on the requestId field copies it too');
  });

  it('cancel on a pending run: it ends `cancelled` and polling stops', async () => {
    const { entry, done } = await startHeldRun('DESCRIBE CLUSTER');
    await vscode.commands.executeCommand('svcsql.requests.cancel', runNode(entry));
    const ended = (await within(10_000, 'the cancelled run to end', done)) as HistoryEntry;
    assert.equal(ended.state, 'cancelled');
    assert.equal((await entryById(suite.api, entry.id))?.state, 'cancelled', 'the history (the view) shows it cancelled');
    // The client polls after 0.25 s, 1 s, 1.5 s, 2.25 s...: a poll that went on would arrive within 3 s.
    const calls = (await emulatorStats()).statusCalls;
    await sleep(3_000);
    assert.equal((await emulatorStats()).statusCalls, calls, 'no status call after the cancel');
    assert.equal((await entryById(suite.api, entry.id))?.state, 'cancelled', 'and it stays cancelled');
  });

  it('Cancel Run from the palette (no argument): the one run this window polls ends `cancelled`', async function () {
    const { entry, done } = await startHeldRun('DESCRIBE CLUSTER');
    const running = (await suite.api.history.list()).filter((e) => e.state === 'pending' || e.state === 'submitting');
    // With several runs polled the command asks which (a quick pick): this case is the single one.
    if (running.length !== 1) {
      await vscode.commands.executeCommand('svcsql.requests.cancel', runNode(entry));
      await within(10_000, 'the cancelled run to end', done);
      this.skip();
    }
    await vscode.commands.executeCommand('svcsql.requests.cancel');
    const ended = (await within(10_000, 'the cancelled run to end', done)) as HistoryEntry;
    assert.equal(ended.state, 'cancelled');
    assert.equal((await entryById(suite.api, entry.id))?.state, 'cancelled');
  });

  it('refresh: the item re-fetches its status (held, then the final one)', async () => {
    const { entry, done } = await startHeldRun('DESCRIBE CLUSTER');
    await vscode.commands.executeCommand('svcsql.requests.cancel', runNode(entry));
    await within(10_000, 'the cancelled run to end', done);

    const calls = (await emulatorStats()).statusCalls;
    await emulatorFaults({ unknownStatusValue: `${HELD}_AGAIN` });
    await within(10_000, 'refresh', vscode.commands.executeCommand('svcsql.requests.refresh', runNode(entry)));
    assert.equal((await emulatorStats()).statusCalls, calls + 1, 'one status call');
    let now = await entryById(suite.api, entry.id);
    assert.equal(now?.apiStatus, `${HELD}_AGAIN`, 'the entry shows the status the service gave now');

    // Let the request finish on the emulator (1.5 s after its submission), then refresh again.
    await emulatorFaults(NO_FAULTS);
    await sleep(Math.max(0, Number(entry.submittedAt) + 1_800 - Date.now()));
    await within(10_000, 'refresh', vscode.commands.executeCommand('svcsql.requests.refresh', runNode(entry)));
    now = await entryById(suite.api, entry.id);
    assert.match(String(now?.apiStatus), /SUCCESS$/);
    assert.equal(now?.state, 'success', 'a run no longer polled takes the state the refreshed status says');
    assert.ok(
      now?.apiResponse && typeof now.apiResponse === 'object' && 'describeClusterApiResponse' in now.apiResponse,
      `the response came along (${JSON.stringify(now?.apiResponse)})`,
    );
  });

  it('rerun: a new history entry with a new request id for the same statement', async () => {
    const first = await runToEnd('SHOW CLUSTERS');
    const again = (await within(20_000, 'the rerun', vscode.commands.executeCommand('svcsql.requests.rerun', runNode(first)))) as
      HistoryEntry | undefined;
    assert.ok(again, 'the command returns the new run');
    assert.notEqual(again.id, first.id);
    assert.equal(again.state, 'success');
    assert.ok(again.requestId && again.requestId !== first.requestId, 'a new request id');
    assert.equal(again.statement, first.statement, 'the same statement text');
    assert.equal(again.uri, first.uri, 'still tied to its file (diagnostics map there)');
    const list = await suite.api.history.list();
    assert.equal(list[0]?.id, again.id, 'the newest entry');
    assert.ok(
      list.some((e) => e.id === first.id),
      'the first run stays',
    );
  });

  it('openResponse: an untitled JSON document with the apiResponse is shown', async () => {
    const e = await runToEnd('SHOW CLUSTERS');
    await vscode.commands.executeCommand('svcsql.requests.openResponse', runNode(e));
    const editor = await waitFor(5_000, 'a JSON editor', () => {
      const ed = vscode.window.activeTextEditor;
      return ed?.document.languageId === 'json' && ed.document.isUntitled ? ed : undefined;
    });
    try {
      const shown = JSON.parse(editor.document.getText()) as Record<string, unknown>;
      assert.equal(shown.requestId, e.requestId);
      assert.equal(shown.state, 'success');
      assert.deepEqual(shown.apiResponse, e.apiResponse);
      assert.ok(
        shown.apiResponse && typeof shown.apiResponse === 'object' && 'showClustersApiResponse' in shown.apiResponse,
        'the emulator response for SHOW CLUSTERS',
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('remove: that entry is gone from the history, also from what is persisted', async () => {
    const a = await runToEnd('SHOW CLUSTERS');
    const b = await runToEnd('SHOW CLUSTERS');
    await vscode.commands.executeCommand('svcsql.requests.remove', runNode(a));
    let ids = (await suite.api.history.list()).map((e) => e.id);
    assert.ok(!ids.includes(a.id), 'the removed run is gone');
    assert.ok(ids.includes(b.id), 'the other run stays');
    // The string form (a request id, as Check Status or a keybinding would pass it) works too.
    await vscode.commands.executeCommand('svcsql.requests.remove', b.requestId);
    ids = (await suite.api.history.list()).map((e) => e.id);
    assert.ok(!ids.includes(b.id), 'removed by request id');
    await waitFor(5_000, 'the removal to be persisted', () => {
      const saved = suite.api.history.persisted();
      return Array.isArray(saved) && !saved.some((e: HistoryEntry) => e.id === a.id || e.id === b.id) ? true : undefined;
    });
  });

  it('clear: the history is empty, runs still polling excepted', async () => {
    await runToEnd('SHOW CLUSTERS');
    const { entry, done } = await startHeldRun('DESCRIBE CLUSTER');
    await vscode.commands.executeCommand('svcsql.requests.clear');
    const left = await suite.api.history.list();
    assert.deepEqual(
      left.map((e) => e.id),
      [entry.id],
      `only the run still polling is left (${left.map((e) => `${e.id}:${e.state}`).join(', ')})`,
    );
    await vscode.commands.executeCommand('svcsql.requests.cancel', runNode(entry));
    await within(10_000, 'the cancelled run to end', done);
    await vscode.commands.executeCommand('svcsql.requests.clear');
    assert.deepEqual(await suite.api.history.list(), [], 'nothing left');
    await waitFor(5_000, 'the empty history to be persisted', () => {
      const saved = suite.api.history.persisted();
      return Array.isArray(saved) && saved.length === 0 ? true : undefined;
    });
  });
});
