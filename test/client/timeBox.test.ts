import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { timeBox } from '../../client/src/timeBox';

describe('timeBox (a wait on the language server ends in a message)', () => {
  it('settles as the promise does when it is in time', async () => {
    assert.equal(await timeBox(Promise.resolve(7), 1000, 'the server'), 7);
    await assert.rejects(timeBox(Promise.reject(new Error('broken')), 1000, 'the server'), /broken/);
  });

  it('rejects with what did not answer when the promise never settles', async () => {
    await assert.rejects(
      timeBox(new Promise<never>(() => undefined), 20, 'the language server'),
      /the language server did not answer within \d+ s$/,
    );
  });
});
