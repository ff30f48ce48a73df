import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HistoryEntry } from '../../client/src/history';
import {
  endLogLevel,
  eventPatch,
  finishPatch,
  plainError,
  refreshPatch,
  sendable,
  submittingEntry,
  thrownResult,
  trackedRequestEntry,
} from '../../client/src/run/runEntry';

const range = { start: { line: 2, character: 0 }, end: { line: 2, character: 12 } };

function pending(over: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: 'r1',
    profile: 'p',
    statement: 'SHOW FLOWS',
    title: 'SHOW FLOWS',
    state: 'pending',
    submittedAt: 1000,
    updatedAt: 1000,
    ...over,
  };
}

test('a submitting entry shows the masked text of a statement with secrets, never the secret', () => {
  const s = {
    text: "CREATE X a WITH (k = 'secret')",
    title: 'CREATE X',
    displayText: "CREATE X a WITH (k = '***')",
    uri: 'file:///a.svcsql',
    range,
  };
  const e = submittingEntry(s, 'dev', 5000);
  assert.equal(e.statement, "CREATE X a WITH (k = '***')");
  assert.equal(e.masked, true);
  assert.equal(e.state, 'submitting');
  assert.equal(e.submittedAt, 5000);
  assert.equal(e.uri, 'file:///a.svcsql');
  assert.deepEqual(e.range, range);
  assert.ok(!JSON.stringify(e).includes('secret'));
});

test('a submitting entry without secrets keeps the text and adds no empty fields', () => {
  const e = submittingEntry({ text: 'SHOW FLOWS', title: 'SHOW FLOWS', displayText: 'SHOW FLOWS' }, 'dev', 5000);
  assert.equal(e.statement, 'SHOW FLOWS');
  assert.equal('masked' in e, false);
  assert.equal('uri' in e, false);
  assert.equal('range' in e, false);
});

test('a tracked request id is pending, titled by its id, with no statement', () => {
  const e = trackedRequestEntry('req-9', 'dev', 7000);
  assert.deepEqual(
    { ...e, id: '' },
    {
      id: '',
      profile: 'dev',
      statement: '',
      title: 'Request req-9',
      requestId: 'req-9',
      state: 'pending',
      submittedAt: 7000,
      updatedAt: 7000,
    },
  );
});

test('sendable keeps what a run needs of a server statement', () => {
  const s = sendable({ text: 'a', title: 'T', range, hasErrors: false, displayText: 'b', secretValues: ['x'] } as never);
  assert.deepEqual(s, { text: 'a', title: 'T', range, displayText: 'b', secretValues: ['x'] });
  assert.deepEqual(sendable({ text: 'a', title: 'T', range, hasErrors: false } as never), { text: 'a', title: 'T', range });
});

test('plainError copies known fields only, as plain data', () => {
  const err = Object.assign(Object.create({ inherited: 1 }), {
    kind: 'parse',
    message: 'bad',
    line: 1,
    column: 3,
    expected: ['X'],
    extra: () => 1,
  });
  const out = plainError(err);
  assert.deepEqual(out, { kind: 'parse', message: 'bad', line: 1, column: 3, expected: ['X'] });
  assert.notEqual(out!.expected, err.expected);
  assert.equal(plainError(undefined), undefined);
});

test('an event patch says whether the event is news and whether it brought the request id', () => {
  const e = pending({ state: 'submitting' });
  const first = eventPatch(e, { state: 'pending', at: 1100, requestId: 'q1' });
  assert.equal(first.news, true);
  assert.equal(first.gotRequestId, true);
  assert.equal(first.patch.requestId, 'q1');
  assert.equal(first.patch.events?.length, 1);
  const same = eventPatch(pending({ requestId: 'q1', apiStatus: 'API_OPERATION_STATUS_PENDING' }), {
    state: 'pending',
    at: 1200,
    apiStatus: 'API_OPERATION_STATUS_PENDING',
  });
  assert.equal(same.news, false);
  assert.equal(same.gotRequestId, false);
  assert.equal('requestId' in same.patch, false);
});

test('the finish patch adds the final timeline point only when the last event did not say it', () => {
  const e = pending({ requestId: 'q1', events: [{ at: 1100, state: 'pending' }] });
  const done = finishPatch(e, { state: 'success', apiStatus: 'S', apiResponse: { a: 1 }, startedAt: 1000, endedAt: 2000 }, 9999);
  assert.equal(done.state, 'success');
  assert.equal(done.requestId, 'q1');
  assert.equal(done.endedAt, 2000);
  assert.deepEqual(done.events?.at(-1), { at: 2000, state: 'success', apiStatus: 'S' });
  const said = pending({ events: [{ at: 1900, state: 'success', apiStatus: 'S' }] });
  assert.equal(finishPatch(said, { state: 'success', apiStatus: 'S', startedAt: 1000, endedAt: 2000 }, 9999).events, undefined);
  // A result without an end time ends now; a response already received is kept.
  const kept = finishPatch(pending({ apiResponse: 'r' }), { state: 'cancelled', startedAt: 1000, endedAt: 0 }, 9999);
  assert.equal(kept.endedAt, 9999);
  assert.equal(kept.apiResponse, 'r');
});

test('a refresh answer decides the state only when this window does not poll the run', () => {
  const answer = { apiStatus: 'API_OPERATION_STATUS_SUCCESS', apiResponse: [1] };
  assert.deepEqual(refreshPatch(pending(), answer, true, 5000), answer);
  const ended = refreshPatch(pending({ error: { kind: 'timeout', message: 't' } }), answer, false, 5000);
  assert.equal(ended.state, 'success');
  assert.equal(ended.endedAt, 5000);
  assert.ok('error' in ended && ended.error === undefined);
  // An entry that had already ended keeps its end time.
  assert.equal(refreshPatch(pending({ state: 'timed-out', endedAt: 3000 }), answer, false, 5000).endedAt, 3000);
  const still = refreshPatch(pending(), { apiStatus: 'API_OPERATION_STATUS_PENDING', apiResponse: null }, false, 5000);
  assert.equal(still.state, 'pending');
  assert.equal('endedAt' in still, false);
});

test('a thrown client error becomes an error result', () => {
  assert.deepEqual(thrownResult(new Error('boom'), 1, 2), {
    state: 'error',
    error: { kind: 'bad-response', message: 'boom' },
    startedAt: 1,
    endedAt: 2,
  });
  assert.equal(thrownResult('x', 1, 2, 'q').requestId, 'q');
});

test('log levels by end state', () => {
  assert.equal(endLogLevel('success'), 'info');
  for (const s of ['partial', 'cancelled', 'timed-out'] as const) assert.equal(endLogLevel(s), 'warn');
  for (const s of ['failed', 'invalid', 'rejected', 'error'] as const) assert.equal(endLogLevel(s), 'error');
});
