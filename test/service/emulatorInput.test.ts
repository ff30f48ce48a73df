// The emulator against hostile requests: a bad % escape in the status path is a 400, not a 500;
// inherited property names are not fault switches.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withEmulator } from './helpers';

test('a bad percent escape in the status path: 400 with grpc-status 3', () =>
  withEmulator({}, async (emu) => {
    for (const id of ['%', '%zz', 'a%E0%A4%A']) {
      const res = await fetch(`${emu.url}/v1/status/${id}`);
      assert.equal(res.status, 400, id);
      assert.equal(res.headers.get('grpc-status'), '3');
      await res.arrayBuffer();
    }
  }));

test('faults: toString, constructor and __proto__ are refused and not stored', () =>
  withEmulator({}, async (emu) => {
    for (const body of ['{"toString": 1}', '{"constructor": "x"}', '{"__proto__": {"polluted": 1}}', '{"hasOwnProperty": 0}']) {
      const res = await fetch(`${emu.url}/__emulator/faults`, { method: 'POST', body });
      assert.equal(res.status, 400, body);
      assert.match(((await res.json()) as { error: string }).error, /unknown fault/);
    }
    const faults = (await (await fetch(`${emu.url}/__emulator/faults`)).json()) as Record<string, unknown>;
    for (const k of ['toString', 'constructor', 'hasOwnProperty', 'polluted']) assert.ok(!Object.hasOwn(faults, k), k);
    assert.equal(typeof emu.faults.toString, 'function');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  }));
