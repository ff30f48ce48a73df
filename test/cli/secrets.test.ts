// Secrets never reach stdout or stderr: not with --verbose, not in failing requests, not in
// --json, not in credential-file errors.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator';
import { envFor, FIXTURES, homeWithCredentials, profileFor, runCli } from './helpers';

const SECRET = 'Sup3r-S3cret-Value-9f2c';
const KEY = 'key-7d1e-abcdef';
let emu: RunningEmulator;
before(async () => {
  // The emulator expects other credentials, so every request with ours fails (401).
  emu = await startEmulator({ pendingMs: 30 });
});
after(async () => {
  await emu.close();
});

function assertNoSecret(label: string, text: string): void {
  for (const s of [SECRET, KEY, encodeURIComponent(SECRET)]) assert.ok(!text.includes(s), `${label} leaks ${s}:\n${text}`);
}

const ONE = join(FIXTURES, 'run', 'one.svcsql');

test('run --verbose with a failing request (401): no secret in either stream', async () => {
  for (const extra of [[], ['--json']]) {
    const r = await runCli(['run', ONE, '--verbose', ...extra], { env: envFor(emu, { SVCSQL_API_SECRET: SECRET, SVCSQL_API_KEY: KEY }) });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /rejected|auth/);
    assert.match(r.stderr, /verbose: base URL http:\/\/127\.0\.0\.1:\d+/); // verbose did print
    assertNoSecret('stdout', r.stdout);
    assertNoSecret('stderr', r.stderr);
  }
});

test('status --verbose --wait with bad credentials, and an unreachable service: no secret', async () => {
  const s = await runCli(['status', 'abc', '--wait', '--verbose'], {
    env: envFor(emu, { SVCSQL_API_SECRET: SECRET, SVCSQL_API_KEY: KEY }),
  });
  assert.equal(s.code, 1);
  assertNoSecret('stdout', s.stdout);
  assertNoSecret('stderr', s.stderr);

  // A closed port: network errors, retried, then a message.
  const closed = await startEmulator();
  const url = closed.url;
  await closed.close();
  const n = await runCli(['run', ONE, '--verbose', '--timeout', '0.05'], {
    env: envFor(emu, { SVCSQL_BASE_URL: url, SVCSQL_API_SECRET: SECRET, SVCSQL_API_KEY: KEY }),
  });
  assert.equal(n.code, 1);
  assertNoSecret('stdout', n.stdout);
  assertNoSecret('stderr', n.stderr);
});

test('a secret in a bad header value or a refused file is not echoed', async () => {
  const bad = await runCli(['run', ONE, '--verbose'], { env: envFor(emu, { SVCSQL_API_SECRET: `${SECRET}\u00e9`, SVCSQL_API_KEY: KEY }) });
  assert.equal(bad.code, 2); // unusable credentials: bad configuration
  assertNoSecret('stdout', bad.stdout);
  assertNoSecret('stderr', bad.stderr);

  const { home } = homeWithCredentials(profileFor('default', emu, { api_secret: SECRET, api_key: KEY, bogus_key: SECRET }));
  const unknownKey = await runCli(['run', ONE, '--verbose'], { env: { HOME: home } });
  assert.match(unknownKey.stderr, /Unknown key 'bogus_key'/);
  assertNoSecret('stderr', unknownKey.stderr);
  assertNoSecret('stdout', unknownKey.stdout);
});
