// What running one notebook cell goes through (no vscode): the cell's phase as its runs report
// states, and the order of its statements (each waits for the one before; a failure stops the cell).
import type { RunState } from '../../../service/src/index';
import { succeeded } from '../../../service/src/runStates';

/** queued → running (submitted) → polled (the service answered PENDING, once or more) → done / failed / cancelled. */
export type CellPhase = 'queued' | 'running' | 'polled' | 'done' | 'failed' | 'cancelled';

/** The phase a run's state puts a cell in. */
export function phaseOfState(state: RunState): CellPhase {
  switch (state) {
    case 'submitting':
      return 'running';
    case 'pending':
      return 'polled';
    case 'success':
    case 'partial':
      return 'done';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'failed';
  }
}

const FINAL: readonly CellPhase[] = ['done', 'failed', 'cancelled'];

/** One cell's phase, fed with the states its runs report; a final phase is kept. */
export class CellRun {
  phase: CellPhase = 'queued';
  polls = 0;
  readonly transitions: CellPhase[] = ['queued'];

  /** A state reported by the statement being run; `last` says whether it is the cell's last statement. */
  event(state: RunState, last = true): void {
    if (FINAL.includes(this.phase)) return;
    let next = phaseOfState(state);
    if (next === 'polled') this.polls++;
    // Between two statements of one cell, a statement's success is not the cell's.
    if (next === 'done' && !last) next = 'running';
    if (next !== this.phase) {
      this.phase = next;
      this.transitions.push(next);
    }
  }

  get final(): boolean {
    return FINAL.includes(this.phase);
  }
}

/**
 * Runs a cell's statements in order, each waiting for the one before; stops at the first one that
 * does not succeed, or when cancelled. Returns what ran.
 */
export async function runInOrder<S, E extends { state: RunState }>(
  statements: readonly S[],
  run: (s: S, index: number) => Promise<E>,
  cancelled: () => boolean,
): Promise<{ runs: E[]; ok: boolean }> {
  const runs: E[] = [];
  for (const [i, s] of statements.entries()) {
    if (cancelled()) return { runs, ok: false };
    const e = await run(s, i);
    runs.push(e);
    if (!succeeded(e.state)) return { runs, ok: false };
  }
  return { runs, ok: !cancelled() };
}

/** The message a cell gets when statements in it have errors: it is not sent, as Run Statement asks first. */
export function lintBlockedMessage(bad: readonly { range: { start: { line: number } }; title: string; text: string }[]): string {
  const head =
    bad.length === 1
      ? 'This statement has errors, so it was not sent to the service.'
      : `${bad.length} statements have errors, so none was sent to the service.`;
  const lines = bad.map((s) => `line ${s.range.start.line + 1}: ${s.title || s.text.trim().split(/\s+/).slice(0, 4).join(' ')}`);
  return `${head} Fix them (see the Problems view) and run the cell again.\n${lines.join('\n')}`;
}
