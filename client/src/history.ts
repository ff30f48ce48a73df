// The run history: a bounded list of runs, newest first, persisted in globalState as plain JSON.
// Only non-secret data is kept (statement text, ids, status, timestamps, response). No vscode here.
import type { RunState, ServiceError } from '../../service/src/index';
import { isRunning, isRunState } from '../../service/src/runStates';

export { isRunning };

export interface Pos {
  line: number;
  character: number;
}
export interface Span {
  start: Pos;
  end: Pos;
}

export interface HistoryEntry {
  /** Local id of the run (a request id exists only once the service accepted the statement). */
  id: string;
  /** Profile the run used; resuming after a reload polls with that profile's credentials. */
  profile: string;
  /** The text that was (or is being) sent, with secret WITH values as '***' when `masked`. */
  statement: string;
  /** True when `statement` holds '***' in place of secret values: a re-run reads the real text from the file. */
  masked?: boolean;
  /** Statement kind title from the language server, e.g. 'CREATE FLOW' ('' when unknown). */
  title: string;
  /** Where the statement came from, for mapping a parse error back into the file. */
  uri?: string;
  range?: Span;
  requestId?: string;
  state: RunState;
  apiStatus?: string;
  apiResponse?: unknown;
  error?: ServiceError;
  submittedAt: number;
  updatedAt: number;
  endedAt?: number;
  /** The run's timeline (submitted, status polls, final), bounded by MAX_EVENTS. Absent in older history. */
  events?: RunEventRecord[];
}

/** One point of a run's timeline: what the service said, and when. */
export interface RunEventRecord {
  at: number;
  state: RunState;
  apiStatus?: string;
}

/** Timeline length kept per run: the first events and the latest ones (a long poll repeats itself). */
export const MAX_EVENTS = 40;

/**
 * The events with ev added, bounded: the first few (submitted, accepted) stay, the middle gives way,
 * and a poll that only repeats the previous status replaces it (its time moves on) once the list is full.
 */
export function withEvent(events: readonly RunEventRecord[] | undefined, ev: RunEventRecord, max = MAX_EVENTS): RunEventRecord[] {
  const list = [...(events ?? [])];
  const rec: RunEventRecord = { at: ev.at, state: ev.state, ...(ev.apiStatus !== undefined ? { apiStatus: ev.apiStatus } : {}) };
  list.push(rec);
  if (list.length > max) list.splice(Math.min(4, max - 1), list.length - max);
  return list;
}

function parseEvents(v: unknown): RunEventRecord[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: RunEventRecord[] = [];
  for (const r of v.slice(-MAX_EVENTS)) {
    const e = r as Record<string, unknown> | null;
    const at = e && typeof e === 'object' ? num(e.at) : undefined;
    const state = e && typeof e === 'object' ? e.state : undefined;
    if (at === undefined || !isRunState(state)) continue;
    const apiStatus = str(e!.apiStatus);
    out.push({ at, state, ...(apiStatus ? { apiStatus } : {}) });
  }
  return out.length ? out : undefined;
}

export const HISTORY_KEY = 'svcsql.history.v1';
export const DEFAULT_MAX = 200;
/** A response larger than this (as JSON) is not persisted whole; it stays in memory for the session. */
export const MAX_PERSISTED_RESPONSE_CHARS = 256 * 1024;

let counter = 0;
export function newRunId(now = Date.now()): string {
  counter = (counter + 1) % 1_000_000;
  return `${now.toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Whether a value is a valid (non-negative) position: persisted data, command arguments. */
export function isPos(v: unknown): v is Pos {
  const p = v as Pos;
  return !!p && typeof p === 'object' && Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.character >= 0;
}
function isSpan(v: unknown): v is Span {
  const s = v as Span;
  return !!s && typeof s === 'object' && isPos(s.start) && isPos(s.end);
}
function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Validates one persisted record; anything malformed is dropped rather than trusted. */
export function parseEntry(raw: unknown): HistoryEntry | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const id = str(r.id);
  const statement = str(r.statement);
  const state = r.state;
  const submittedAt = num(r.submittedAt);
  if (!id || statement === undefined || !isRunState(state) || submittedAt === undefined) return undefined;
  const e: HistoryEntry = {
    id,
    profile: str(r.profile) ?? 'default',
    statement,
    title: str(r.title) ?? '',
    state,
    submittedAt,
    updatedAt: num(r.updatedAt) ?? submittedAt,
  };
  if (r.masked === true) e.masked = true;
  const uri = str(r.uri);
  if (uri) e.uri = uri;
  if (isSpan(r.range)) e.range = r.range;
  const requestId = str(r.requestId);
  if (requestId) e.requestId = requestId;
  const apiStatus = str(r.apiStatus);
  if (apiStatus) e.apiStatus = apiStatus;
  if (r.apiResponse !== undefined) e.apiResponse = r.apiResponse;
  if (r.error && typeof r.error === 'object' && typeof (r.error as ServiceError).message === 'string') e.error = r.error as ServiceError;
  const endedAt = num(r.endedAt);
  if (endedAt !== undefined) e.endedAt = endedAt;
  const events = parseEvents(r.events);
  if (events) e.events = events;
  return e;
}

export interface LoadResult {
  entries: HistoryEntry[];
  /** Pending runs with a request id: poll them again (ServiceClient.watch). */
  resume: HistoryEntry[];
  /** Runs that were still submitting when the window went away: marked 'error', never resubmitted. */
  interrupted: HistoryEntry[];
}

export class HistoryModel {
  private entries: HistoryEntry[] = [];
  /** Ids removed in this session, so a merge with another window's list does not bring them back. */
  private readonly removed = new Set<string>();
  private listeners: Array<() => void> = [];

  constructor(private max: number = DEFAULT_MAX) {}

  setMax(max: number): void {
    this.max = Math.max(1, Math.floor(max));
    if (this.bound()) this.changed();
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  /**
   * Replaces the content with persisted data. A run caught mid-submit (no request id) cannot be
   * resumed and must not be sent again (submitting is not idempotent), so it ends as 'error'.
   */
  load(raw: unknown, now = Date.now()): LoadResult {
    const list = Array.isArray(raw) ? raw.map(parseEntry).filter((e): e is HistoryEntry => !!e) : [];
    const interrupted: HistoryEntry[] = [];
    const resume: HistoryEntry[] = [];
    for (const e of list) {
      if (!isRunning(e.state)) continue;
      if (e.requestId) {
        e.state = 'pending';
        resume.push(e);
      } else {
        e.state = 'error';
        e.error = {
          kind: 'cancelled',
          message: 'The window closed before the service returned a request id; the statement was not sent again.',
        };
        e.endedAt = now;
        e.updatedAt = now;
        interrupted.push(e);
      }
    }
    list.sort((a, b) => b.submittedAt - a.submittedAt);
    this.entries = list;
    this.bound();
    const kept = new Set(this.entries);
    this.changed();
    return { entries: this.list(), resume: resume.filter((e) => kept.has(e)), interrupted: interrupted.filter((e) => kept.has(e)) };
  }

  /** Newest first. The array is a copy; entries are the live objects. */
  list(): HistoryEntry[] {
    return [...this.entries];
  }

  get(id: string): HistoryEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }

  running(): HistoryEntry[] {
    return this.entries.filter((e) => isRunning(e.state));
  }

  add(entry: HistoryEntry): HistoryEntry {
    this.entries.unshift(entry);
    this.bound();
    this.changed();
    return entry;
  }

  update(id: string, patch: Partial<Omit<HistoryEntry, 'id'>>, now = Date.now()): HistoryEntry | undefined {
    const e = this.get(id);
    if (!e) return undefined;
    Object.assign(e, patch, { updatedAt: patch.updatedAt ?? now });
    this.changed();
    return e;
  }

  remove(id: string): boolean {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.id !== id);
    if (this.entries.length === before) return false;
    this.removed.add(id);
    this.changed();
    return true;
  }

  /** Removes finished runs; running ones stay, since their polling would recreate nothing. */
  clear(): void {
    for (const e of this.entries) if (!isRunning(e.state)) this.removed.add(e.id);
    this.entries = this.entries.filter((e) => isRunning(e.state));
    this.changed();
  }

  /**
   * Takes in runs that another window persisted (globalState is shared by all windows), so
   * writing our list does not drop theirs. Our own entries win; ids removed here stay removed.
   * Returns whether anything was added.
   */
  merge(raw: unknown): boolean {
    if (!Array.isArray(raw)) return false;
    const known = new Set(this.entries.map((e) => e.id));
    const added = raw.map(parseEntry).filter((e): e is HistoryEntry => !!e && !known.has(e.id) && !this.removed.has(e.id));
    if (!added.length) return false;
    this.entries = [...this.entries, ...added].sort((a, b) => b.submittedAt - a.submittedAt);
    this.bound();
    this.changed();
    return true;
  }

  /** Keeps at most max entries, dropping the oldest finished runs first. */
  private bound(): boolean {
    let dropped = false;
    while (this.entries.length > this.max) {
      let idx = -1;
      for (let i = this.entries.length - 1; i >= 0; i--) {
        if (!isRunning(this.entries[i]!.state)) {
          idx = i;
          break;
        }
      }
      this.entries.splice(idx === -1 ? this.entries.length - 1 : idx, 1);
      dropped = true;
    }
    return dropped;
  }

  /**
   * The JSON stored in globalState. `scrub` (the redactor) runs over every record so that a secret
   * echoed in an error or response is never written to disk; large responses are replaced by a note.
   */
  toPersisted(scrub: <T>(v: T) => T = (v) => v): HistoryEntry[] {
    return this.entries.map((e) => {
      const copy: HistoryEntry = { ...e };
      if (copy.apiResponse !== undefined) {
        const json = safeJson(copy.apiResponse);
        if (json === undefined || json.length > MAX_PERSISTED_RESPONSE_CHARS) {
          copy.apiResponse = { note: `response not persisted (${json === undefined ? 'not JSON' : `${json.length} chars`})` };
        }
      }
      return scrub(JSON.parse(JSON.stringify(copy)) as HistoryEntry);
    });
  }
}

function safeJson(v: unknown): string | undefined {
  try {
    return JSON.stringify(v);
  } catch {
    return undefined;
  }
}
