// The run timeline kept in a history entry (`events`): bounded, validated on load, and optional so
// that history persisted before it existed still loads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HistoryModel, MAX_EVENTS, parseEntry, type RunEventRecord, withEvent } from '../../client/src/history';

test('withEvent keeps the first events and the latest ones, never more than the bound', () => {
  let list: RunEventRecord[] = [];
  for (let i = 0; i < 500; i++)
    list = withEvent(list, { at: i, state: i === 0 ? 'submitting' : 'pending', apiStatus: i ? 'API_OPERATION_STATUS_PENDING' : undefined });
  assert.equal(list.length, MAX_EVENTS);
  assert.deepEqual(
    list.slice(0, 4).map((e) => e.at),
    [0, 1, 2, 3],
  );
  assert.equal(list.at(-1)!.at, 499);
  assert.equal(list.at(-2)!.at, 498);
  assert.equal(list[0]!.apiStatus, undefined);
  assert.ok(!('apiStatus' in list[0]!));
});

test('history without events loads as before; malformed events are dropped, good ones kept', () => {
  const old = {
    id: 'r1',
    profile: 'p',
    statement: 'SHOW CLUSTERS',
    title: 'SHOW CLUSTERS',
    state: 'success',
    submittedAt: 1,
    updatedAt: 2,
    endedAt: 3,
  };
  const e = parseEntry(old)!;
  assert.equal(e.events, undefined);
  const withBad = parseEntry({
    ...old,
    events: [
      { at: 1, state: 'submitting' },
      { at: 'x', state: 'pending' },
      { at: 2, state: 'nonsense' },
      null,
      { at: 3, state: 'success', apiStatus: 'API_OPERATION_STATUS_SUCCESS', extra: '<script>' },
    ],
  })!;
  assert.deepEqual(withBad.events, [
    { at: 1, state: 'submitting' },
    { at: 3, state: 'success', apiStatus: 'API_OPERATION_STATUS_SUCCESS' },
  ]);
  assert.equal(parseEntry({ ...old, events: 'not a list' })!.events, undefined);
});

test('events survive persisting and loading', () => {
  const h = new HistoryModel();
  h.add({
    id: 'a',
    profile: 'p',
    statement: 's',
    title: '',
    state: 'success',
    submittedAt: 1,
    updatedAt: 1,
    events: [
      { at: 1, state: 'submitting' },
      { at: 5, state: 'success', apiStatus: 'API_OPERATION_STATUS_SUCCESS' },
    ],
  });
  const again = new HistoryModel();
  again.load(JSON.parse(JSON.stringify(h.toPersisted())));
  assert.deepEqual(again.get('a')!.events, h.get('a')!.events);
});
