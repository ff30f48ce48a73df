import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HistoryEntry } from '../../client/src/history';
import {
  batchStoppedText,
  cancelledText,
  errorsQuestion,
  noConnectionOffer,
  runNotice,
  runningTooltip,
  thrownMessage,
} from '../../client/src/run/runMessages';

function run(over: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: 'r1',
    profile: 'p',
    statement: 'SHOW   FLOWS',
    title: 'SHOW FLOWS',
    state: 'success',
    submittedAt: 1000,
    updatedAt: 1000,
    ...over,
  };
}

test('a successful run passes in the status bar with its status and duration', () => {
  const n = runNotice(run({ apiStatus: 'API_OPERATION_STATUS_SUCCESS', endedAt: 3500 }), 9999);
  assert.deepEqual(n, { kind: 'status', text: '$(pass) SHOW FLOWS: SUCCESS in 2.5 s', ms: 5000 });
});

test('a cancelled run says nothing; a failed one shows the error, with Configure Connection for auth errors', () => {
  assert.equal(runNotice(run({ state: 'cancelled' }), 0), undefined);
  assert.deepEqual(runNotice(run({ state: 'failed', apiStatus: 'API_OPERATION_STATUS_FAILED' }), 0), {
    kind: 'error',
    text: 'Service SQL: SHOW FLOWS — failed: FAILED',
    actions: ['Show Output'],
  });
  const auth = runNotice(run({ state: 'rejected', error: { kind: 'auth', message: 'HTTP 401' } }), 0);
  assert.equal(auth?.kind, 'error');
  assert.deepEqual(auth?.kind === 'error' && auth.actions, ['Configure Connection', 'Show Output']);
  assert.match(auth?.text ?? '', /rejected: HTTP 401$/);
});

test('the status bar tooltip has one line per polled run', () => {
  const text = runningTooltip([
    run({ state: 'pending', apiStatus: 'API_OPERATION_STATUS_PENDING' }),
    run({ state: 'submitting', statement: '', title: 'DROP X' }),
  ]);
  assert.equal(text, 'SHOW FLOWS — PENDING\nDROP X — submitting');
});

test('the errors question names each statement with errors by line', () => {
  const range = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 5 } });
  const ok = { text: 'SHOW FLOWS', title: 'SHOW FLOWS', range: range(0), hasErrors: false };
  const bad = { text: 'CREATE   FLOW', title: '', range: range(3), hasErrors: true };
  assert.equal(errorsQuestion([ok] as never), undefined);
  assert.deepEqual(errorsQuestion([ok, bad] as never), {
    message: 'This statement has errors. Send it to the service anyway?',
    detail: 'line 4: CREATE FLOW',
  });
  assert.match(errorsQuestion([bad, { ...bad, title: 'DROP' }] as never)!.message, /^2 statements have errors/);
});

test('texts of a stopped batch, a missing connection, a thrown refresh and a cancel', () => {
  assert.deepEqual(batchStoppedText('failed', 2), {
    log: 'Stopped after a failed run: 2 later statement(s) not sent.',
    warning: 'Service SQL: stopped after a failed run; 2 later statement(s) not sent.',
  });
  assert.deepEqual(noConnectionOffer('dev', ['no api key', 'no secret']), {
    log: 'No usable connection for profile "dev": no api key no secret',
    offer: 'Service SQL: no connection is configured for profile "dev" (no api key). Configure it now?',
  });
  assert.match(noConnectionOffer('dev', []).offer, /\(incomplete\)/);
  assert.equal(thrownMessage(new Error('e1')), 'e1');
  assert.equal(thrownMessage({ kind: 'network', message: 'e2' }), 'e2');
  assert.equal(thrownMessage(42), '42');
  assert.equal(cancelledText('r1', 'q1'), 'Cancelled run r1 (requestId=q1); the service may still complete it');
  assert.equal(cancelledText('r1', undefined), 'Cancelled run r1');
});
