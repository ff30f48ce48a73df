// History persistence across a window reload. In code-server globalState lives in the browser, and
// a reload would end this very test run, so the suite reads what the extension persisted
// (api.history.persisted(), its globalState value) and feeds it back through the activation-time
// restore (api.history.restore(), the same function activate() runs on what it loads).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { HistoryModel } from '../../../client/src/history';
import {
  emulatorFaults,
  emulatorSuite,
  entryById,
  HELD,
  NO_FAULTS,
  emulatorStats,
  findLogFile,
  type HistoryEntry,
  runOf,
  sleep,
  startRunOf,
  waitFor,
  waitForEntry,
  within,
} from '../host/helpers';

const PROFILE = 'e2e-history';

describe('History persistence and resume after reload', function () {
  this.timeout(45_000);
  const suite = emulatorSuite('requests.svcsql', PROFILE);

  const persistedEntry = (id: string | undefined): HistoryEntry | undefined => {
    const saved = suite.api.history.persisted();
    return Array.isArray(saved) ? (saved as HistoryEntry[]).find((e) => e.id === id) : undefined;
  };

  it('a finished run is persisted; a fresh history reading it sees the run and resumes nothing', async () => {
    const e = (await within(20_000, 'a run', runOf(suite, 'SHOW CLUSTERS'))) as HistoryEntry;
    assert.equal(e?.state, 'success');
    const saved = await waitFor(5_000, 'the run in the persisted history', () =>
      persistedEntry(e.id)?.state === 'success' ? suite.api.history.persisted() : undefined,
    );

    const fresh = new HistoryModel();
    const loaded = fresh.load(saved);
    const again = fresh.get(e.id!);
    assert.ok(again, 'the fresh history holds the run');
    assert.equal(again.requestId, e.requestId);
    assert.equal(again.statement, e.statement);
    assert.deepEqual(again.apiResponse, e.apiResponse, 'with its response');
    assert.equal(loaded.entries.length, (saved as unknown[]).length, 'every persisted entry loads');
    assert.ok(!loaded.resume.some((r) => r.id === e.id), 'a finished run is not polled again');
  });

  it('a run pending at reload resumes polling and reaches its final state', async () => {
    await emulatorFaults({ unknownStatus: 100_000, unknownStatusValue: HELD });
    const { known, done } = await startRunOf(suite, 'DESCRIBE CLUSTER');
    const live = await waitForEntry(suite.api, 15_000, 'the run to be polled', (e) => !known.has(e.id!) && e.apiStatus === HELD);
    // The request id is persisted as soon as it arrives, so a reload from now on can resume.
    const snapshot = await waitFor(5_000, 'the pending run in the persisted history', () => {
      const p = persistedEntry(live.id);
      return p?.state === 'pending' && p.requestId === live.requestId
        ? (JSON.parse(JSON.stringify(suite.api.history.persisted())) as unknown)
        : undefined;
    });

    // The window goes away: its polling stops (cancelled here; the snapshot predates that).
    await vscode.commands.executeCommand('svcsql.requests.cancel', { type: 'run', entry: live });
    await within(10_000, 'the live run to stop', done);
    assert.equal((await entryById(suite.api, live.id))?.state, 'cancelled');

    const calls = (await emulatorStats()).statusCalls;
    await within(10_000, 'the restore', suite.api.history.restore(snapshot));
    const restored = await entryById(suite.api, live.id);
    assert.equal(restored?.state, 'pending', 'after the reload the run is pending again');
    assert.equal(restored?.requestId, live.requestId);
    await waitFor(5_000, 'the resumed run to be polled', async () => ((await emulatorStats()).statusCalls > calls ? true : undefined));

    await emulatorFaults(NO_FAULTS); // the service now answers the final status
    const final = await waitFor(15_000, 'the resumed run to end', async () => {
      const e = await entryById(suite.api, live.id);
      return e && e.state !== 'pending' ? e : undefined;
    });
    assert.equal(final.state, 'success', `resumed run ends in success (${JSON.stringify(final)})`);
    assert.match(String(final.apiStatus), /SUCCESS$/);
    assert.ok(final.apiResponse && typeof final.apiResponse === 'object' && 'describeClusterApiResponse' in final.apiResponse);
    await waitFor(5_000, 'the final state to be persisted', () => (persistedEntry(live.id)?.state === 'success' ? true : undefined));
  });

  it('a run caught mid-submit is not sent again after reload: it ends as an error', async () => {
    await emulatorFaults({ delayMs: 4_000 }); // the submit is in flight for 4 s
    const { known, done } = await startRunOf(suite, 'SHOW CLUSTERS');
    const live = await waitForEntry(suite.api, 10_000, 'the run to start', (e) => !known.has(e.id!));
    assert.equal(live.state, 'submitting');
    const snapshot = await waitFor(5_000, 'the submitting run in the persisted history', () =>
      persistedEntry(live.id)?.state === 'submitting' ? (JSON.parse(JSON.stringify(suite.api.history.persisted())) as unknown) : undefined,
    );
    await vscode.commands.executeCommand('svcsql.requests.cancel', { type: 'run', entry: live });
    await within(10_000, 'the live run to stop', done);
    await emulatorFaults(NO_FAULTS);

    const submits = (await emulatorStats()).submits;
    await within(10_000, 'the restore', suite.api.history.restore(snapshot));
    const restored = await entryById(suite.api, live.id);
    assert.equal(restored?.state, 'error', `ended as an error (${JSON.stringify(restored)})`);
    assert.match(String((restored?.error as { message?: string } | undefined)?.message), /not sent again/);
    assert.equal(restored?.requestId, undefined);
    await sleep(1_500);
    assert.equal((await emulatorStats()).submits, submits, 'the statement was not submitted again');
    await waitFor(5_000, 'the error to be persisted', () => (persistedEntry(live.id)?.state === 'error' ? true : undefined));
    const logFile = findLogFile('Service SQL.log');
    if (logFile) {
      await waitFor(5_000, 'the warning in the output', () =>
        /interrupted before the service returned a request id/.test(fs.readFileSync(logFile, 'utf8')) ? true : undefined,
      );
    }
  });
});
