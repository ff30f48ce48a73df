// Whether this extension host may call the service at all, asked before a run or a listing. On the
// desktop nothing stands between the extension and the service (Node's fetch has no same-origin
// policy): always yes. The browser build swaps this module for browserServiceAccess.ts, where a
// service that sends no CORS headers cannot be reached from the page (scripts/browserBuild.mjs).
import type { Connection } from '../../service/src/index';

/** Context key: the active connection's service refuses cross-origin requests (browser build only). */
export const SERVICE_BLOCKED_CONTEXT = 'svcsql.serviceBlocked';

/** Why a service cannot be called from this browser page (said by the run commands and the agent tools). */
export function blockedMessage(baseUrl: string): string {
  const here = (globalThis as { location?: { origin?: string } }).location?.origin;
  return (
    `Service SQL: the service at ${new URL(baseUrl).origin} does not accept requests from a browser page ` +
    `(it sends no CORS headers${here ? ` for ${here}` : ''}), so statements cannot run in VS Code for the Web. ` +
    'Run them from VS Code desktop or the svcsql CLI, or ask for this origin to be allowed on the service.'
  );
}

/** True when calls to connection's service can be made from here; interactive: say why not. */
export async function serviceAccessible(_connection: Connection, _interactive: boolean): Promise<boolean> {
  return true;
}
