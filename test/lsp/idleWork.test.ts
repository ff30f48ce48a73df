import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IdleWork, type IdleClock } from '../../server/src/lsp/idleWork';

/** A clock that moves only when told, and a queue of the callbacks IdleWork asked for. */
function fakeClock() {
  let time = 0;
  const queue: { at: number; fn: () => void }[] = [];
  const clock: IdleClock = { now: () => time, later: (fn, ms) => queue.push({ at: time + ms, fn }) };
  /** Advances to `until`, running what falls due in order (a step costs `stepMs`, see below). */
  const run = (until: number) => {
    for (;;) {
      queue.sort((a, b) => a.at - b.at);
      const next = queue[0];
      if (!next || next.at > until) break;
      queue.shift();
      time = Math.max(time, next.at);
      next.fn();
    }
    time = Math.max(time, until);
  };
  return {
    clock,
    run,
    advance: (ms: number) => (time += ms),
    get time() {
      return time;
    },
  };
}

/** Steps that each take `ms` of the fake clock and record when they ran. */
function* steps(c: ReturnType<typeof fakeClock>, count: number, ms: number, ran: number[]): Generator<void> {
  for (let i = 0; i < count; i++) {
    ran.push(c.time);
    c.advance(ms);
    yield;
  }
}

test('idle work runs only after a quiet period, in slices, and stops while messages arrive', () => {
  const c = fakeClock();
  const idle = new IdleWork(100, 2, c.clock);
  const ran: number[] = [];
  idle.touch();
  idle.start(steps(c, 50, 0.5, ran));
  // A message every 30 ms for a second: never quiet for 100 ms, nothing runs.
  for (let t = 30; t <= 1000; t += 30) {
    c.run(t);
    idle.touch();
  }
  assert.equal(ran.length, 0);
  // Quiet: the first slice runs 100 ms after the last message (990), four steps of 0.5 ms (2 ms).
  c.run(1089);
  assert.equal(ran.length, 0);
  c.run(1090);
  assert.deepEqual(ran, [1090, 1090.5, 1091, 1091.5]);
  // A message between slices (at 1092): the next slice waits for another quiet period.
  idle.touch();
  c.run(1191);
  assert.equal(ran.length, 4);
  c.run(10_000);
  assert.equal(ran.length, 50);
  assert.equal(ran[4], 1192);
  assert.equal(idle.running, false);
});

test('a failing step ends the work and is reported; a second start while running is ignored', () => {
  const c = fakeClock();
  const errors: unknown[] = [];
  const idle = new IdleWork(10, 2, c.clock, (e) => errors.push(e));
  function* failing(): Generator<void> {
    yield;
    throw new Error('broken');
  }
  idle.start(failing());
  const ran: number[] = [];
  idle.start(steps(c, 3, 1, ran));
  c.run(100);
  assert.equal(errors.length, 1);
  assert.equal(ran.length, 0);
  assert.equal(idle.running, false);
  idle.start(steps(c, 3, 1, ran));
  c.run(200);
  assert.equal(ran.length, 3);
});

test('idle work waits while the server is busy with its own work (the workspace index), then runs', () => {
  const c = fakeClock();
  let indexing = true;
  const idle = new IdleWork(100, 2, c.clock, undefined, () => indexing);
  const ran: number[] = [];
  idle.start(steps(c, 8, 0.5, ran));
  // No message at all, but the index runs for a second: nothing runs.
  c.run(1000);
  assert.equal(ran.length, 0);
  indexing = false;
  // The next check (at most one quiet period later) finds the server free.
  c.run(1100);
  assert.ok(ran.length > 0 && ran[0]! > 1000 && ran[0]! <= 1100, `ran at ${ran[0]}`);
  c.run(2000);
  assert.equal(ran.length, 8);
});
