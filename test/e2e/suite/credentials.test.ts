// Credentials stored through the extension's API: identifiers in user settings, key and secret in
// SecretStorage and nowhere in settings (the runner also greps the whole run folder afterwards).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { extensionApi, type Credentials, workspaceUri } from '../host/helpers';
import { HOST_SUITE_SECRETS } from '../host/secretValues';

const PROFILE = 'e2e-secrets';
const CREDS: Credentials = {
  baseUrl: 'http://127.0.0.1:9',
  accountUid: 'e2e-account-314',
  projectUid: 'e2e-project-271',
  linkUid: 'e2e-link',
  region: 'eu-test-1',
  userUuid: '00000000-0000-4000-8000-00000000e2e0',
  apiKey: HOST_SUITE_SECRETS[0]!,
  apiSecret: HOST_SUITE_SECRETS[1]!,
};

describe('credentials', () => {
  it('stored through the API they land in SecretStorage and nowhere in settings', async () => {
    const api = await extensionApi();
    await api.storeCredentials(PROFILE, CREDS);

    // The connection is complete, so the store found key and secret (it reads them from
    // context.secrets only); the API hands them out redacted.
    const conn = await api.getConnection(PROFILE);
    assert.ok(conn, 'getConnection returns the stored profile');
    assert.equal(conn.accountUid, CREDS.accountUid);
    assert.equal(conn.baseUrl, CREDS.baseUrl);
    for (const s of HOST_SUITE_SECRETS) assert.ok(!JSON.stringify(conn).includes(s), 'getConnection does not hand out the secret');

    // Identifiers went to user settings ...
    const cfg = vscode.workspace.getConfiguration('svcsql');
    const profiles = cfg.inspect<Record<string, Record<string, string>>>('profiles');
    assert.equal(profiles?.globalValue?.[PROFILE]?.accountUid, CREDS.accountUid, 'identifiers are in user settings');
    // ... and key/secret to no settings level, no svcsql setting at all.
    const everything = JSON.stringify(
      Object.keys(cfg)
        .concat(['profiles', 'activeProfile', 'headerPrefix'])
        .map((k) => cfg.inspect(k)),
    );
    for (const s of HOST_SUITE_SECRETS) assert.ok(!everything.includes(s), 'no svcsql setting holds the secret');

    // The settings files on disk: written (they hold the identifiers) and free of the secret.
    const files: string[] = [];
    const user = process.env.SVCSQL_E2E_USER_SETTINGS;
    if (user) files.push(user);
    const ws = workspaceUri('.vscode', 'settings.json').fsPath;
    if (fs.existsSync(ws)) files.push(ws);
    if (user) {
      const text = await waitForFile(user, (t) => t.includes(CREDS.accountUid));
      assert.ok(text.includes(CREDS.accountUid), 'user settings.json holds the identifiers');
    }
    for (const f of files) {
      const text = fs.readFileSync(f, 'utf8');
      for (const s of HOST_SUITE_SECRETS) assert.ok(!text.includes(s), `${f} holds no secret`);
    }
  });
});

async function waitForFile(file: string, accept: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + 10_000;
  let text = '';
  while (Date.now() < deadline) {
    text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (accept(text)) return text;
    await new Promise((r) => setTimeout(r, 100));
  }
  return text;
}
