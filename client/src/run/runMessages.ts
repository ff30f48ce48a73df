// The words a run says to the user (notifications, the status bar tooltip, the errors question),
// chosen from plain data (no vscode): runNotification.ts, runStatusBar.ts and confirmErrors.ts show them.
import type { ServiceError } from '../../../service/src/index';
import type { HistoryEntry } from '../history';
import { formatDuration, shortApiStatus } from '../runText';
import { firstWords, type ServerStatement } from '../statementPick';

/** Why nothing runs in Restricted Mode: a notebook cell's error says it as is, a notification with the product name. */
export const RESTRICTED_MODE_TEXT = 'Running statements is disabled in Restricted Mode. Trust this workspace to run.';
export const RESTRICTED_MODE_MESSAGE = `Service SQL: ${RESTRICTED_MODE_TEXT.charAt(0).toLowerCase()}${RESTRICTED_MODE_TEXT.slice(1)}`;

export const CONFIGURE_CONNECTION = 'Configure Connection';
export const SHOW_OUTPUT = 'Show Output';

/** What the end of an interactive run tells the user: a passing status bar message, an error with actions, or nothing. */
export type RunNotice = { kind: 'status'; text: string; ms: number } | { kind: 'error'; text: string; actions: string[] } | undefined;

export function runNotice(e: HistoryEntry, now: number): RunNotice {
  const what = firstWords(e.statement || e.title, 40);
  if (e.state === 'success')
    return {
      kind: 'status',
      text: `$(pass) ${what}: ${shortApiStatus(e.apiStatus) ?? 'success'} in ${formatDuration((e.endedAt ?? now) - e.submittedAt)}`,
      ms: 5000,
    };
  if (e.state === 'cancelled') return undefined;
  const detail = e.error?.message ?? shortApiStatus(e.apiStatus) ?? e.state;
  return {
    kind: 'error',
    text: `Service SQL: ${what} — ${e.state}: ${detail}`,
    actions: e.error?.kind === 'auth' ? [CONFIGURE_CONNECTION, SHOW_OUTPUT] : [SHOW_OUTPUT],
  };
}

/** The status bar tooltip: one line per run this window polls. */
export function runningTooltip(runs: readonly HistoryEntry[]): string {
  return runs.map((e) => `${firstWords(e.statement || e.title, 40)} — ${shortApiStatus(e.apiStatus) ?? e.state}`).join('\n');
}

/** The modal question before sending statements with errors (undefined: none has errors). */
export function errorsQuestion(stmts: readonly ServerStatement[]): { message: string; detail: string } | undefined {
  const bad = stmts.filter((s) => s.hasErrors);
  if (!bad.length) return undefined;
  return {
    message:
      bad.length === 1
        ? 'This statement has errors. Send it to the service anyway?'
        : `${bad.length} statements have errors. Send them to the service anyway?`,
    detail: bad.map((s) => `line ${s.range.start.line + 1}: ${s.title || firstWords(s.text, 40)}`).join('\n'),
  };
}

/** Why a batch stopped early: for the log, and the warning an interactive run shows. */
export function batchStoppedText(state: string, rest: number): { log: string; warning: string } {
  return {
    log: `Stopped after a ${state} run: ${rest} later statement(s) not sent.`,
    warning: `Service SQL: stopped after a ${state} run; ${rest} later statement(s) not sent.`,
  };
}

/** The offer to configure a profile that has no usable connection. */
/** A notebook cell's error when its run has no connection (the offer to configure it is a notification beside it). */
export const NO_CONNECTION_CELL_TEXT =
  'No usable connection for the active profile (see the notification or the Service SQL output). Use Service SQL: Configure Connection, then run the cell again.';

export function noConnectionOffer(profile: string, problems: readonly string[]): { log: string; offer: string } {
  return {
    log: `No usable connection for profile "${profile}": ${problems.join(' ')}`,
    offer: `Service SQL: no connection is configured for profile "${profile}" (${problems[0] ?? 'incomplete'}). Configure it now?`,
  };
}

/** The message of whatever a status refresh threw (an Error, a ServiceError-shaped object, anything). */
export function thrownMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'object' && err && 'message' in err) return String((err as ServiceError).message);
  return String(err);
}

/** The log line of a cancel: the service has no cancel call, so the request itself may go on. */
export function cancelledText(runId: string, requestId: string | undefined): string {
  return `Cancelled run ${runId}${requestId ? ` (requestId=${requestId}); the service may still complete it` : ''}`;
}
