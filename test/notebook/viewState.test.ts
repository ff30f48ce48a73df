// The view state a notebook output (and the results panel) keeps per run: a run drawn while pending
// has no tables, so its output showed the tree; when its answer brings a table, the grid must open —
// a cell's output is redrawn in place for the same run, so the pending draw's choice must not stick.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { viewStateFor } from '../../client/src/results/webview/pageState';

describe('view state per run', () => {
  it('a fresh run opens on its table when it has one, else on the tree', () => {
    assert.equal(viewStateFor(undefined, 'r1', 2).tab, 'table');
    assert.equal(viewStateFor(undefined, 'r1', 0).tab, 'tree');
  });

  it('a run first drawn pending (no tables) opens on the table when its answer has one', () => {
    const pending = viewStateFor(undefined, 'r1', 0);
    assert.equal(pending.tab, 'tree');
    const polled = viewStateFor(pending, 'r1', 0);
    assert.equal(polled.tab, 'tree');
    const done = viewStateFor(polled, 'r1', 1);
    assert.equal(done.tab, 'table');
  });

  it('keeps what the user chose for the same run once it had tables', () => {
    const first = viewStateFor(undefined, 'r1', 3);
    const chosen = { ...first, tab: 'raw' as const, table: 2, filter: 'x', sort: { column: 1, direction: 'desc' as const } };
    const again = viewStateFor(chosen, 'r1', 3);
    assert.equal(again.tab, 'raw');
    assert.equal(again.table, 2);
    assert.equal(again.filter, 'x');
    assert.deepEqual(again.sort, { column: 1, direction: 'desc' });
  });

  it('another run starts fresh; the table index stays in range', () => {
    const chosen = { ...viewStateFor(undefined, 'r1', 3), tab: 'raw' as const, table: 2 };
    assert.equal(viewStateFor(chosen, 'r2', 1).tab, 'table');
    assert.equal(viewStateFor(chosen, 'r1', 1).table, 0);
    assert.equal(viewStateFor({ ...chosen, tab: 'table' }, 'r1', 0).tab, 'tree');
  });
});
