// Whether this extension host may call the service at all, asked before a run or a listing. On the
// desktop nothing stands between the extension and the service (Node's fetch has no same-origin
// policy): always yes. The browser build swaps this module for browserServiceAccess.ts, where a
// service that sends no CORS headers cannot be reached from the page (scripts/browserBuild.mjs).
import type { Connection } from '../../service/src/index';

/** Context key: the active connection's service refuses cross-origin requests (browser build only). */
export const SERVICE_BLOCKED_CONTEXT = 'svcsql.serviceBlocked';

/** True when calls to connection's service can be made from here; interactive: say why not. */
export async function serviceAccessible(_connection: Connection, _interactive: boolean): Promise<boolean> {
  return true;
}
