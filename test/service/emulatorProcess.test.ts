// The built emulator program: starts on --port 0, prints its URL, serves a run, stops on SIGTERM.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEMO_CREDENTIALS } from '../../emulator/src/options';
import { ServiceClient } from '../../service/src/index';
import { EMULATOR_PROGRAM, FAST_POLL, spawnEmulator } from './helpers';

test('out/emulator.js --port 0 prints its URL, answers, and exits cleanly on SIGTERM', { timeout: 20_000 }, async () => {
  assert.ok(existsSync(EMULATOR_PROGRAM), `${EMULATOR_PROGRAM} is built`);
  const emu = await spawnEmulator(['--pending-ms', '50', '--quiet']);
  try {
    assert.match(emu.banner, /apiSecret\s+demo-secret/); // demo credentials are printed
    const r = await new ServiceClient({ baseUrl: emu.url, ...DEMO_CREDENTIALS }).run('SHOW FLOWS', { poll: FAST_POLL, timeoutMs: 5000 });
    assert.equal(r.state, 'success');
    // Faults can be switched over HTTP while it runs.
    const set = await fetch(`${emu.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ outcome: 'FAILED' }) });
    assert.equal(set.status, 200);
    const failed = await new ServiceClient({ baseUrl: emu.url, ...DEMO_CREDENTIALS }).run('SHOW FLOWS', {
      poll: FAST_POLL,
      timeoutMs: 5000,
    });
    assert.equal(failed.state, 'failed');
    const stats = (await (await fetch(`${emu.url}/__emulator/stats`)).json()) as { submits: number };
    assert.equal(stats.submits, 2);
  } finally {
    assert.equal(await emu.stop(), 0);
  }
});

test('emulator flags: credentials given on the command line are not echoed, bad flags exit 2', { timeout: 20_000 }, async () => {
  const emu = await spawnEmulator(['--api-secret', 'given-secret-123', '--quiet']);
  try {
    assert.doesNotMatch(emu.banner, /given-secret-123/);
    assert.match(emu.banner, /apiSecret\s+\(as given\)/);
  } finally {
    assert.equal(await emu.stop(), 0);
  }
  await assert.rejects(spawnEmulator(['--outcome', 'MAYBE']), /exited 2/);
});
