// The notebook kernel's cell state machine against the emulator in process: queued → running →
// polled → done / failed / cancelled, fed by the service client's own events, and the order of a
// cell's statements (a failure stops the rest).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RunResult } from '../../service/src/index';
import { CellRun, lintBlockedMessage, runInOrder } from '../../client/src/notebook/cellRun';
import { clientFor, FAST_POLL, withEmulator } from '../service/helpers';

describe('notebook cell run', () => {
  it('queued → running → polled → done, counting the polls', () =>
    withEmulator({ pendingMs: 300 }, async (emu) => {
      const cell = new CellRun();
      const r = await clientFor(emu).run('SHOW CLUSTERS', { poll: FAST_POLL, onEvent: (e) => cell.event(e.state) });
      assert.equal(r.state, 'success');
      assert.deepEqual(cell.transitions, ['queued', 'running', 'polled', 'done']);
      assert.ok(cell.polls >= 1, `polls: ${cell.polls}`);
      assert.ok(cell.final);
    }));

  it('a FAILED status ends the cell failed; a parse error (400) too, without a poll', () =>
    withEmulator({ faults: { outcome: 'FAILED' } }, async (emu) => {
      const cell = new CellRun();
      await clientFor(emu).run('SHOW CLUSTERS', { poll: FAST_POLL, onEvent: (e) => cell.event(e.state) });
      assert.equal(cell.transitions.at(-1), 'failed');
      const parse = new CellRun();
      const r = await clientFor(emu).run("DELETE FLOW x WITH 'a' = ", { poll: FAST_POLL, onEvent: (e) => parse.event(e.state) });
      assert.equal(r.error?.kind, 'parse');
      assert.deepEqual(parse.transitions, ['queued', 'running', 'failed']);
    }));

  it('an interrupt while polling ends the cell cancelled, and nothing moves it after', () =>
    withEmulator({ pendingMs: 5_000 }, async (emu) => {
      const cell = new CellRun();
      const ctl = new AbortController();
      const r = await clientFor(emu).run('SHOW CLUSTERS', {
        poll: FAST_POLL,
        signal: ctl.signal,
        onEvent: (e) => {
          cell.event(e.state);
          if (e.state === 'pending') ctl.abort();
        },
      });
      cell.event(r.state);
      assert.equal(r.state, 'cancelled');
      assert.deepEqual(cell.transitions, ['queued', 'running', 'polled', 'cancelled']);
      cell.event('success');
      assert.equal(cell.phase, 'cancelled');
    }));

  it('a cell of several statements is done only after the last; the first failure stops the rest', () =>
    withEmulator({}, async (emu) => {
      const client = clientFor(emu);
      const cell = new CellRun();
      const stmts = ["CREATE CLUSTER nb_c1 TYPE = 'SPARK' MAX_OCU = 4 MIN_OCU = 1", "DELETE FLOW x WITH 'a' = ", 'SHOW CLUSTERS'];
      const sent: string[] = [];
      const { runs, ok } = await runInOrder(
        stmts,
        async (s, i): Promise<RunResult> => {
          sent.push(s);
          return client.run(s, { poll: FAST_POLL, onEvent: (e) => cell.event(e.state, i === stmts.length - 1) });
        },
        () => false,
      );
      assert.equal(ok, false);
      assert.deepEqual(sent, stmts.slice(0, 2));
      assert.deepEqual(
        runs.map((r) => r.state),
        ['success', 'rejected'],
      );
      assert.ok(!cell.transitions.slice(0, -1).includes('done'), JSON.stringify(cell.transitions));
      assert.equal(cell.phase, 'failed');

      const all = await runInOrder(
        ['SHOW CLUSTERS', 'SHOW LAKES'],
        (s) => client.run(s, { poll: FAST_POLL }),
        () => false,
      );
      assert.equal(all.ok, true);
      assert.equal(all.runs.length, 2);
    }));

  it('says which statements have lint errors', () => {
    const msg = lintBlockedMessage([{ range: { start: { line: 2 } }, title: 'CREATE FLOW', text: 'CREATE FLOW f' }]);
    assert.match(msg, /^This statement has errors, so it was not sent to the service\./);
    assert.match(msg, /line 3: CREATE FLOW/);
  });
});
