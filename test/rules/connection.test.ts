// One rule, one place: which connections are usable. The CLI (SVCSQL_* read by resolveConnection,
// then connectionProblem, as `svcsql run` does before sending), the extension (a profile in
// settings plus its secrets, buildConnection) and the manifest's svcsql.headerPrefix pattern must
// accept and refuse the same values; what the extension accepts, a run must not refuse.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveConnection } from '../../cli/src/credentials';
import { buildConnection, validateHeaderPrefix, validateIdentifier, type ProfileSettings } from '../../client/src/profiles';
import { connectionProblem, DEFAULT_HEADER_PREFIX, effectiveHeaderPrefix, HEADER_PREFIX_PATTERN } from '../../service/src/index';
import { envForConnection } from '../cli/helpers';
import { PROFILE, SECRETS } from '../client/profileFixture';
import { manifestSettings } from '../harness/manifest';

const profile: ProfileSettings = PROFILE;
const secrets = SECRETS;

type Field = keyof ProfileSettings | keyof typeof SECRETS | 'headerPrefix';
const table: [field: Field, value: string, usable: boolean][] = [
  ['headerPrefix', 'x-service-', true],
  ['headerPrefix', 'x_svc.', true],
  ['headerPrefix', 'X-Acme-', true],
  ['headerPrefix', "x!#$%&'*+.^_`|~-", true],
  ['headerPrefix', '', true],
  ['headerPrefix', 'x service', false],
  ['headerPrefix', 'x:y-', false],
  ['headerPrefix', 'x-ü-', false],
  ['headerPrefix', 'x/y-', false],
  ['region', 'us-east-1', true],
  ['region', 'US-EAST-1', true],
  ['region', 'eu nord 2', true],
  ['region', 'eu-nörd-1', false],
  ['region', 'eu\u2028west', false],
  ['region', '区域', false],
  ['accountUid', 'acc-ŧ', false],
  ['projectUid', 'p\tq', false],
  ['apiSecret', 'n\u00f6n-ascii-secret', false],
  ['apiKey', 'key with spaces', true],
  ['userUuid', '0f8fad5b-d9cb-469f-a165-70867728950e', true],
];

/** The CLI's answer: its environment reading, then the check `svcsql run` makes before sending. */
function cliUsable(field: Field, value: string): boolean {
  const connection = { ...profile, ...secrets, ...(field === 'headerPrefix' ? {} : { [field]: value }) };
  const env = {
    HOME: '/nonexistent-home',
    ...envForConnection(connection, field === 'headerPrefix' ? { SVCSQL_HEADER_PREFIX: value } : {}),
  };
  return connectionProblem(resolveConnection({}, env).connection) === undefined;
}

/** The extension's answer: the profile from settings, the secrets, the headerPrefix setting; and a run then. */
function extensionUsable(field: Field, value: string): boolean {
  const settings = field in profile ? { ...profile, [field]: value } : profile;
  const keys = field === 'apiKey' || field === 'apiSecret' ? { ...secrets, [field]: value } : secrets;
  const r = buildConnection(settings, keys, effectiveHeaderPrefix(field === 'headerPrefix' ? value : DEFAULT_HEADER_PREFIX));
  if (r.ok)
    assert.equal(
      connectionProblem(r.connection),
      undefined,
      `the extension accepted ${field}=${JSON.stringify(value)} but a run refuses it`,
    );
  return r.ok;
}

test('connection values: the CLI and the extension accept and refuse the same ones', () => {
  for (const [field, value, usable] of table) {
    const what = `${field}=${JSON.stringify(value)}`;
    assert.equal(cliUsable(field, value), usable, `CLI: ${what}`);
    assert.equal(extensionUsable(field, value), usable, `extension: ${what}`);
    if (field !== 'headerPrefix') assert.equal(validateIdentifier(field, value) === undefined, usable, `input box: ${what}`);
  }
});

test("svcsql.headerPrefix: the manifest's pattern is the validator's, and agrees on every row", () => {
  const setting = manifestSettings()['svcsql.headerPrefix']!;
  assert.equal(setting.pattern, HEADER_PREFIX_PATTERN);
  assert.equal(setting.default, DEFAULT_HEADER_PREFIX);
  const pattern = new RegExp(setting.pattern!);
  for (const [field, value] of table)
    if (field === 'headerPrefix') assert.equal(pattern.test(value), validateHeaderPrefix(value) === undefined, JSON.stringify(value));
});
