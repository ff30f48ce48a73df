// Shared by run and status: resolve the connection, say where it came from (never its secrets),
// and build the one service client the extension also uses.
import { ServiceClient, type RunEvent } from '../../service/src/index';
import { resolveConnection, type ConnectionFlags } from './credentials';
import { CliError } from './exitCodes';
import { writeErr } from './output';
import { VERSION } from './version';

export interface CommonFlags extends ConnectionFlags {
  verbose?: boolean;
  /** Minutes, as given on the command line. */
  timeout?: string;
  json?: boolean;
  color?: boolean;
}

export function timeoutMs(flags: CommonFlags): number | undefined {
  if (flags.timeout === undefined) return undefined;
  const minutes = Number(flags.timeout);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 1440) throw new CliError(`--timeout takes minutes between 0 and 1440, not '${flags.timeout}'.`);
  return Math.round(minutes * 60_000);
}

export function verboseLine(flags: CommonFlags, text: string): void {
  if (flags.verbose) writeErr(`verbose: ${text}\n`);
}

export function connect(flags: CommonFlags): ServiceClient {
  const { connection, source, notes } = resolveConnection(flags);
  for (const n of notes) writeErr(`svcsql: ${n}\n`);
  verboseLine(flags, `credentials from ${source}`);
  verboseLine(flags, `base URL ${connection.baseUrl}, account ${connection.accountUid}, project ${connection.projectUid}, region ${connection.region}, header prefix ${connection.headerPrefix}`);
  return new ServiceClient(connection, { userAgent: `svcsql-cli/${VERSION} node/${process.versions.node}` });
}

/** What an event looks like on the progress line. */
export function describeEvent(e: RunEvent): string {
  if (e.state === 'submitting') return 'submitting';
  if (e.state === 'pending') return `pending${e.apiStatus ? ` (${e.apiStatus})` : ''}${e.requestId ? `, request id ${e.requestId}` : ''}`;
  return e.state;
}
