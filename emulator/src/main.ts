// `npm run emulator -- --port N`: the local service emulator as a program.
import { parseArgs } from 'node:util';
import { startEmulator, type RunningEmulator } from './emulator';
import type { ServiceCredentials } from '../../service/src/credentialHeaders';
import { OUTCOMES, type Faults, type Outcome } from './options';

const USAGE = `Usage: emulator [options]
  --port N               port on 127.0.0.1 (default 8787; 0 = any free port)
  --pending-ms N         time a request stays PENDING (default 1500)
  --header-prefix P      credential header prefix (default x-service-)
  --account-uid, --project-uid, --api-key, --api-secret, --link-uid, --region, --user-uuid V
                         expected credentials (default: the demo set, printed on start)
  --quiet                no per-request log lines
Faults:
  --delay-ms N  --drop-submit N  --drop-status N  --status-500 N  --malformed-status N
  --malformed-submit N  --unknown-status N  --force-429 N  --retry-after S
  --outcome SUCCESS|FAILED|SUCCESS_PARTIAL|INVALID
Control while running: GET /__emulator/stats, GET|POST /__emulator/faults (JSON).`;

const CRED_FLAGS: Record<string, keyof ServiceCredentials> = {
  'account-uid': 'accountUid',
  'project-uid': 'projectUid',
  'api-key': 'apiKey',
  'api-secret': 'apiSecret',
  'link-uid': 'linkUid',
  region: 'region',
  'user-uuid': 'userUuid',
};
const COUNT_FLAGS: Record<string, keyof Faults> = {
  'delay-ms': 'delayMs',
  'drop-submit': 'dropSubmit',
  'drop-status': 'dropStatus',
  'status-500': 'status500',
  'malformed-status': 'malformedStatus',
  'malformed-submit': 'malformedSubmit',
  'unknown-status': 'unknownStatus',
  'force-429': 'force429',
};

function fail(message: string): never {
  process.stderr.write(`emulator: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function count(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) fail(`--${name} needs a whole number, got '${text}'`);
  return Number(text);
}

async function main(): Promise<void> {
  const stringOpts = [
    'port',
    'pending-ms',
    'header-prefix',
    'retry-after',
    'outcome',
    ...Object.keys(CRED_FLAGS),
    ...Object.keys(COUNT_FLAGS),
  ];
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        ...Object.fromEntries(stringOpts.map((o) => [o, { type: 'string' as const }])),
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (err) {
    fail((err as Error).message);
  }
  const v = parsed.values as Record<string, string | boolean | undefined>;
  if (v.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);

  const credentials: Partial<ServiceCredentials> = {};
  for (const [flag, field] of Object.entries(CRED_FLAGS)) {
    const value = str(flag);
    if (value !== undefined) credentials[field] = value;
  }
  const faults: Partial<Faults> = {};
  for (const [flag, field] of Object.entries(COUNT_FLAGS)) {
    const n = count(flag, str(flag));
    if (n !== undefined) (faults as Record<string, number>)[field] = n;
  }
  const retryAfter = str('retry-after');
  if (retryAfter !== undefined) faults.retryAfter = retryAfter;
  const outcome = str('outcome');
  if (outcome !== undefined) {
    if (!OUTCOMES.includes(outcome as Outcome)) fail(`--outcome must be one of ${OUTCOMES.join(', ')}`);
    faults.outcome = outcome as Outcome;
  }

  // Handlers first: a SIGTERM right after the banner must still close cleanly.
  let emulator: RunningEmulator | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: closing\n`);
    (emulator ? emulator.close() : Promise.resolve()).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const port = count('port', str('port')) ?? 8787;
  const pendingMs = count('pending-ms', str('pending-ms'));
  const headerPrefix = str('header-prefix');
  emulator = await startEmulator({
    port,
    credentials,
    faults,
    ...(pendingMs !== undefined ? { pendingMs } : {}),
    ...(headerPrefix !== undefined ? { headerPrefix } : {}),
    log: v.quiet ? undefined : (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
  });

  process.stdout.write(`listening on ${emulator.url}\n`);
  const c = emulator.credentials;
  // The demo credentials are not secret; credentials given on the command line are not echoed.
  const shown = (field: keyof ServiceCredentials) =>
    credentials[field] === undefined ? c[field] : field === 'apiKey' || field === 'apiSecret' ? '(as given)' : c[field];
  process.stdout.write(
    [
      'connection settings for the extension / CLI:',
      `  baseUrl      ${emulator.url}`,
      `  headerPrefix ${emulator.headerPrefix}`,
      `  accountUid   ${shown('accountUid')}`,
      `  projectUid   ${shown('projectUid')}`,
      `  apiKey       ${shown('apiKey')}`,
      `  apiSecret    ${shown('apiSecret')}`,
      `  linkUid      ${shown('linkUid')}`,
      `  region       ${shown('region')}`,
      `  userUuid     ${shown('userUuid')}`,
      `demo defaults: ${credentials.apiKey === undefined && credentials.apiSecret === undefined ? 'yes' : 'partly overridden'}; Ctrl+C to stop`,
      '',
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`emulator: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
