// 50 concurrent runs against one project: the emulator never sees more than 10 requests in any
// one-second window, and never has to answer 429.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maxInAnyWindow } from '../../emulator/src/stats';
import { ServiceClient } from '../../service/src/index';
import { connectionFor, FAST_RETRY, withEmulator } from './helpers';

test('50 concurrent runs share one limiter per project: at most 10 requests per second', { timeout: 30_000 }, () =>
  withEmulator({ pendingMs: 100 }, async (emu) => {
    const started = Date.now();
    // Separate client objects on purpose: the limiter is per project, not per client.
    const runs = Array.from({ length: 50 }, (_, i) =>
      new ServiceClient(connectionFor(emu), { retry: FAST_RETRY }).run(i % 2 ? 'SHOW FLOWS' : 'SHOW CLUSTERS', {
        poll: { initialMs: 100, factor: 1.5, maxMs: 400 },
        timeoutMs: 25_000,
      }),
    );
    const results = await Promise.all(runs);
    const took = Date.now() - started;
    assert.deepEqual(new Set(results.map((r) => r.state)), new Set(['success']));
    const p = emu.stats.projects[emu.credentials.projectUid]!;
    console.log(JSON.stringify({ ...emu.stats, projects: undefined, p: { ...p, arrivals: p.arrivals.length } }));
    assert.equal(p.submits, 50);
    assert.equal(p.rateLimited, 0);
    assert.ok(p.maxInAnyWindow <= 10, `max ${p.maxInAnyWindow} in a window`);
    assert.equal(maxInAnyWindow(p.arrivals, 1000), p.maxInAnyWindow);
    // It did run at the limit, not far below it (otherwise the check above proves little).
    assert.ok(p.maxInAnyWindow >= 9, `max ${p.maxInAnyWindow}`);
    const rate = p.arrivals.length / (took / 1000);
    console.log(`rate limit: ${p.arrivals.length} requests in ${took} ms (${rate.toFixed(1)}/s), max ${p.maxInAnyWindow} in any 1 s window`);
    assert.ok(took < 20_000, `took ${took} ms`);
  }));

test('maxInAnyWindow counts a half-open one-second window', () => {
  assert.equal(maxInAnyWindow([0, 999.9, 1000, 1999], 1000), 3);
  assert.equal(maxInAnyWindow([0, 1000, 2000], 1000), 1);
  assert.equal(maxInAnyWindow([0, 1, 2, 3], 1000), 4);
  assert.equal(maxInAnyWindow([], 1000), 0);
});
