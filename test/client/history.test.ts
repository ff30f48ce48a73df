import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HistoryModel, type HistoryEntry, MAX_PERSISTED_RESPONSE_CHARS, parseEntry } from '../../client/src/history';
import { Redactor } from '../../client/src/redact';

function entry(i: number, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: `r${i}`,
    profile: 'default',
    statement: `SHOW FLOWS ${i}`,
    title: 'SHOW FLOWS',
    state: 'success',
    submittedAt: 1000 + i,
    updatedAt: 1000 + i,
    endedAt: 1001 + i,
    requestId: `req-${i}`,
    ...patch,
  };
}

test('bounded to max, newest first, oldest finished runs dropped first', () => {
  const h = new HistoryModel(200);
  h.add(entry(0, { state: 'pending', endedAt: undefined }));
  for (let i = 1; i <= 250; i++) h.add(entry(i));
  const list = h.list();
  assert.equal(list.length, 200);
  assert.equal(list[0]!.id, 'r250');
  assert.ok(
    list.some((e) => e.id === 'r0'),
    'the pending run is kept',
  );
  assert.ok(!list.some((e) => e.id === 'r1'), 'the oldest finished run is dropped');
  h.setMax(10);
  assert.equal(h.list().length, 10);
});

test('persisted shape round-trips through JSON and load()', () => {
  const h = new HistoryModel();
  h.add(
    entry(1, {
      apiResponse: { showPoliciesApiResponse: { queryResultPath: 's3://x' } },
      uri: 'file:///a.svcsql',
      range: { start: { line: 2, character: 0 }, end: { line: 3, character: 5 } },
    }),
  );
  h.add(entry(2, { state: 'failed', error: { kind: 'parse', message: 'bad', line: 1, column: 4 } }));
  const json = JSON.parse(JSON.stringify(h.toPersisted()));
  const h2 = new HistoryModel();
  const res = h2.load(json);
  assert.deepEqual(res.entries, h.list());
  assert.deepEqual(Object.keys(json[0]).sort(), [
    'endedAt',
    'error',
    'id',
    'profile',
    'requestId',
    'state',
    'statement',
    'submittedAt',
    'title',
    'updatedAt',
  ]);
});

test('load: pending runs with an id resume; a submit without an id is never resent', () => {
  const raw = [
    entry(1, { state: 'pending', endedAt: undefined }),
    entry(2, { state: 'submitting', requestId: undefined, endedAt: undefined }),
    entry(3, { state: 'submitting', endedAt: undefined }),
    entry(4),
  ];
  const h = new HistoryModel();
  const res = h.load(raw, 5000);
  assert.deepEqual(res.resume.map((e) => e.id).sort(), ['r1', 'r3']);
  assert.ok(res.resume.every((e) => e.state === 'pending'));
  assert.deepEqual(
    res.interrupted.map((e) => e.id),
    ['r2'],
  );
  assert.equal(h.get('r2')!.state, 'error');
  assert.equal(h.get('r2')!.endedAt, 5000);
  assert.equal(h.get('r4')!.state, 'success');
  assert.equal(h.list()[0]!.id, 'r4', 'sorted newest first');
});

test('load drops malformed records and tolerates garbage', () => {
  const h = new HistoryModel();
  assert.equal(h.load('nope').entries.length, 0);
  assert.equal(h.load([null, 1, {}, { id: 'x', statement: 's', state: 'weird', submittedAt: 1 }, entry(1)]).entries.length, 1);
  assert.equal(parseEntry({ id: 'x', statement: 's', state: 'pending', submittedAt: 'soon' }), undefined);
  const e = parseEntry({
    id: 'x',
    statement: 's',
    state: 'pending',
    submittedAt: 1,
    range: { start: { line: -1, character: 0 }, end: { line: 0, character: 0 } },
  });
  assert.ok(e && e.range === undefined, 'an invalid range is dropped');
});

test('persisted data holds no secret and no huge response', () => {
  const h = new HistoryModel();
  h.add(entry(1, { state: 'error', error: { kind: 'auth', message: 'key k3y-SECRET-value rejected', detail: 'x' } }));
  h.add(entry(2, { apiResponse: { big: 'x'.repeat(MAX_PERSISTED_RESPONSE_CHARS + 10) } }));
  const r = new Redactor(['k3y-SECRET-value']);
  const json = JSON.stringify(h.toPersisted((v) => r.value(v)));
  assert.ok(!json.includes('k3y-SECRET-value'));
  assert.ok(json.length < MAX_PERSISTED_RESPONSE_CHARS);
  assert.equal(typeof (h.get('r2')!.apiResponse as { big: string }).big, 'string', 'in-memory copy untouched');
});

test('a failed run stays in history; clear keeps running runs; remove and change events', () => {
  const h = new HistoryModel();
  let changes = 0;
  h.onDidChange(() => changes++);
  h.add(entry(1, { state: 'submitting', requestId: undefined, endedAt: undefined }));
  h.update('r1', { state: 'error', error: { kind: 'network', message: 'down' } });
  assert.equal(h.get('r1')!.state, 'error');
  h.add(entry(2, { state: 'pending' }));
  h.clear();
  assert.deepEqual(
    h.list().map((e) => e.id),
    ['r2'],
  );
  assert.equal(h.remove('r2'), true);
  assert.equal(h.remove('r2'), false);
  assert.equal(changes, 5);
});

test('merge keeps runs persisted by another window, not the ones removed here', () => {
  const mine = new HistoryModel();
  mine.add(entry(1));
  mine.add(entry(3, { state: 'pending' }));
  mine.add(entry(5));
  mine.remove('r5');
  const theirs = [entry(2), entry(4, { statement: 'changed elsewhere' }), entry(5), { ...entry(3), state: 'success' }];
  assert.equal(mine.merge(theirs), true);
  assert.deepEqual(
    mine.list().map((e) => e.id),
    ['r4', 'r3', 'r2', 'r1'],
  );
  assert.equal(mine.get('r3')!.state, 'pending', 'own entry wins');
  assert.equal(mine.merge(theirs), false, 'nothing new the second time');
  mine.clear();
  assert.equal(mine.merge(theirs), false, 'cleared runs stay cleared');
  assert.deepEqual(
    mine.list().map((e) => e.id),
    ['r3'],
  );
});
