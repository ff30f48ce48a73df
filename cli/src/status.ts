// `svcsql status REQUEST_ID [--wait]`: one look at a request, or wait for its end.
import {
  DEFAULT_TIMEOUT_MS,
  formatError,
  ServiceRequestError,
  stateFromApiStatus,
  validateRequestId,
  type RunResult,
} from '../../service/src/index';
import { connect, describeEvent, timeoutMs, verboseLine, type CommonFlags } from './connect';
import { CliError, EXIT } from './exitCodes';
import { watchInterrupt } from './interrupt';
import { colorsFor, stderrStream, writeOut } from './output';
import { createProgress } from './progress';
import { entryFor, renderEntry, type Entry } from './render';
import { escapeControls as esc, jsonText } from '../../service/src/safeText';
import { isRunState, succeeded } from '../../service/src/runStates';

export interface StatusFlags extends CommonFlags {
  wait?: boolean;
}

function codeFor(state: Entry['state']): number {
  if (state === 'pending') return EXIT.pending;
  return isRunState(state) && succeeded(state) ? EXIT.ok : EXIT.failed;
}

export async function statusCommand(requestId: string, flags: StatusFlags): Promise<number> {
  const badId = validateRequestId(requestId);
  if (badId) throw new CliError(`${badId.replace(/\.$/, '')}: '${esc(requestId)}'.`);
  const client = connect(flags);
  const limit = timeoutMs(flags);
  const c = colorsFor(1, flags.color !== false);
  const label = `request ${esc(requestId)}`;
  let entry: Entry;
  let interrupted = false;
  if (flags.wait) {
    const progress = createProgress(stderrStream());
    const interrupt = watchInterrupt(() => progress.note('Stopped watching (the request itself goes on).'));
    const startedAt = Date.now();
    try {
      const result: RunResult = await client.watch(requestId, {
        signal: interrupt.signal,
        ...(limit !== undefined ? { timeoutMs: limit } : {}),
        onEvent: (e) => {
          progress.update(label, describeEvent(e));
          verboseLine(flags, `+${((e.at - startedAt) / 1000).toFixed(3)} s ${e.state}${e.apiStatus ? ` ${esc(e.apiStatus)}` : ''}`);
        },
      });
      entry = { ...entryFor(result), requestId };
    } finally {
      progress.stop();
      interrupt.dispose();
      interrupted = interrupt.interrupted;
    }
  } else {
    const startedAt = Date.now();
    // One look honours --timeout too: a service that never answers (or asks to retry after a
    // day) must not keep the command running.
    const deadline = AbortSignal.timeout(limit ?? DEFAULT_TIMEOUT_MS);
    try {
      const answer = await client.status(requestId, deadline);
      const state = stateFromApiStatus(answer.apiStatus);
      entry = { requestId, state, apiStatus: answer.apiStatus, apiResponse: answer.apiResponse, durationMs: Date.now() - startedAt };
    } catch (err) {
      const e = err instanceof ServiceRequestError ? err.serviceError : undefined;
      const timedOut = !e && deadline.aborted;
      entry = {
        requestId,
        state: timedOut ? 'timed-out' : 'error',
        error: e
          ? { kind: e.kind, message: formatError(e), ...(e.httpStatus !== undefined ? { httpStatus: e.httpStatus } : {}) }
          : timedOut
            ? {
                kind: 'timeout',
                message: `No status answer for request ${requestId} within the timeout (${Math.round((limit ?? DEFAULT_TIMEOUT_MS) / 1000)} s).`,
              }
            : { kind: 'bad-response', message: 'Unexpected failure.' },
        durationMs: Date.now() - startedAt,
      };
    }
    verboseLine(flags, `status call took ${((entry.durationMs ?? 0) / 1000).toFixed(3)} s`);
  }
  if (flags.json) writeOut(jsonText(entry) + '\n');
  else writeOut(renderEntry(label, entry, c));
  return interrupted ? EXIT.interrupted : codeFor(entry.state);
}
