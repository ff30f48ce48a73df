// The Service Objects view's decisions without VS Code: a SHOW run's result as a group, and how a
// name read from the service is written into the statements the view runs and inserts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupDescription, messageOf, responseEntry, stateFromResult } from '../../client/src/explorer/groupState';
import { FinishedRuns, kindsChangedBy } from '../../client/src/explorer/listChanges';
import { escapeSnippet, statementName, statementSnippet, statementText } from '../../client/src/explorer/nameText';
import type { RunResult } from '../../service/src/index';

const run = (over: Partial<RunResult>): RunResult => ({
  state: 'success',
  startedAt: 1000,
  endedAt: 2000,
  requestId: 'r-1',
  apiStatus: 'API_OPERATION_STATUS_SUCCESS',
  ...over,
});

test('a successful SHOW becomes the names it lists, with when and with which profile', () => {
  const s = stateFromResult(
    run({ apiResponse: { showClustersApiResponse: { clusters: [{ name: 'etl' }, { name: 'adhoc' }] } } }),
    'demo',
    5000,
  );
  assert.equal(s.status, 'loaded');
  assert.ok(s.status === 'loaded');
  assert.deepEqual(s.names, ['etl', 'adhoc']);
  assert.equal(s.profile, 'demo');
  assert.match(groupDescription(s), /^2 · \d\d:\d\d:\d\d$/);
  assert.equal(messageOf(s, 'clusters'), undefined);
  assert.equal(messageOf(stateFromResult(run({ apiResponse: { r: { clusters: [] } } }), 'demo', 5000), 'clusters'), 'No clusters');
});

test('a partial success is read too; failures are an error state with the service\u2019s message', () => {
  assert.equal(stateFromResult(run({ state: 'partial', apiResponse: { r: { xs: [{ name: 'a' }] } } }), 'p', 1).status, 'loaded');
  const failed = stateFromResult(
    run({ state: 'error', error: { kind: 'auth', message: 'unauthenticated: wrong value in header x-service-api-key', httpStatus: 401 } }),
    'p',
    1,
  );
  assert.equal(failed.status, 'error');
  assert.equal(messageOf(failed, 'clusters'), 'error: auth (HTTP 401): unauthenticated: wrong value in header x-service-api-key');
  const invalid = stateFromResult(run({ state: 'invalid', apiStatus: 'API_OPERATION_STATUS_INVALID' }), 'p', 1);
  assert.equal(messageOf(invalid, 'clusters'), 'invalid: API_OPERATION_STATUS_INVALID');
  assert.equal(stateFromResult(run({ state: 'cancelled' }), 'p', 1).status, 'cancelled');
});

test('a response with no readable names says so and keeps the raw response to open', () => {
  const s = stateFromResult(run({ apiResponse: { showClustersApiResponse: { queryResultPath: 's3://x' } } }), 'demo', 5000);
  assert.equal(s.status, 'unreadable');
  assert.match(messageOf(s, 'clusters')!, /^Could not read clusters from the response \(the response holds no list of objects\)/);
  const entry = responseEntry(s, 'SHOW CLUSTERS', 'SHOW CLUSTERS');
  assert.ok(entry);
  assert.equal(entry.statement, 'SHOW CLUSTERS');
  assert.equal(entry.requestId, 'r-1');
  assert.deepEqual(entry.apiResponse, { showClustersApiResponse: { queryResultPath: 's3://x' } });
  assert.equal(responseEntry({ status: 'idle' }, 'SHOW CLUSTERS', 'SHOW CLUSTERS'), undefined);
});

test('names in statements: bare when plain, else backticked; backticks never part of a name', () => {
  assert.equal(statementName('etl'), 'etl');
  assert.equal(statementName('spark-big'), '`spark-big`');
  assert.equal(statementName('1st'), '`1st`');
  assert.equal(statementName('we`ird'), '`weird`');
  assert.equal(statementName('run_1', true), '`run_1`');
});

test('snippets fill the name in, escaped; the text to send has no tab stop', () => {
  const alter = { head: 'ALTER CLUSTER', rest: ' SET ${1}', backticked: false };
  assert.equal(statementSnippet(alter, 'etl'), 'ALTER CLUSTER etl SET ${1}');
  assert.equal(statementSnippet(alter, 'cost$}x'), 'ALTER CLUSTER `cost\\$\\}x` SET ${1}');
  assert.equal(escapeSnippet('a\\b'), 'a\\\\b');
  const describe = { head: 'DESCRIBE CLUSTER', rest: '', backticked: false };
  assert.equal(statementText(describe, 'etl'), 'DESCRIBE CLUSTER etl');
  assert.equal(statementText(describe, 'my cluster'), 'DESCRIBE CLUSTER `my cluster`');
  assert.equal(statementText(alter, 'etl'), undefined, 'a template with a tab stop is no statement to send');
});

test('a successful CREATE / DELETE / ALTER of a kind makes its list stale; other runs do not', () => {
  const kinds = [
    { kind: 'cluster', changedBy: ['CREATE CLUSTER', 'ALTER CLUSTER', 'DELETE CLUSTER'] },
    { kind: 'flow', changedBy: ['CREATE FLOW', 'ALTER FLOW', 'DELETE FLOW'] },
  ];
  assert.deepEqual(kindsChangedBy({ state: 'success', title: 'CREATE CLUSTER' }, kinds), ['cluster']);
  assert.deepEqual(kindsChangedBy({ state: 'partial', title: 'delete  flow' }, kinds), ['flow']);
  assert.deepEqual(kindsChangedBy({ state: 'failed', title: 'CREATE CLUSTER' }, kinds), [], 'a failed CREATE changed nothing');
  assert.deepEqual(kindsChangedBy({ state: 'success', title: 'DESCRIBE CLUSTER' }, kinds), []);
  assert.deepEqual(kindsChangedBy({ state: 'success', title: '' }, kinds), []);
});

test('each finished run counts once, however often the history changes; runs finished before do not count', () => {
  const runs = new FinishedRuns([
    { id: 'old', state: 'success' },
    { id: 'moving', state: 'pending' },
  ]);
  assert.deepEqual(
    runs.newlyFinished([
      { id: 'old', state: 'success' },
      { id: 'moving', state: 'pending' },
    ]),
    [],
  );
  assert.deepEqual(
    runs
      .newlyFinished([
        { id: 'new', state: 'submitting' },
        { id: 'moving', state: 'success' },
      ])
      .map((e) => e.id),
    ['moving'],
  );
  assert.deepEqual(
    runs
      .newlyFinished([
        { id: 'new', state: 'failed' },
        { id: 'moving', state: 'success' },
      ])
      .map((e) => e.id),
    ['new'],
  );
  assert.deepEqual(
    runs.newlyFinished([
      { id: 'new', state: 'failed' },
      { id: 'moving', state: 'success' },
    ]),
    [],
  );
});
