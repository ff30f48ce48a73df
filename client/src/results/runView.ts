// A history entry as the results page sees it (see protocol.ts): plain data, redacted, and the
// shape checked, since the explorer hands in entries it built from responses it read itself.
import type { HistoryEntry, RunEventRecord } from '../history';
import { boundedCopy } from '../../../service/src/results/table';
import type { RunView } from './protocol';

/** A HistoryEntry-shaped object from outside (a command argument), or undefined when it is not one. */
export function entryFromObject(v: unknown): HistoryEntry | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const r = v as Record<string, unknown>;
  if (typeof r.id !== 'string' || !r.id) return undefined;
  const text = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : undefined);
  const time = (k: string) => (typeof r[k] === 'number' && Number.isFinite(r[k]) ? (r[k] as number) : undefined);
  const now = Date.now();
  const e: HistoryEntry = {
    id: r.id,
    profile: text('profile') ?? '',
    statement: text('statement') ?? '',
    title: text('title') ?? '',
    state: (text('state') ?? 'success') as HistoryEntry['state'],
    submittedAt: time('submittedAt') ?? now,
    updatedAt: time('updatedAt') ?? now,
  };
  const requestId = text('requestId');
  if (requestId) e.requestId = requestId;
  const apiStatus = text('apiStatus');
  if (apiStatus) e.apiStatus = apiStatus;
  if ('apiResponse' in r) e.apiResponse = r.apiResponse;
  const endedAt = time('endedAt');
  if (endedAt !== undefined) e.endedAt = endedAt;
  const err = r.error as Record<string, unknown> | undefined;
  if (err && typeof err === 'object' && typeof err.message === 'string')
    e.error = { kind: (typeof err.kind === 'string' ? err.kind : 'server') as never, message: err.message };
  if (Array.isArray(r.events))
    e.events = (r.events as RunEventRecord[]).filter((x) => x && typeof x.at === 'number' && typeof x.state === 'string').slice(-40);
  return e;
}

export function runViewOf(e: HistoryEntry, redact: <T>(v: T) => T): RunView {
  const view: RunView = {
    id: e.id,
    title: e.title,
    statement: e.statement,
    profile: e.profile,
    state: e.state,
    submittedAt: e.submittedAt,
    events: (e.events ?? []).map((x) => ({ ...x })),
    hasResponse: e.apiResponse !== undefined,
  };
  if (e.requestId) view.requestId = e.requestId;
  if (e.apiStatus) view.apiStatus = e.apiStatus;
  if (e.endedAt !== undefined) view.endedAt = e.endedAt;
  if (e.error) view.error = { kind: e.error.kind, message: e.error.message };
  // Bounded first: the redactor, postMessage's structured clone and the page all walk it.
  if (e.apiResponse !== undefined) view.response = boundedCopy(e.apiResponse);
  // The whole view passes the redactor: a secret echoed anywhere (statement, error, response) never reaches the page.
  return redact(view);
}

/** SHOW and DESCRIBE runs open the panel by themselves when they end. */
export function isShowOrDescribe(e: HistoryEntry): boolean {
  const head = (e.title || e.statement.trimStart()).split(/\s+/, 1)[0]?.toUpperCase();
  return head === 'SHOW' || head === 'DESCRIBE';
}
