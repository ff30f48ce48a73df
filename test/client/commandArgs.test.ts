import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HistoryEntry } from '../../client/src/history';
import { entryOrForeignArg, historyEntryArg, kindArg, objectArg, REQUEST_ID } from '../../client/src/commands/commandArgs';

function entry(id: string, requestId?: string): HistoryEntry {
  return {
    id,
    profile: 'p',
    statement: 'SHOW FLOWS',
    title: 'SHOW FLOWS',
    state: 'success',
    submittedAt: 1,
    updatedAt: 1,
    ...(requestId ? { requestId } : {}),
  };
}
const a = entry('a', 'req-a');
const b = entry('b');
const history = { get: (id: string) => [a, b].find((e) => e.id === id), list: () => [a, b] };

test('a history run is read from an id, a request id, a Requests node or an object holding its id', () => {
  const cases: [string, unknown, HistoryEntry | undefined][] = [
    ['history id', 'b', b],
    ['request id', 'req-a', a],
    ['unknown string', 'zzz', undefined],
    ['empty string', '', undefined],
    ['run node', { type: 'run', entry: { id: 'a' } }, a],
    ['run node of a removed run', { type: 'run', entry: { id: 'gone' } }, undefined],
    ['field node', { type: 'field', entryId: 'b', path: 'x' }, b],
    ['entry-shaped object', { id: 'a', state: 'pending' }, a],
    ['undefined', undefined, undefined],
    ['a number', 42, undefined],
    ['an object without id', { uri: 'file:///x' }, undefined],
  ];
  for (const [name, arg, want] of cases) assert.equal(historyEntryArg(arg, history), want, name);
});

test('the results panel also takes an entry-shaped object from outside the history, but not a stale node', () => {
  const foreign = entryOrForeignArg({ id: 'x1', state: 'success', apiResponse: [1] }, history);
  assert.equal(foreign?.id, 'x1');
  assert.deepEqual(foreign?.apiResponse, [1]);
  assert.equal(entryOrForeignArg({ id: 'a' }, history), a);
  assert.equal(entryOrForeignArg({ type: 'run', entry: { id: 'gone' } }, history), undefined);
  assert.equal(entryOrForeignArg('gone', history), undefined);
});

test('Service Objects arguments: a kind from a string or a node; an object needs kind and name', () => {
  assert.equal(kindArg('cluster'), 'cluster');
  assert.equal(kindArg({ kind: 'flow', name: 'f' }), 'flow');
  assert.equal(kindArg({ kind: '' }), undefined);
  assert.equal(kindArg(undefined), undefined);
  assert.deepEqual(objectArg({ kind: 'flow', name: 'f', extra: 1 }), { kind: 'flow', name: 'f' });
  assert.equal(objectArg({ kind: 'flow' }), undefined);
  assert.equal(objectArg('flow'), undefined);
});

test('a request id typed in holds letters, digits and . _ : - only', () => {
  assert.ok(REQUEST_ID.test('a1.B_2:c-3'));
  assert.ok(!REQUEST_ID.test(''));
  assert.ok(!REQUEST_ID.test('a b'));
  assert.ok(!REQUEST_ID.test('x'.repeat(201)));
});
