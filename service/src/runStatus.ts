// The service's apiStatus in the client's words: the one mapping the service client, the CLI, the
// extension and the results page all use (no Node, no DOM: the webview bundles it too).
import type { RunState } from './types';

/** The long common prefix of every apiStatus ('API_OPERATION_STATUS_SUCCESS'). */
export const API_STATUS_PREFIX = 'API_OPERATION_STATUS_';

const TERMINAL_STATUS: Readonly<Record<string, RunState>> = {
  SUCCESS: 'success',
  SUCCESS_PARTIAL: 'partial',
  FAILED: 'failed',
  INVALID: 'invalid',
};

/** The status without its prefix, upper case, surrounding blanks dropped: 'SUCCESS', 'PENDING', … */
function bareStatus(apiStatus: string): string {
  const upper = apiStatus.trim().toUpperCase();
  return upper.startsWith(API_STATUS_PREFIX) ? upper.slice(API_STATUS_PREFIX.length) : upper;
}

/** The run state an apiStatus ends in, or undefined while pending or unknown (case and blanks ignored). */
export function terminalStateOf(apiStatus: string | undefined): RunState | undefined {
  if (apiStatus === undefined) return undefined;
  const bare = bareStatus(apiStatus);
  return Object.hasOwn(TERMINAL_STATUS, bare) ? TERMINAL_STATUS[bare] : undefined;
}

/** The apiStatus as a RunState; an unknown or missing value is treated as still pending. */
export function stateFromApiStatus(apiStatus: string | undefined): RunState {
  return terminalStateOf(apiStatus) ?? 'pending';
}

/** The apiStatus without its long common prefix (any case), as shown to people; otherwise as it came. */
export function shortApiStatus(apiStatus: string | undefined): string | undefined {
  if (apiStatus === undefined) return undefined;
  return apiStatus.toUpperCase().startsWith(API_STATUS_PREFIX) ? apiStatus.slice(API_STATUS_PREFIX.length) : apiStatus;
}
