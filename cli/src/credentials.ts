// Where the connection comes from, in this order:
//  1. --profile / --credentials-file: that one profile of the file, whole. SVCSQL_* variables are
//     then ignored, so a named profile is never silently mixed with another environment's values.
//  2. SVCSQL_* environment variables, field by field, over
//  3. the `default` profile of ~/.svcsql/credentials (read only when a field is still missing).
// --header-prefix beats both. The file is refused when group or others may read it (as ssh does).
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { effectiveHeaderPrefix, validateBaseUrl, type Connection } from '../../service/src/index';
import { CliError, EXIT } from './exitCodes';
import { parseIni } from './ini';
import { escapeControls as esc } from '../../service/src/safeText';
import { addSecret } from './output';

export interface ConnectionFlags {
  profile?: string;
  credentialsFile?: string;
  headerPrefix?: string;
}

export interface ResolvedConnection {
  connection: Connection;
  /** Where it came from, for --verbose: 'profile "prod" of FILE', 'environment', ... */
  source: string;
  /** Non-fatal remarks (unknown keys, ignored variables), printed on stderr. */
  notes: string[];
}

type Field = Exclude<keyof Connection, 'headerPrefix'>;

/** Connection field, file key, environment variable. */
const FIELDS: readonly (readonly [Field, string, string])[] = [
  ['baseUrl', 'base_url', 'SVCSQL_BASE_URL'],
  ['apiKey', 'api_key', 'SVCSQL_API_KEY'],
  ['apiSecret', 'api_secret', 'SVCSQL_API_SECRET'],
  ['accountUid', 'account_uid', 'SVCSQL_ACCOUNT_UID'],
  ['projectUid', 'project_uid', 'SVCSQL_PROJECT_UID'],
  ['linkUid', 'link_uid', 'SVCSQL_LINK_UID'],
  ['region', 'region', 'SVCSQL_REGION'],
  ['userUuid', 'user_uuid', 'SVCSQL_USER_UUID'],
];
/** The SVCSQL_* variables that give a connection's fields (for the benchmark and the tests, which start the CLI so). */
export function connectionEnvironment(fields: Readonly<Record<Field, string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [field, , variable] of FIELDS) env[variable] = fields[field];
  return env;
}

const PREFIX_KEY = 'header_prefix';
const PREFIX_ENV = 'SVCSQL_HEADER_PREFIX';

export function defaultCredentialsFile(): string {
  return join(homedir(), '.svcsql', 'credentials');
}

type Partial8 = Partial<Record<Field | 'headerPrefix', string>>;

function readProfile(file: string, profile: string, required: boolean, notes: string[]): Partial8 | undefined {
  let mode: number;
  try {
    const info = statSync(file);
    if (info.isDirectory()) throw new CliError(`The credentials file ${esc(file)} is a folder, not a file.`);
    mode = info.mode;
  } catch (err) {
    if (err instanceof CliError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !required) return undefined;
    throw new CliError(`Cannot read the credentials file ${esc(file)}: ${(err as NodeJS.ErrnoException).code ?? 'error'}.`);
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new CliError(
      `Refusing to use the credentials file ${esc(file)}: other users can access it (mode ${(mode & 0o777).toString(8).padStart(4, '0')}). ` +
        `It holds API secrets; run: chmod 600 ${esc(file)}`,
    );
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`Cannot read the credentials file ${esc(file)}: ${(err as NodeJS.ErrnoException).code ?? 'error'}.`);
  }
  let sections;
  try {
    sections = parseIni(text, file);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  const section = sections.get(profile);
  if (!section) {
    const names = [...sections.keys()];
    throw new CliError(`No profile [${esc(profile)}] in ${esc(file)}${names.length ? ` (profiles: ${names.map(esc).join(', ')})` : ''}.`);
  }
  const out: Partial8 = {};
  const known = new Set<string>([PREFIX_KEY, ...FIELDS.map((f) => f[1])]);
  for (const key of section.keys()) {
    if (!known.has(key)) notes.push(`Unknown key '${esc(key)}' in profile [${esc(profile)}] of ${esc(file)} (ignored).`);
  }
  for (const [field, key] of FIELDS) if (section.get(key)) out[field] = section.get(key);
  if (section.get(PREFIX_KEY)) out.headerPrefix = section.get(PREFIX_KEY);
  return out;
}

function fromEnv(env: NodeJS.ProcessEnv): Partial8 {
  const out: Partial8 = {};
  for (const [field, , name] of FIELDS) if (env[name]?.trim()) out[field] = env[name]!.trim();
  if (env[PREFIX_ENV]?.trim()) out.headerPrefix = env[PREFIX_ENV]!.trim();
  return out;
}

export function resolveConnection(flags: ConnectionFlags, env: NodeJS.ProcessEnv = process.env): ResolvedConnection {
  const notes: string[] = [];
  const named = flags.profile !== undefined || flags.credentialsFile !== undefined;
  const file = flags.credentialsFile ?? defaultCredentialsFile();
  let values: Partial8;
  let source: string;
  if (named) {
    const profile = flags.profile ?? 'default';
    values = readProfile(file, profile, true, notes)!;
    source = `profile [${esc(profile)}] of ${esc(file)}`;
    const ignored = [...FIELDS.map((f) => f[2]), PREFIX_ENV].filter((n) => env[n]?.trim());
    if (ignored.length)
      notes.push(`A profile was named on the command line, so ${ignored.join(', ')} ${ignored.length > 1 ? 'are' : 'is'} ignored.`);
  } else {
    values = fromEnv(env);
    const missing = FIELDS.filter(([field]) => !values[field]);
    const usedEnv = FIELDS.length - missing.length;
    if (missing.length) {
      const fromFile = readProfile(file, 'default', false, notes);
      if (fromFile) values = { ...fromFile, ...values };
      source = fromFile
        ? usedEnv
          ? `environment over profile [default] of ${esc(file)}`
          : `profile [default] of ${esc(file)}`
        : 'environment';
    } else source = 'environment';
  }
  const missing = FIELDS.filter(([field]) => !values[field]);
  if (missing.length) {
    const how = named
      ? `Add ${missing.map((m) => m[1]).join(', ')} to the profile.`
      : `Set ${missing.map((m) => m[2]).join(', ')}, or add them to the [default] profile of ${esc(file)} (or name one with --profile).`;
    throw new CliError(`The connection is incomplete (${source}): ${missing.map((m) => m[1]).join(', ')} missing. ${how}`);
  }
  // Registered before anything else can print them.
  addSecret(values.apiKey);
  addSecret(values.apiSecret);
  const connection: Connection = {
    baseUrl: values.baseUrl!,
    apiKey: values.apiKey!,
    apiSecret: values.apiSecret!,
    accountUid: values.accountUid!,
    projectUid: values.projectUid!,
    linkUid: values.linkUid!,
    region: values.region!,
    userUuid: values.userUuid!,
    headerPrefix: effectiveHeaderPrefix(flags.headerPrefix ?? values.headerPrefix),
  };
  const bad = validateBaseUrl(connection.baseUrl);
  if (bad) throw new CliError(`${bad} (${source})`, EXIT.usage);
  return { connection, source, notes };
}
