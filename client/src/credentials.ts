// Where credentials live: api key and secret in SecretStorage only; identifiers and base URL in
// user-level settings (ConfigurationTarget.Global). Settings are read from their global value
// only, so even a workspace value that slipped past `"scope": "application"` is ignored.
import * as vscode from 'vscode';
import type { Connection } from '../../service/src/index';
import { effectiveHeaderPrefix, validateBaseUrl } from '../../service/src/index';
import {
  buildConnection,
  type ConnectionResult,
  type Credentials,
  DEFAULT_HEADER_PREFIX,
  DEFAULT_PROFILE,
  PROFILE_FIELDS,
  type ProfileSecrets,
  type ProfileSettings,
  readProfiles,
  secretKey,
  splitCredentials,
  validateIdentifier,
  validateProfileName,
} from './profiles';
import type { RedactingLog } from './log';
import type { Redactor } from './redact';

export const HAS_CREDENTIALS_CONTEXT = 'svcsql.hasCredentials';

function globalSetting<T>(key: string, fallback: T): T {
  const info = vscode.workspace.getConfiguration('svcsql').inspect<T>(key);
  return info?.globalValue ?? info?.defaultValue ?? fallback;
}

export class CredentialStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly redactor: Redactor,
    private readonly log?: Pick<RedactingLog, 'info'>,
  ) {
    this.subscriptions.push(
      secrets.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (
          e.affectsConfiguration('svcsql.profiles') ||
          e.affectsConfiguration('svcsql.activeProfile') ||
          e.affectsConfiguration('svcsql.headerPrefix')
        )
          this.changed.fire();
      }),
      this.onDidChange(() => void this.updateContext()),
    );
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
    this.changed.dispose();
  }

  activeProfile(): string {
    const name = globalSetting<string>('activeProfile', DEFAULT_PROFILE);
    return validateProfileName(name) ? DEFAULT_PROFILE : name;
  }

  profiles(): Record<string, Partial<ProfileSettings>> {
    return readProfiles(globalSetting<unknown>('profiles', {}));
  }

  headerPrefix(): string {
    return effectiveHeaderPrefix(globalSetting<string>('headerPrefix', DEFAULT_HEADER_PREFIX));
  }

  /** Loads a profile's secrets (teaching them to the redactor) and builds its Connection. */
  async resolve(profile = this.activeProfile()): Promise<ConnectionResult> {
    const { apiKey, apiSecret } = await this.storedSecrets(profile);
    return buildConnection(this.profiles()[profile], { apiKey, apiSecret }, this.headerPrefix());
  }

  async connection(profile?: string): Promise<Connection | undefined> {
    const r = await this.resolve(profile);
    return r.ok ? r.connection : undefined;
  }

  /** Teaches the redactor every stored secret, so even logs about other profiles stay clean. */
  async loadAllSecrets(): Promise<void> {
    await Promise.all(
      Object.keys(this.profiles())
        .concat(this.activeProfile())
        .map((p) => this.resolve(p)),
    );
  }

  async store(profile: string, creds: Credentials, makeActive = true): Promise<void> {
    const nameMsg = validateProfileName(profile);
    if (nameMsg) throw new Error(`Invalid profile name: ${nameMsg}`);
    const { settings, secrets } = splitCredentials(creds);
    const urlMsg = validateBaseUrl(settings.baseUrl);
    if (urlMsg) throw new Error(urlMsg);
    for (const f of PROFILE_FIELDS) {
      const msg = validateIdentifier(f.label, settings[f.key]);
      if (msg) throw new Error(msg);
    }
    if (!secrets.apiKey || !secrets.apiSecret) throw new Error('API key and secret are required.');
    this.redactor.add(secrets.apiKey);
    this.redactor.add(secrets.apiSecret);
    await this.secrets.store(secretKey(profile, 'apiKey'), secrets.apiKey);
    await this.secrets.store(secretKey(profile, 'apiSecret'), secrets.apiSecret);
    const config = vscode.workspace.getConfiguration('svcsql');
    await config.update('profiles', { ...this.profiles(), [profile]: settings }, vscode.ConfigurationTarget.Global);
    if (makeActive && this.activeProfile() !== profile) await config.update('activeProfile', profile, vscode.ConfigurationTarget.Global);
    // Logged once every update has been awaited: from here on a run uses this profile.
    this.log?.info(
      `Profile "${profile}" saved${makeActive ? ' and active' : ''}: identifiers in the user settings, key and secret in SecretStorage.`,
    );
    await this.updateContext();
  }

  /** Deletes the profile's key and secret; with `removeProfile`, its settings entry too. */
  async clear(profile: string, removeProfile = false): Promise<void> {
    await this.secrets.delete(secretKey(profile, 'apiKey'));
    await this.secrets.delete(secretKey(profile, 'apiSecret'));
    if (removeProfile) {
      const rest = { ...this.profiles() };
      delete rest[profile];
      await vscode.workspace.getConfiguration('svcsql').update('profiles', rest, vscode.ConfigurationTarget.Global);
    }
    await this.updateContext();
  }

  async setActive(profile: string): Promise<void> {
    await vscode.workspace.getConfiguration('svcsql').update('activeProfile', profile, vscode.ConfigurationTarget.Global);
    await this.updateContext();
  }

  async updateContext(): Promise<boolean> {
    const ok = (await this.resolve()).ok;
    await vscode.commands.executeCommand('setContext', HAS_CREDENTIALS_CONTEXT, ok);
    return ok;
  }

  /** Whether a profile's key and secret are stored. */
  async hasSecrets(profile: string): Promise<{ apiKey: boolean; apiSecret: boolean }> {
    const { apiKey, apiSecret } = await this.storedSecrets(profile);
    return { apiKey: !!apiKey, apiSecret: !!apiSecret };
  }

  /** A profile's stored key and secret (for keeping them when Configure leaves them blank). */
  async storedSecrets(profile: string): Promise<ProfileSecrets> {
    const [apiKey, apiSecret] = await Promise.all([
      this.secrets.get(secretKey(profile, 'apiKey')),
      this.secrets.get(secretKey(profile, 'apiSecret')),
    ]);
    this.redactor.add(apiKey);
    this.redactor.add(apiSecret);
    return { apiKey, apiSecret };
  }
}

/** The "Configure Connection" flow: one input box per field; key and secret as password fields. */
export async function configureConnection(store: CredentialStore, profileArg?: string): Promise<string | undefined> {
  const profile =
    profileArg ??
    (
      await vscode.window.showInputBox({
        title: 'Service SQL: Configure Connection (1/9)',
        prompt: 'Profile name',
        value: store.activeProfile(),
        ignoreFocusOut: true,
        validateInput: (v) => validateProfileName(v.trim()),
      })
    )?.trim();
  if (!profile) return undefined;
  const existing = store.profiles()[profile] ?? {};
  const settings = {} as ProfileSettings;
  let step = 2;
  for (const f of PROFILE_FIELDS) {
    const value = await vscode.window.showInputBox({
      title: `Service SQL: Configure Connection (${step++}/9) — profile "${profile}"`,
      prompt: f.label,
      placeHolder: f.placeholder,
      value: existing[f.key] ?? '',
      ignoreFocusOut: true,
      validateInput: (v) => validateIdentifier(f.label, v.trim()) ?? (f.key === 'baseUrl' ? validateBaseUrl(v.trim()) : undefined),
    });
    if (value === undefined) return undefined;
    settings[f.key] = value.trim();
  }
  const has = await store.hasSecrets(profile);
  const askSecret = async (label: string, stored: boolean): Promise<string | undefined> =>
    vscode.window.showInputBox({
      title: `Service SQL: Configure Connection (${step++}/9) — profile "${profile}"`,
      prompt: stored ? `${label} (leave empty to keep the stored one)` : label,
      password: true,
      ignoreFocusOut: true,
      // Empty keeps the stored one; otherwise the service client's own rule for header values.
      validateInput: (v) => (!v && stored ? undefined : validateIdentifier(label, v)),
    });
  const apiKey = await askSecret('API key', has.apiKey);
  if (apiKey === undefined) return undefined;
  const apiSecret = await askSecret('API secret', has.apiSecret);
  if (apiSecret === undefined) return undefined;
  const kept = apiKey && apiSecret ? {} : await store.storedSecrets(profile);
  const key = apiKey || kept.apiKey;
  const secret = apiSecret || kept.apiSecret;
  if (!key || !secret) {
    void vscode.window.showErrorMessage('Service SQL: the API key and secret are both required.');
    return undefined;
  }
  await store.store(profile, { ...settings, apiKey: key, apiSecret: secret });
  void vscode.window.showInformationMessage(`Service SQL: profile "${profile}" saved and active.`);
  return profile;
}

/** "Switch Profile": pick a configured profile, or create one. */
export async function switchProfile(store: CredentialStore): Promise<void> {
  const active = store.activeProfile();
  const names = Object.keys(store.profiles()).sort();
  const NEW = '$(add) New profile…';
  const pick = await vscode.window.showQuickPick(
    [
      ...names.map((n) => ({ label: n, description: n === active ? 'active' : (store.profiles()[n]?.baseUrl ?? '') })),
      { label: NEW, description: '' },
    ],
    { title: 'Service SQL: Switch Profile', placeHolder: `Active: ${active}` },
  );
  if (!pick) return;
  if (pick.label === NEW) {
    await configureConnection(store);
    return;
  }
  await store.setActive(pick.label);
  if (!(await store.resolve(pick.label)).ok) {
    const choice = await vscode.window.showWarningMessage(`Service SQL: profile "${pick.label}" is incomplete.`, 'Configure Connection');
    if (choice) await configureConnection(store, pick.label);
  }
}

/** "Sign Out / Clear Credentials". */
export async function signOut(store: CredentialStore): Promise<void> {
  const active = store.activeProfile();
  const pick = await vscode.window.showQuickPick(
    [
      { label: `Sign out of "${active}"`, detail: 'Delete its API key and secret; keep its identifiers.', action: 'secrets' as const },
      { label: `Delete profile "${active}"`, detail: 'Delete its API key, secret and settings.', action: 'profile' as const },
      { label: 'Sign out of all profiles', detail: 'Delete every stored API key and secret.', action: 'all' as const },
    ],
    { title: 'Service SQL: Sign Out / Clear Credentials' },
  );
  if (!pick) return;
  if (pick.action === 'all') {
    for (const name of new Set([...Object.keys(store.profiles()), active])) await store.clear(name);
  } else {
    await store.clear(active, pick.action === 'profile');
  }
  void vscode.window.showInformationMessage('Service SQL: credentials cleared.');
}
