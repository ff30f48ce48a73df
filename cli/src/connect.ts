// Shared by run and status: resolve the connection, say where it came from (never its secrets),
// and build the one service client the extension also uses.
import { connectionProblem, DEFAULT_MAX_RESPONSE_BYTES, ServiceClient, type RunEvent } from '../../service/src/index';
import { resolveConnection, type ConnectionFlags } from './credentials';
import { CliError, EXIT } from './exitCodes';
import { writeErr } from './output';
import { escapeControls as esc } from '../../service/src/safeText';
import { VERSION } from './version';

export interface CommonFlags extends ConnectionFlags {
  verbose?: boolean;
  /** Minutes, as given on the command line. */
  timeout?: string;
  json?: boolean;
  color?: boolean;
  /** Megabytes, as given on the command line. */
  maxResponseMb?: string;
}

/** --max-response-mb: the most read of any answer (default 16 MB). */
export function maxResponseBytes(flags: CommonFlags): number {
  if (flags.maxResponseMb === undefined) return DEFAULT_MAX_RESPONSE_BYTES;
  const mb = Number(flags.maxResponseMb);
  if (!Number.isFinite(mb) || mb <= 0 || mb > 1024)
    throw new CliError(`--max-response-mb takes megabytes between 0 and 1024, not '${esc(flags.maxResponseMb)}'.`);
  return Math.round(mb * 1024 * 1024);
}

export function timeoutMs(flags: CommonFlags): number | undefined {
  if (flags.timeout === undefined) return undefined;
  const minutes = Number(flags.timeout);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 1440)
    throw new CliError(`--timeout takes minutes between 0 and 1440, not '${esc(flags.timeout)}'.`);
  return Math.round(minutes * 60_000);
}

export function verboseLine(flags: CommonFlags, text: string): void {
  if (flags.verbose) writeErr(`verbose: ${text}\n`);
}

export function connect(flags: CommonFlags): ServiceClient {
  return connectWithSource(flags).client;
}

/** The client, and where its connection came from (said by `svcsql mcp` in every answer that used it). */
export function connectWithSource(flags: CommonFlags): { client: ServiceClient; source: string } {
  const { connection, source, notes } = resolveConnection(flags);
  for (const n of notes) writeErr(`svcsql: ${n}\n`);
  verboseLine(flags, `credentials from ${source}`);
  verboseLine(
    flags,
    esc(
      `base URL ${connection.baseUrl}, account ${connection.accountUid}, project ${connection.projectUid}, region ${connection.region}, header prefix ${connection.headerPrefix}`,
    ),
  );
  // Unusable credentials are bad configuration (exit 2), found before anything is sent.
  const problem = connectionProblem(connection);
  if (problem) throw new CliError(`${problem} (${source})`, EXIT.usage);
  const client = new ServiceClient(connection, {
    userAgent: `svcsql-cli/${VERSION} node/${process.versions.node}`,
    maxResponseBytes: maxResponseBytes(flags),
  });
  return { client, source };
}

/** What an event looks like on the progress line. */
export function describeEvent(e: RunEvent): string {
  if (e.state === 'submitting') return 'submitting';
  if (e.state === 'pending')
    return `pending${e.apiStatus ? ` (${esc(e.apiStatus)})` : ''}${e.requestId ? `, request id ${esc(e.requestId)}` : ''}`;
  return e.state;
}
