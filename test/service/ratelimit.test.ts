// 24 concurrent runs against one project (about 60 requests: six seconds at the limit): the emulator (in its own process, so client and
// server do not share an event loop) never sees more than 10 requests in any one-second window,
// and never has to answer 429.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO_CREDENTIALS } from '../../emulator/src/options';
import { maxInAnyWindow, type EmulatorStats } from '../../emulator/src/stats';
import { ServiceClient } from '../../service/src/index';
import { FAST_RETRY, spawnEmulator } from './helpers';

test('24 concurrent runs share one limiter per project: at most 10 requests per second', { timeout: 30_000 }, async () => {
  const emu = await spawnEmulator(['--pending-ms', '100', '--quiet']);
  try {
    const started = Date.now();
    // Separate client objects on purpose: the limiter is per project, not per client.
    const runs = Array.from({ length: 24 }, (_, i) =>
      new ServiceClient({ baseUrl: emu.url, ...DEMO_CREDENTIALS }, { retry: FAST_RETRY }).run(i % 2 ? 'SHOW FLOWS' : 'SHOW CLUSTERS', {
        poll: { initialMs: 100, factor: 1.5, maxMs: 400 },
        timeoutMs: 25_000,
      }),
    );
    const results = await Promise.all(runs);
    const took = Date.now() - started;
    const stats = (await (await fetch(`${emu.url}/__emulator/stats`)).json()) as EmulatorStats;
    const p = stats.projects[DEMO_CREDENTIALS.projectUid]!;
    const tightest = Math.min(...p.arrivals.slice(10).map((t, i) => t - p.arrivals[i]!));
    console.log(
      `rate limit: tightest 11 arrivals span ${tightest.toFixed(1)} ms;  ${p.arrivals.length} requests in ${took} ms (${(p.arrivals.length / (took / 1000)).toFixed(1)}/s), max ${p.maxInAnyWindow} in any 1 s window, ${p.rateLimited} answered 429`,
    );
    assert.deepEqual(new Set(results.map((r) => r.state)), new Set(['success']));
    assert.equal(p.rateLimited, 0);
    assert.equal(p.submits, 24);
    assert.ok(p.maxInAnyWindow <= 10, `max ${p.maxInAnyWindow} in a window`);
    assert.equal(maxInAnyWindow(p.arrivals, 1000), p.maxInAnyWindow);
    // It did run at the limit, not far below it (otherwise the check above proves little).
    assert.ok(p.maxInAnyWindow >= 8, `max ${p.maxInAnyWindow}`);
    assert.ok(took < 20_000, `took ${took} ms`);
  } finally {
    await emu.stop();
  }
});

test('maxInAnyWindow counts a half-open one-second window', () => {
  assert.equal(maxInAnyWindow([0, 999.9, 1000, 1999], 1000), 3);
  assert.equal(maxInAnyWindow([0, 1000, 2000], 1000), 1);
  assert.equal(maxInAnyWindow([0, 1, 2, 3], 1000), 4);
  assert.equal(maxInAnyWindow([], 1000), 0);
});
