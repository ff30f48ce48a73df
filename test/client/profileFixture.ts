// One complete connection profile and its secrets, for the tests of the extension's profile rules
// (test/client/profiles.test.ts) and of the CLI and extension agreeing on them (test/rules/connection.test.ts).
import type { ProfileSettings } from '../../client/src/profiles';

export const PROFILE: Readonly<ProfileSettings> = Object.freeze({
  baseUrl: 'https://api.example.com',
  accountUid: 'acc',
  projectUid: 'proj',
  linkUid: 'link',
  region: 'us-east-1',
  userUuid: 'u-1',
});

export const SECRETS = Object.freeze({ apiKey: 'key-1', apiSecret: 'secret-1' });
