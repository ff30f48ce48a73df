// The key and secret never show up in anything the client returns, throws or emits, nor in the
// emulator's stats.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServiceClient, type RunEvent } from '../../service/src/index';
import { connectionFor, FAST_POLL, FAST_RETRY, withEmulator } from './helpers';

const SECRET = 'Zebra-Secret-7f3c91ab';
const KEY = 'Yak-Key-0815d2e4';

test('no message, event, result or stats contains the API key or secret', () =>
  withEmulator({ credentials: { apiKey: KEY, apiSecret: SECRET } }, async (emu) => {
    const seen: unknown[] = [];
    const events: RunEvent[] = [];
    const good = new ServiceClient(connectionFor(emu), { retry: FAST_RETRY });
    const opts = { poll: FAST_POLL, timeoutMs: 5000, onEvent: (e: RunEvent) => events.push(e) };
    seen.push(await good.run('SHOW FLOWS', opts));
    seen.push(await good.run(`CREATE TRANSFORMATION t TYPE = 'VECTOR_EMBEDDING' WITH 'vector.embedding.transformation.api.key' = (`, opts));
    emu.faults.dropSubmit = 1;
    seen.push(await good.run('SHOW FLOWS', opts));
    emu.faults.status500 = 100;
    seen.push(await good.run('SHOW FLOWS', opts));
    emu.faults.status500 = 0;
    // Wrong credentials: the client's own (distinct) secret must not leak either.
    const wrongSecret = `${SECRET}-wrong`;
    const wrong = new ServiceClient(connectionFor(emu, { apiSecret: wrongSecret }), { retry: FAST_RETRY });
    seen.push(await wrong.run('SHOW FLOWS', opts));
    await wrong.submit('SHOW FLOWS').catch((e: unknown) => seen.push(e, (e as Error).message, (e as Error).stack));
    await good.status('no-such-id').catch((e: unknown) => seen.push(e, (e as Error).message));
    // A secret that cannot be sent as a header: fetch's own error would quote it.
    const unsendable = new ServiceClient(connectionFor(emu, { apiSecret: `${SECRET}\n` + 'x' }), { retry: FAST_RETRY });
    const bad = await unsendable.run('SHOW FLOWS', opts);
    assert.equal(bad.error?.kind, 'config');
    seen.push(bad);
    const unsendableKey = new ServiceClient(connectionFor(emu, { apiKey: `${KEY}é` }), { retry: FAST_RETRY });
    seen.push(await unsendableKey.run('SHOW FLOWS', opts));

    seen.push(events, emu.stats);
    const statsHttp = await (await fetch(`${emu.url}/__emulator/stats`)).text();
    const all =
      JSON.stringify(seen, (_k, v: unknown) => (v instanceof Error ? { ...v, message: v.message, stack: v.stack } : v)) + statsHttp;
    for (const s of [SECRET, KEY, encodeURIComponent(SECRET)]) assert.ok(!all.includes(s), `found ${s.slice(0, 5)}… in output`);
    // And the runs above really exercised those paths.
    const states = seen
      .filter((x): x is { state: string } => typeof x === 'object' && x !== null && 'state' in x && 'startedAt' in x)
      .map((x) => x.state);
    assert.deepEqual(states, ['success', 'rejected', 'error', 'error', 'rejected', 'error', 'error']);
  }));
