import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatDuration, jsonChildren, runLabel, stateFromApiStatus, stateIcon, statusBarText } from '../../client/src/runText';

test('apiStatus maps to run states; unknown stays pending', () => {
  assert.equal(stateFromApiStatus('API_OPERATION_STATUS_SUCCESS'), 'success');
  assert.equal(stateFromApiStatus('API_OPERATION_STATUS_SUCCESS_PARTIAL'), 'partial');
  assert.equal(stateFromApiStatus('API_OPERATION_STATUS_FAILED'), 'failed');
  assert.equal(stateFromApiStatus('API_OPERATION_STATUS_INVALID'), 'invalid');
  assert.equal(stateFromApiStatus('API_OPERATION_STATUS_SOMETHING_NEW'), 'pending');
  assert.equal(stateFromApiStatus(undefined), 'pending');
});

test('icons, durations and labels', () => {
  assert.equal(stateIcon('pending').id, 'loading~spin');
  assert.equal(stateIcon('success').id, 'pass');
  assert.equal(stateIcon('failed').id, 'error');
  assert.equal(stateIcon('partial').id, 'warning');
  assert.equal(formatDuration(250), '250 ms');
  assert.equal(formatDuration(2500), '2.5 s');
  assert.equal(formatDuration(125_000), '2 min 05 s');
  assert.equal(statusBarText(2), '$(sync~spin) 2 running');
  const l = runLabel(
    {
      id: 'a',
      profile: 'p',
      statement: 'SHOW  FLOWS',
      title: 'SHOW FLOWS',
      state: 'pending',
      apiStatus: 'API_OPERATION_STATUS_PENDING',
      submittedAt: 0,
      updatedAt: 0,
    },
    1500,
  );
  assert.deepEqual(l, { label: 'SHOW FLOWS', description: 'PENDING · 1.5 s' });
});

test('response objects become expandable children', () => {
  const c = jsonChildren({ runJobApiResponse: { jobRunId: 'j1' }, list: [1, 2], empty: {}, s: 'x', n: null });
  assert.deepEqual(
    c.map((x) => [x.key, x.expandable, x.description]),
    [
      ['runJobApiResponse', true, '{1}'],
      ['list', true, '[2]'],
      ['empty', false, '{}'],
      ['s', false, 'x'],
      ['n', false, 'null'],
    ],
  );
  assert.deepEqual(jsonChildren('scalar'), []);
});
