// What one group of the Service Objects view holds (the objects of one kind), and how a SHOW run's
// result becomes that. No vscode here, so the decisions are unit-tested.
import type { RunResult } from '../../../service/src/index';
import { namesInResponse } from '../../../service/src/results/names';
import { succeeded } from '../../../service/src/runStates';
import type { HistoryEntry } from '../history';

export type GroupState =
  | { status: 'idle' }
  | { status: 'loading'; startedAt: number }
  | { status: 'loaded'; names: string[]; readAt: number; profile: string; skipped: number; result: RunResult }
  /** The run succeeded but no names could be read from its response: the raw response is offered. */
  | { status: 'unreadable'; problem: string; readAt: number; profile: string; result: RunResult }
  | { status: 'error'; message: string; readAt: number; profile?: string; result?: RunResult }
  | { status: 'cancelled'; readAt: number };

/** A finished SHOW run as a group state. */
export function stateFromResult(result: RunResult, profile: string, readAt: number): GroupState {
  if (result.state === 'cancelled') return { status: 'cancelled', readAt };
  if (!succeeded(result.state)) {
    const why = result.error
      ? `${result.error.kind}${result.error.httpStatus ? ` (HTTP ${result.error.httpStatus})` : ''}: ${result.error.message}`
      : (result.apiStatus ?? result.state);
    return { status: 'error', message: `${result.state}: ${why}`, readAt, profile, result };
  }
  const reading = namesInResponse(result.apiResponse);
  if (!reading.ok) return { status: 'unreadable', problem: reading.problem, readAt, profile, result };
  return { status: 'loaded', names: reading.names, readAt, profile, skipped: reading.skipped, result };
}

/** Local wall-clock time of a read, HH:MM:SS. */
export function readTime(at: number): string {
  const d = new Date(at);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The group's description beside its label: how many, and when they were read. */
export function groupDescription(state: GroupState): string {
  switch (state.status) {
    case 'idle':
      return '';
    case 'loading':
      return 'loading…';
    case 'loaded':
      return `${state.names.length} · ${readTime(state.readAt)}`;
    case 'unreadable':
      return `unreadable · ${readTime(state.readAt)}`;
    case 'error':
      return `error · ${readTime(state.readAt)}`;
    case 'cancelled':
      return 'cancelled';
  }
}

/** One line of text for a message item shown inside a group (errors are items, never dialogs). */
export function messageOf(state: GroupState, plural: string): string | undefined {
  switch (state.status) {
    case 'loaded':
      return state.names.length === 0 ? `No ${plural}` : undefined;
    case 'unreadable':
      return `Could not read ${plural} from the response (${state.problem}). Open the response`;
    case 'error':
      return state.message;
    case 'cancelled':
      return 'Loading was cancelled. Refresh to try again.';
    default:
      return undefined;
  }
}

/** The run as a history entry (not added to the history), for opening the raw response. */
export function responseEntry(state: GroupState, statement: string, title: string): HistoryEntry | undefined {
  if (state.status !== 'loaded' && state.status !== 'unreadable' && state.status !== 'error') return undefined;
  const r = state.result;
  if (!r) return undefined;
  return {
    id: `objects-${title.replace(/\W+/g, '-').toLowerCase()}-${state.readAt}`,
    profile: state.profile ?? '',
    statement,
    title,
    state: r.state,
    ...(r.requestId ? { requestId: r.requestId } : {}),
    ...(r.apiStatus !== undefined ? { apiStatus: r.apiStatus } : {}),
    ...(r.apiResponse !== undefined ? { apiResponse: r.apiResponse } : {}),
    ...(r.error ? { error: r.error } : {}),
    submittedAt: r.startedAt,
    updatedAt: r.endedAt,
    endedAt: r.endedAt,
  };
}
