// Where `svcsql run` takes its connection from: --profile / --credentials-file > SVCSQL_* > the
// [default] profile of ~/.svcsql/credentials; a file others can read is refused. Each source
// points at its own emulator, so the emulator that received the submit proves which one won.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator';
import { envFor, FIXTURES, homeWithCredentials, profileFor, runCli } from './helpers';

let flagEmu: RunningEmulator;
let envEmu: RunningEmulator;
let fileEmu: RunningEmulator;
before(async () => {
  [flagEmu, envEmu, fileEmu] = await Promise.all(
    ['flag', 'env', 'file'].map((who) =>
      startEmulator({ pendingMs: 30, credentials: { projectUid: `project-${who}`, apiSecret: `secret-of-${who}-source` } }),
    ),
  );
});
after(async () => {
  await Promise.all([flagEmu, envEmu, fileEmu].map((e) => e.close()));
});

const submits = () => [flagEmu.stats.submits, envEmu.stats.submits, fileEmu.stats.submits];
const ONE = join(FIXTURES, 'run', 'one.svcsql');

function credentialsText(): string {
  return profileFor('default', fileEmu) + '\n# the profile named on the command line\n' + profileFor('ci', flagEmu);
}

test('file [default] profile when nothing else is given', async () => {
  const { home } = homeWithCredentials(credentialsText());
  const before = submits();
  const r = await runCli(['run', ONE, '--verbose'], { env: { HOME: home } });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(submits(), [before[0], before[1], before[2]! + 1]);
  assert.match(r.stderr, /credentials from profile \[default\] of .*credentials/);
  assert.match(r.stderr, /project project-file/);
});

test('environment beats the file; a named profile beats the environment', async () => {
  const { home, file } = homeWithCredentials(credentialsText());
  let before = submits();
  const env = await runCli(['run', ONE], { env: { HOME: home, ...envFor(envEmu) } });
  assert.equal(env.code, 0, env.stderr);
  assert.deepEqual(submits(), [before[0], before[1]! + 1, before[2]]);

  before = submits();
  const flag = await runCli(['run', ONE, '--profile', 'ci'], { env: { HOME: home, ...envFor(envEmu) } });
  assert.equal(flag.code, 0, flag.stderr);
  assert.deepEqual(submits(), [before[0]! + 1, before[1], before[2]]);
  assert.match(flag.stderr, /A profile was named on the command line, so SVCSQL_BASE_URL, .* are ignored/);

  // --credentials-file alone names the file's [default] profile, and also beats the environment.
  before = submits();
  const cf = await runCli(['run', ONE, '--credentials-file', file], { env: { ...envFor(envEmu) } });
  assert.equal(cf.code, 0, cf.stderr);
  assert.deepEqual(submits(), [before[0], before[1], before[2]! + 1]);
});

test('environment fills in field by field over the [default] profile', async () => {
  // The file's profile points at the env emulator's URL but with the file emulator's project and secret;
  // the environment supplies the env emulator's project and secret.
  const { home } = homeWithCredentials(profileFor('default', fileEmu, { base_url: envEmu.url }));
  const before = submits();
  const r = await runCli(['run', ONE, '--verbose'], {
    env: { HOME: home, SVCSQL_PROJECT_UID: envEmu.credentials.projectUid, SVCSQL_API_SECRET: envEmu.credentials.apiSecret },
  });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(submits(), [before[0], before[1]! + 1, before[2]]);
  assert.match(r.stderr, /credentials from environment over profile \[default\]/);
});

test('a credentials file readable by others is refused (chmod 600), without printing its contents', async () => {
  const { home, file } = homeWithCredentials(credentialsText(), 0o644);
  const before = submits();
  const r = await runCli(['run', ONE], { env: { HOME: home } });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /Refusing to use the credentials file .*mode 0644/);
  assert.match(r.stderr, new RegExp(`chmod 600 ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  assert.doesNotMatch(r.stdout + r.stderr, /secret-of-/);
  const named = await runCli(['run', ONE, '--profile', 'ci'], { env: { HOME: home } });
  assert.equal(named.code, 2);
  assert.deepEqual(submits(), before);
  // A complete environment does not need the file, so the file is not read at all.
  const env = await runCli(['run', ONE], { env: { HOME: home, ...envFor(envEmu) } });
  assert.equal(env.code, 0, env.stderr);
});

test('unknown profile, missing file, malformed file: exit 2 with a clear message', async () => {
  const { home } = homeWithCredentials(credentialsText());
  const unknown = await runCli(['run', ONE, '--profile', 'prod'], { env: { HOME: home } });
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /No profile \[prod\] .*\(profiles: default, ci\)/);

  const missing = await runCli(['run', ONE, '--credentials-file', join(home, 'nope')], { env: { HOME: home } });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /Cannot read the credentials file .*ENOENT/);

  const nothing = await runCli(['run', ONE], { env: {} });
  assert.equal(nothing.code, 2);
  assert.match(nothing.stderr, /connection is incomplete/);

  // A line that is not `key = value` is reported by number only: it could hold a secret.
  const { home: broken } = homeWithCredentials('[default]\nsecret-of-nobody-line\n');
  const bad = await runCli(['run', ONE], { env: { HOME: broken } });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /line 2: expected \[profile\] or key = value/);
  assert.doesNotMatch(bad.stderr, /secret-of-nobody-line/);
});

test('--header-prefix (and header_prefix in a profile) reach the service', async () => {
  const acme = await startEmulator({ pendingMs: 30, headerPrefix: 'x-acme-' });
  try {
    const without = await runCli(['run', ONE], { env: envFor(acme) });
    assert.equal(without.code, 1); // 401: the emulator expects other header names
    const flag = await runCli(['run', ONE, '--header-prefix', 'x-acme-', '--verbose'], { env: envFor(acme) });
    assert.equal(flag.code, 0, flag.stderr);
    assert.match(flag.stderr, /header prefix x-acme-/);
    const { home } = homeWithCredentials(profileFor('default', acme, { header_prefix: 'x-acme-' }));
    const file = await runCli(['run', ONE], { env: { HOME: home } });
    assert.equal(file.code, 0, file.stderr);
    const badTimeout = await runCli(['run', ONE, '--timeout', 'soon'], { env: { HOME: home } });
    assert.equal(badTimeout.code, 2);
  } finally {
    await acme.close();
  }
});
