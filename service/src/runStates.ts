// What each state of a run means: the one answer for the service client, the CLI, the extension,
// its webviews and the agent tools (no Node, no DOM: the webview and the browser build bundle it).

/** Every state a run can be in. */
export const RUN_STATES = [
  'submitting',
  'pending',
  'success',
  'partial',
  'failed',
  'invalid',
  'rejected',
  'timed-out',
  'cancelled',
  'error',
] as const;

export type RunState = (typeof RUN_STATES)[number];

/** A value read from outside (persisted history, a message) that names a state. */
export function isRunState(value: unknown): value is RunState {
  return typeof value === 'string' && (RUN_STATES as readonly string[]).includes(value);
}

/** Still moving: being submitted, or submitted and polled. Every other state is final. */
export function isRunning(state: RunState): boolean {
  return state === 'submitting' || state === 'pending';
}

export function isTerminal(state: RunState): boolean {
  return !isRunning(state);
}

/**
 * The service carried the statement out: SUCCESS, or SUCCESS_PARTIAL (done, with a part that did
 * not go through; shown as a warning). A batch (Run All, a notebook's Run All, `svcsql run --all`)
 * goes on after it, `svcsql run` and `svcsql status` exit 0 for it, an agent tool does not call it
 * a failure, and what it answered is read (the results panel, the Service Objects view).
 */
export function succeeded(state: RunState): boolean {
  return state === 'success' || state === 'partial';
}

/** How a state reads: done, done but not wholly (or stopped), still running, not done. */
export type StateTone = 'ok' | 'warn' | 'busy' | 'bad';

/** The results page's badge, the log level of a run's end, the CLI's colour of a state. */
export function stateTone(state: RunState): StateTone {
  switch (state) {
    case 'success':
      return 'ok';
    case 'partial':
    case 'timed-out':
    case 'cancelled':
      return 'warn';
    case 'submitting':
    case 'pending':
      return 'busy';
    case 'failed':
    case 'invalid':
    case 'rejected':
    case 'error':
      return 'bad';
  }
}
