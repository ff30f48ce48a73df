import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DeferredStart } from '../../client/src/deferredStart';

class Fake {
  started = 0;
  start(): Promise<void> {
    this.started++;
    return Promise.resolve();
  }
}

describe('DeferredStart (the language client built after activate returns)', () => {
  it('builds nothing before the first timer, then builds and starts once', async () => {
    let built = 0;
    const deferred = new DeferredStart(() => {
      built++;
      return new Fake();
    });
    assert.equal(built, 0);
    assert.equal(deferred.current, undefined);
    const fake = await deferred.ready;
    assert.equal(built, 1);
    assert.equal(fake.started, 1);
    assert.equal(deferred.current, fake);
  });

  it('never builds when cancelled before the timer, and says why', async () => {
    let built = 0;
    const deferred = new DeferredStart(() => {
      built++;
      return new Fake();
    });
    assert.equal(deferred.cancel(), undefined);
    await assert.rejects(deferred.ready, /deactivated before the language server started/);
    assert.equal(built, 0);
    assert.equal(deferred.current, undefined);
    assert.ok(deferred.isCancelled);
  });

  it('cancel after the build hands back what was built, for the caller to stop', async () => {
    const deferred = new DeferredStart(() => new Fake());
    const fake = await deferred.ready;
    assert.equal(deferred.cancel(), fake);
  });

  it('a failing build or start rejects ready', async () => {
    await assert.rejects(
      new DeferredStart<Fake>(() => {
        throw new Error('no server module');
      }).ready,
      /no server module/,
    );
    const failing = { start: () => Promise.reject(new Error('spawn failed')) };
    await assert.rejects(new DeferredStart(() => failing).ready, /spawn failed/);
  });
});
