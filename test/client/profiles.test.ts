import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildConnection,
  type ProfileSettings,
  readProfiles,
  secretKey,
  splitCredentials,
  validateHeaderPrefix,
  validateProfile,
  validateProfileName,
} from '../../client/src/profiles';
import { PROFILE } from './profileFixture';

const good: ProfileSettings = { ...PROFILE };

test('a complete https profile is valid; loopback http is allowed', () => {
  assert.deepEqual(validateProfile(good), []);
  assert.deepEqual(validateProfile({ ...good, baseUrl: 'http://127.0.0.1:8080' }), []);
  assert.deepEqual(validateProfile({ ...good, baseUrl: 'http://localhost:1' }), []);
});

test('plain http to another host, missing fields and header-splitting values are rejected', () => {
  assert.equal(validateProfile({ ...good, baseUrl: 'http://api.example.com' }).length, 1);
  assert.equal(validateProfile({ ...good, baseUrl: 'ftp://x' }).length, 1);
  assert.deepEqual(validateProfile({ ...good, region: '' }), ['Region is required.']);
  assert.equal(validateProfile({ ...good, accountUid: 'a\r\nX-Evil: 1' }).length, 1);
  assert.equal(validateProfile({}).length, 6);
});

test('profile names and header prefixes', () => {
  assert.equal(validateProfileName('prod-eu.2'), undefined);
  for (const bad of ['', ' x', '../x', 'a b', '-x', 'x'.repeat(65)]) assert.ok(validateProfileName(bad), bad);
  assert.equal(validateHeaderPrefix('x-service-'), undefined);
  assert.ok(validateHeaderPrefix('x: y'));
});

test('buildConnection: usable only with both secrets; says what is missing', () => {
  const ok = buildConnection(good, { apiKey: 'k', apiSecret: 's' }, 'x-acme-');
  assert.ok(ok.ok);
  if (ok.ok) assert.deepEqual(ok.connection, { ...good, apiKey: 'k', apiSecret: 's', headerPrefix: 'x-acme-' });
  const noSecret = buildConnection(good, { apiKey: 'k' });
  assert.ok(!noSecret.ok && noSecret.missingSecrets && noSecret.problems.includes('API secret is not set.'));
  const noProfile = buildConnection(undefined, { apiKey: 'k', apiSecret: 's' });
  assert.ok(!noProfile.ok && !noProfile.missingSecrets);
});

test('settings are read defensively and never carry secrets', () => {
  const p = readProfiles({ default: { ...good, apiKey: 'leak', extra: 1, region: 7 }, 'bad name': good, x: 'str' });
  assert.deepEqual(Object.keys(p), ['default']);
  assert.equal((p.default as Record<string, unknown>).apiKey, undefined);
  assert.equal(p.default!.region, undefined);
  assert.deepEqual(readProfiles(null), {});
  assert.deepEqual(readProfiles([good]), {});
  const { settings, secrets } = splitCredentials({ ...good, apiKey: 'K', apiSecret: 'S' });
  assert.ok(!JSON.stringify(settings).includes('"K"') && !JSON.stringify(settings).includes('"S"'));
  assert.deepEqual(secrets, { apiKey: 'K', apiSecret: 'S' });
  assert.notEqual(secretKey('a', 'apiKey'), secretKey('b', 'apiKey'));
  assert.notEqual(secretKey('a', 'apiKey'), secretKey('a', 'apiSecret'));
});
