// afterActivation(): what activate() queues runs after it returns, in order, each failure on its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterActivation } from '../../client/src/afterActivation';

test('queued work runs after the current turn, in order; a failure is reported and the rest still runs', async () => {
  const ran: string[] = [];
  const errors: unknown[] = [];
  afterActivation(() => ran.push('a'));
  afterActivation(
    () => {
      throw new Error('b failed');
    },
    (e) => errors.push(e),
  );
  afterActivation(() => ran.push('c'));
  ran.push('activate returned');
  await new Promise((r) => setTimeout(r, 5));
  assert.deepEqual(ran, ['activate returned', 'a', 'c']);
  assert.equal((errors[0] as Error).message, 'b failed');
  // A later activation queues again.
  afterActivation(() => ran.push('d'));
  await new Promise((r) => setTimeout(r, 5));
  assert.deepEqual(ran.slice(3), ['d']);
});
