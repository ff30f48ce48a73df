// What a run writes into its history entry, step by step: the new entry, the patch of each service
// event, of the final result and of a one-off status refresh. Plain data in, plain data out (no
// vscode): the Runner applies these patches to the history model.
import { type RunEvent, type RunResult, type RunState, type ServiceError, stateFromApiStatus } from '../../../service/src/index';
import { type HistoryEntry, isRunning, newRunId, type Span, withEvent } from '../history';
import { stateTone } from '../../../service/src/runStates';
import type { ServerStatement } from '../statementPick';

/** A statement to send: the real text, and what may be shown of it. */
export interface Sendable {
  text: string;
  title: string;
  uri?: string;
  range?: Span;
  /** The text with secret WITH values as '***' (from the language server). */
  displayText?: string;
  secretValues?: string[];
}

/** What of a server statement a run needs. */
export function sendable(s: ServerStatement): Sendable {
  return {
    text: s.text,
    title: s.title,
    range: s.range,
    ...(s.displayText !== undefined ? { displayText: s.displayText } : {}),
    ...(s.secretValues ? { secretValues: s.secretValues } : {}),
  };
}

/** Whether the history shows a masked text in place of the one sent. */
export function isMasked(s: Sendable): boolean {
  return s.displayText !== undefined && s.displayText !== s.text;
}

/** The history entry of a run about to be submitted: what is shown of its statement, never a secret. */
export function submittingEntry(s: Sendable, profile: string, now: number): HistoryEntry {
  const masked = isMasked(s);
  return {
    id: newRunId(now),
    profile,
    statement: masked ? s.displayText! : s.text,
    ...(masked ? { masked: true } : {}),
    title: s.title,
    state: 'submitting',
    submittedAt: now,
    updatedAt: now,
    ...(s.uri ? { uri: s.uri } : {}),
    ...(s.range ? { range: s.range } : {}),
  };
}

/** The history entry that tracks a request id submitted elsewhere ("Check Status of Request Id…"). */
export function trackedRequestEntry(requestId: string, profile: string, now: number): HistoryEntry {
  return {
    id: newRunId(now),
    profile,
    statement: '',
    title: `Request ${requestId}`,
    requestId,
    state: 'pending',
    submittedAt: now,
    updatedAt: now,
  };
}

/** Keeps only the ServiceError fields we know to be plain data. */
export function plainError(e: ServiceError | undefined): ServiceError | undefined {
  if (!e) return undefined;
  const out: ServiceError = { kind: e.kind, message: String(e.message ?? '') };
  if (e.httpStatus !== undefined) out.httpStatus = e.httpStatus;
  if (e.line !== undefined) out.line = e.line;
  if (e.column !== undefined) out.column = e.column;
  if (e.expected) out.expected = [...e.expected];
  if (e.detail !== undefined) out.detail = String(e.detail);
  return out;
}

/** A service event as a history patch; `news` when it says something new (logged as info, else trace). */
export function eventPatch(entry: HistoryEntry, ev: RunEvent): { patch: Partial<HistoryEntry>; news: boolean; gotRequestId: boolean } {
  const news =
    ev.state !== entry.state ||
    (ev.apiStatus !== undefined && ev.apiStatus !== entry.apiStatus) ||
    (ev.requestId !== undefined && ev.requestId !== entry.requestId);
  const patch: Partial<HistoryEntry> = {
    state: ev.state,
    ...(ev.requestId ? { requestId: ev.requestId } : {}),
    ...(ev.apiStatus !== undefined ? { apiStatus: ev.apiStatus } : {}),
    ...(ev.apiResponse !== undefined ? { apiResponse: ev.apiResponse } : {}),
    ...(ev.error ? { error: plainError(ev.error) } : {}),
    events: withEvent(entry.events, ev),
  };
  return { patch, news, gotRequestId: !!ev.requestId && !entry.requestId };
}

/** The final result as a history patch, with the last point of the timeline unless an event already said it. */
export function finishPatch(entry: HistoryEntry, result: RunResult, now: number): Partial<HistoryEntry> {
  const patch: Partial<HistoryEntry> = {
    state: result.state,
    requestId: result.requestId ?? entry.requestId,
    apiStatus: result.apiStatus ?? entry.apiStatus,
    apiResponse: result.apiResponse !== undefined ? result.apiResponse : entry.apiResponse,
    error: plainError(result.error),
    endedAt: result.endedAt || now,
  };
  const last = entry.events?.at(-1);
  if (last?.state !== result.state || last.apiStatus !== patch.apiStatus)
    patch.events = withEvent(entry.events, {
      at: patch.endedAt!,
      state: result.state,
      ...(patch.apiStatus ? { apiStatus: patch.apiStatus } : {}),
    });
  return patch;
}

/**
 * A one-off status answer as a history patch. While this window polls the run (`polling`), the
 * poll decides its state; otherwise the answer does, and a run that ends keeps an earlier end time.
 */
export function refreshPatch(
  entry: HistoryEntry,
  answer: { apiStatus: string; apiResponse: unknown },
  polling: boolean,
  now: number,
): Partial<HistoryEntry> {
  const patch: Partial<HistoryEntry> = { apiStatus: answer.apiStatus, apiResponse: answer.apiResponse };
  if (polling) return patch;
  const state = stateFromApiStatus(answer.apiStatus);
  patch.state = state;
  if (!isRunning(state)) {
    patch.endedAt = entry.endedAt && !isRunning(entry.state) ? entry.endedAt : now;
    patch.error = undefined;
  }
  return patch;
}

/** The result of a run whose client threw (run() should never throw; the history still records it). */
export function thrownResult(err: unknown, startedAt: number, now: number, requestId?: string): RunResult {
  return {
    state: 'error',
    ...(requestId ? { requestId } : {}),
    error: { kind: 'bad-response', message: err instanceof Error ? err.message : String(err) },
    startedAt,
    endedAt: now,
  };
}

/** The output channel level of a run's end. */
export function endLogLevel(state: RunState): 'info' | 'warn' | 'error' {
  const tone = stateTone(state);
  return tone === 'ok' ? 'info' : tone === 'warn' ? 'warn' : 'error';
}
