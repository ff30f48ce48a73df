// Connection profiles: identifiers live in user-level settings (svcsql.profiles), the api key and
// secret in SecretStorage under keys derived here. Validation and assembly need no vscode.
import type { Connection } from '../../service/src/index';
import { DEFAULT_HEADER_PREFIX, headerPrefixProblem, headerValueProblem, validateBaseUrl } from '../../service/src/index';

export interface ProfileSettings {
  baseUrl: string;
  accountUid: string;
  projectUid: string;
  linkUid: string;
  region: string;
  userUuid: string;
}

export interface ProfileSecrets {
  apiKey?: string;
  apiSecret?: string;
}

/** Everything a run needs for one profile; what `storeCredentials` accepts. */
export type Credentials = ProfileSettings & { apiKey: string; apiSecret: string };

export const DEFAULT_PROFILE = 'default';
export { DEFAULT_HEADER_PREFIX };

export const PROFILE_FIELDS: ReadonlyArray<{ key: keyof ProfileSettings; label: string; placeholder: string }> = [
  { key: 'baseUrl', label: 'Base URL', placeholder: 'https://api.example.com' },
  { key: 'accountUid', label: 'Account UID', placeholder: 'account identifier' },
  { key: 'projectUid', label: 'Project UID', placeholder: 'project identifier' },
  { key: 'linkUid', label: 'Link UID', placeholder: 'link identifier' },
  { key: 'region', label: 'Region', placeholder: 'e.g. us-east-1' },
  { key: 'userUuid', label: 'User UUID', placeholder: 'user identifier' },
];

export function secretKey(profile: string, which: keyof ProfileSecrets): string {
  return `svcsql.profile.${profile}.${which}`;
}

export function validateProfileName(name: string): string | undefined {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) return 'Use 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit.';
  return undefined;
}

/** Values go into HTTP headers: the service client's own rule (service/src/connectionRules.ts), so a run never refuses what was accepted here. */
export const validateIdentifier = headerValueProblem;

/** The header prefix: the rule the CLI and the service client apply. */
export const validateHeaderPrefix = headerPrefixProblem;

/** All problems with a profile's settings; empty when usable. */
export function validateProfile(p: Partial<ProfileSettings>): string[] {
  const problems: string[] = [];
  for (const f of PROFILE_FIELDS) {
    const v = p[f.key];
    const msg = validateIdentifier(f.label, v);
    if (msg) problems.push(msg);
    else if (f.key === 'baseUrl') {
      const urlMsg = validateBaseUrl(v!);
      if (urlMsg) problems.push(urlMsg);
    }
  }
  return problems;
}

/** The svcsql.profiles setting, keeping only string fields of well-named profiles. */
export function readProfiles(raw: unknown): Record<string, Partial<ProfileSettings>> {
  const out: Record<string, Partial<ProfileSettings>> = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if (validateProfileName(name) || !value || typeof value !== 'object') continue;
    const p: Partial<ProfileSettings> = {};
    for (const f of PROFILE_FIELDS) {
      const v = (value as Record<string, unknown>)[f.key];
      if (typeof v === 'string') p[f.key] = v;
    }
    out[name] = p;
  }
  return out;
}

export type ConnectionResult = { ok: true; connection: Connection } | { ok: false; problems: string[]; missingSecrets: boolean };

/** Assembles a Connection from a profile's settings and secrets, or says what is missing. */
export function buildConnection(
  p: Partial<ProfileSettings> | undefined,
  secrets: ProfileSecrets,
  headerPrefix = DEFAULT_HEADER_PREFIX,
): ConnectionResult {
  const problems = p ? validateProfile(p) : ['The profile is not configured.'];
  const missingSecrets = !secrets.apiKey || !secrets.apiSecret;
  if (!secrets.apiKey) problems.push('API key is not set.');
  else if (validateIdentifier('API key', secrets.apiKey)) problems.push(validateIdentifier('API key', secrets.apiKey)!);
  if (!secrets.apiSecret) problems.push('API secret is not set.');
  else if (validateIdentifier('API secret', secrets.apiSecret)) problems.push(validateIdentifier('API secret', secrets.apiSecret)!);
  const prefixMsg = validateHeaderPrefix(headerPrefix);
  if (prefixMsg) problems.push(prefixMsg);
  if (problems.length || !p) return { ok: false, problems, missingSecrets };
  return {
    ok: true,
    connection: {
      baseUrl: p.baseUrl!,
      accountUid: p.accountUid!,
      projectUid: p.projectUid!,
      linkUid: p.linkUid!,
      region: p.region!,
      userUuid: p.userUuid!,
      apiKey: secrets.apiKey!,
      apiSecret: secrets.apiSecret!,
      headerPrefix,
    },
  };
}

/** Splits stored credentials into what goes to settings and what goes to SecretStorage. */
export function splitCredentials(c: Credentials): { settings: ProfileSettings; secrets: Required<ProfileSecrets> } {
  const settings = {} as ProfileSettings;
  for (const f of PROFILE_FIELDS) settings[f.key] = c[f.key];
  return { settings, secrets: { apiKey: c.apiKey, apiSecret: c.apiSecret } };
}
