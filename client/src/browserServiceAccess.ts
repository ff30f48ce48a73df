// The browser build's serviceAccess.ts (swapped in by scripts/browserBuild.mjs). In VS Code for the
// Web the extension's fetch is cross-origin: a service that sends no CORS headers for the page's
// origin cannot be called, and fetch says only "Failed to fetch". Before a run or a listing, one
// request without secrets asks the service the way a run would (same header names, so the same
// preflight); when it fails, a no-cors request tells "reachable but refusing this origin" from
// "unreachable". Refused: the run commands say so, nothing is recorded, and the Requests and
// Service Objects views show the reason (viewsWelcome on SERVICE_BLOCKED_CONTEXT).
import * as vscode from 'vscode';
import { effectiveHeaderPrefix, HEADER_FIELDS, type Connection } from '../../service/src/index';

export { blockedMessage, SERVICE_BLOCKED_CONTEXT } from './serviceAccess';
import { blockedMessage, SERVICE_BLOCKED_CONTEXT } from './serviceAccess';

export type Access = 'allowed' | 'blocked' | 'unreachable';

const PROBE_ID = 'svcsql-access-check';
const PROBE_TIMEOUT_MS = 10_000;
/** Origins known to allow this page (a service's CORS policy does not change within a session). */
const allowed = new Set<string>();

/** The service's answer to a cross-origin call without credentials (dummy header values, never the secret). */
export async function probeAccess(baseUrl: string, headerPrefix?: string): Promise<Access> {
  const prefix = effectiveHeaderPrefix(headerPrefix);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [suffix] of HEADER_FIELDS) headers[`${prefix}${suffix}`] = PROBE_ID;
  const base = baseUrl.replace(/\/+$/, '');
  try {
    const res = await fetch(`${base}/v1/status/${PROBE_ID}`, {
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => undefined);
    return 'allowed';
  } catch {
    try {
      // no-cors allows only redirect 'follow' (any other mode is a TypeError, which would read as unreachable).
      await fetch(`${base}/`, { mode: 'no-cors', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      return 'blocked';
    } catch {
      return 'unreachable';
    }
  }
}

export async function serviceAccessible(connection: Connection, interactive: boolean): Promise<boolean> {
  const origin = new URL(connection.baseUrl).origin;
  // An unreachable service is not refused: the call goes ahead and reports its connection failure.
  const access = allowed.has(origin) ? 'allowed' : await probeAccess(connection.baseUrl, connection.headerPrefix);
  if (access === 'allowed') allowed.add(origin);
  await vscode.commands.executeCommand('setContext', SERVICE_BLOCKED_CONTEXT, access === 'blocked');
  if (access !== 'blocked') return true;
  if (interactive) void vscode.window.showErrorMessage(blockedMessage(connection.baseUrl));
  return false;
}
