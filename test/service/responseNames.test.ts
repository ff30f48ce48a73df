// Reading object names out of any response (service/src/results/names.ts): the listing's shape is
// not documented, so the reader must find the list and the name wherever they are, and never trust them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_NAME_LENGTH, MAX_NAMES, namesInResponse } from '../../service/src/results/names';

const names = (r: unknown) => {
  const got = namesInResponse(r);
  assert.ok(got.ok, `readable: ${JSON.stringify(got)}`);
  return got.names;
};
const problem = (r: unknown) => {
  const got = namesInResponse(r);
  assert.ok(!got.ok, `not readable: ${JSON.stringify(got)}`);
  return got.problem;
};

test('the emulator / service shape: { showClustersApiResponse: { clusters: [{ name }] } }', () => {
  const got = namesInResponse({ showClustersApiResponse: { clusters: [{ name: 'etl', state: 'RUNNING' }, { name: 'adhoc' }] } });
  assert.deepEqual(got, { ok: true, names: ['etl', 'adhoc'], path: 'showClustersApiResponse.clusters', field: 'name', skipped: 0 });
});

test('empty and scalar responses cannot be read; an empty list is a list with no names', () => {
  for (const r of [undefined, null, 0, 'clusters', true, {}, { showClustersApiResponse: {} }, { a: { b: 'c' } }])
    assert.match(problem(r), /no list of objects/);
  assert.deepEqual(names({ showClustersApiResponse: { clusters: [] } }), []);
  assert.deepEqual(names([]), []);
});

test('name-like fields: name, then …Name, then id, then …Id', () => {
  assert.deepEqual(names({ r: { clusters: [{ clusterName: 'a' }, { clusterName: 'b' }] } }), ['a', 'b']);
  assert.deepEqual(names({ r: { flows: [{ flowName: 'f', id: 'x1' }] } }), ['f']);
  assert.deepEqual(names({ r: { items: [{ id: 'x1', state: 'A' }, { id: 7 }] } }), ['x1', '7']);
  assert.deepEqual(names({ r: { items: [{ clusterId: 'c-1' }] } }), ['c-1']);
  assert.deepEqual(names({ r: { items: [{ id: 'i', name: 'n' }] } }), ['n'], 'name wins over id whatever the key order');
  assert.deepEqual(names({ r: { items: [{ requestId: 'r', tableName: 't', name: 'n' }] } }), ['n']);
  assert.match(problem({ r: { items: [{ state: 'A', size: 3 }] } }), /no name-like field/);
  assert.match(problem({ r: { items: [{ requestId: 'r' }] } }), /no name-like field/, 'a request id names no object');
});

test('the shallowest array of objects wins; arrays of scalars and mixed arrays are passed over', () => {
  const r = {
    warnings: ['w1'],
    showFlowsApiResponse: { page: { flows: [{ name: 'deep' }] }, mixed: [{ name: 'x' }, 3], flows: [{ name: 'shallow' }] },
  };
  assert.deepEqual(names(r), ['shallow']);
  assert.deepEqual(names({ r: [[{ name: 'nested' }]] }), ['nested'], 'an array inside an array');
  assert.deepEqual(names([{ name: 'top' }]), ['top'], 'a top-level list');
  const warned = { warnings: [{ code: 'W1', message: 'slow' }], showClustersApiResponse: { clusters: [{ clusterName: 'etl' }] } };
  assert.deepEqual(names(warned), ['etl'], 'a shallower list without names (warnings) is passed over');
});

test('mixed objects: the field some hold; objects without a usable value are skipped and counted', () => {
  const got = namesInResponse({ r: { xs: [{ name: 'a' }, { other: 1 }, { name: '' }, { name: { x: 1 } }, { name: 'a' }, { name: 'b' }] } });
  assert.ok(got.ok);
  assert.deepEqual(got.names, ['a', 'b']);
  assert.equal(got.skipped, 4, 'no name, empty, an object, a duplicate');
});

test('hostile strings: control characters, huge values and huge lists are left out or capped', () => {
  const long = 'x'.repeat(MAX_NAME_LENGTH + 1);
  const r = {
    r: {
      xs: [
        { name: 'ok' },
        { name: 'line\nbreak' },
        { name: 'nul\u0000' },
        { name: long },
        { name: '  spaced  ' },
        { name: '<img src=x onerror=alert(1)>' },
        { name: '`tick`' },
      ],
    },
  };
  assert.deepEqual(
    names(r),
    ['ok', 'spaced', '<img src=x onerror=alert(1)>', '`tick`'],
    'markup stays text here: escaping is the view\u2019s job',
  );
  const many = { r: { xs: Array.from({ length: MAX_NAMES + 10 }, (_, i) => ({ name: `n${i}` })) } };
  assert.equal(names(many).length, MAX_NAMES);
  assert.deepEqual(names({ r: { xs: [{ name: '__proto__' }, { constructor: 'c', name: 'toString' }] } }), ['__proto__', 'toString']);
});

test('deep nesting does not overflow the stack', () => {
  let deep: unknown = { xs: [{ name: 'bottom' }] };
  for (let i = 0; i < 10_000; i++) deep = { d: deep };
  assert.ok(!namesInResponse(deep).ok, 'too deep to look at is no crash');
  let shallow: unknown = { xs: [{ name: 'found' }] };
  for (let i = 0; i < 20; i++) shallow = { d: shallow };
  assert.deepEqual(names(shallow), ['found']);
});
