// The response → table model (service/src/results/table.ts) over the shapes a response may take,
// hostile ones included: huge depth, 100k rows, `__proto__` keys, control characters and HTML.
import { escapeControls } from '../../service/src/safeText';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  cellCopyText,
  cellText,
  filterRows,
  findTables,
  leaves,
  MAX_DEPTH,
  pathText,
  rowObject,
  safeJson,
  sortedOrder,
  tableOf,
  toCsv,
  toJsonText,
  toMarkdown,
  valueAt,
  VALUE_COLUMN,
} from '../../service/src/results/table';

/** A value nested `depth` objects deep, built without recursion (as JSON.parse would). */
function deep(depth: number, leaf: unknown = 1): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = { d: v };
  return v;
}

test('an array of objects anywhere becomes a table: columns are the union of keys, first-seen order', () => {
  const r = {
    showClustersApiResponse: {
      clusters: [
        { name: 'a', status: 'ACTIVE' },
        { name: 'b', size: 4 },
        { extra: true, name: 'c' },
      ],
    },
  };
  const [t, ...rest] = findTables(r);
  assert.equal(rest.length, 0);
  assert.deepEqual(t!.path, ['showClustersApiResponse', 'clusters']);
  assert.equal(pathText(t!.path), 'showClustersApiResponse.clusters');
  assert.deepEqual(t!.columns, ['name', 'status', 'size', 'extra']);
  assert.deepEqual(t!.rows, [
    ['a', 'ACTIVE', undefined, undefined],
    ['b', undefined, 4, undefined],
    ['c', undefined, undefined, true],
  ]);
});

test('empty, scalar and table-less responses give no table; leaves list what there is', () => {
  for (const v of [undefined, null, 0, 'x', true, {}, [], [1, 2, 3], { a: { b: 'c' } }, [[1], [2]]])
    assert.deepEqual(findTables(v), [], JSON.stringify(v));
  assert.deepEqual(leaves({ a: { b: 'c', e: [] }, n: null }), [
    { path: ['a', 'b'], value: 'c' },
    { path: ['a', 'e'], value: [] },
    { path: ['n'], value: null },
  ]);
  assert.deepEqual(leaves(7), [{ path: [], value: 7 }]);
});

test("several tables, shallow first; a table's own rows are not searched again; mixed arrays get a value column", () => {
  const r = { b: { deeper: [{ x: 1 }] }, a: [{ tags: [{ k: 'v' }] }], mixed: [{ a: 1 }, 2, 'three', null, [4]] };
  const ts = findTables(r);
  assert.deepEqual(
    ts.map((t) => pathText(t.path)),
    ['a', 'mixed', 'b.deeper'],
  );
  const mixed = ts[1]!;
  assert.deepEqual(mixed.columns, ['a', VALUE_COLUMN]);
  assert.deepEqual(
    mixed.rows.map((row) => row[1]),
    [undefined, 2, 'three', null, [4]],
  );
  assert.equal(valueAt(r, ['b', 'deeper', 0, 'x']), 1);
  assert.equal(pathText(['a b', 0, 'c']), '["a b"][0].c');
});

test('huge depth: finding tables, cell text, leaves and JSON text stay bounded (no stack overflow)', () => {
  const v = deep(100_000, [{ found: 'too deep' }]);
  assert.throws(() => JSON.stringify(v), RangeError); // what a naive renderer would hit
  assert.deepEqual(findTables(v), []);
  const text = cellText(v, 300);
  assert.ok(text.length <= 301 && text.startsWith('{"d":{"d":'), text.slice(0, 40));
  assert.ok(safeJson(v).includes('"…"'));
  assert.equal(leaves(v).length, 1);
  // A table just within the bound is found.
  assert.equal(findTables(deep(MAX_DEPTH - 2, [{ a: 1 }])).length, 1);
});

test('100k rows: a table, sorted and filtered, and exported', () => {
  const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `n${(i * 7919) % 100_000}`, nested: { i } }));
  const [t] = findTables({ rows });
  assert.equal(t!.rows.length, 100_000);
  const byName = sortedOrder(t!, 1, 'asc');
  assert.equal(t!.rows[byName[0]!]![1], 'n0');
  assert.equal(t!.rows[byName[99_999]!]![1], 'n99999'); // numeric collation: n99999 after n10000
  assert.deepEqual(sortedOrder(t!, 0, 'desc').slice(0, 2), [99_999, 99_998]);
  assert.equal(filterRows(t!, 'N4242').length, filterRows(t!, 'n4242').length);
  assert.ok(filterRows(t!, 'n4242').length >= 1);
  assert.equal(toCsv(t!).split('\r\n').length, 100_002);
});

test('keys like __proto__ and constructor are data: columns, cells and exports, never the prototype', () => {
  const r = JSON.parse('{"list":[{"__proto__":{"polluted":true},"constructor":"c","toString":1},{"name":"x"}]}') as unknown;
  const [t] = findTables(r);
  assert.deepEqual(t!.columns, ['__proto__', 'constructor', 'toString', 'name']);
  assert.deepEqual(t!.rows[1], [undefined, undefined, undefined, 'x']); // no inherited __proto__/constructor/toString
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.deepEqual(JSON.parse(toJsonText(t!)), JSON.parse('[{"__proto__":{"polluted":true},"constructor":"c","toString":1},{"name":"x"}]'));
  assert.equal(Object.getPrototypeOf(rowObject(t!, 0)), null);
  assert.match(toCsv(t!), /^__proto__,constructor,toString,name\r\n"\{""polluted"":true\}",c,1,\r\n,,,x\r\n$/);
  assert.equal(findTables(JSON.parse('{"__proto__":[{"a":1}]}')).length, 1);
  assert.equal(valueAt({}, ['__proto__']), undefined);
});

test('control characters are escaped in cell text; HTML is left to the renderer, Markdown escapes it', () => {
  const s = 'red\x1b[31m\r\nbell\x07 csi\x9b2J rtl\u202Eevil\u2028 <img src=x onerror=alert(1)>';
  assert.equal(escapeControls('a\tb\x00\u200b'), 'a\\tb\\x00\\u200b');
  const shown = cellText(s);
  assert.doesNotMatch(shown, /[\x00-\x1f\x7f-\x9f\u202e\u2028]/);
  assert.match(shown, /red\\x1b\[31m\\r\\nbell\\x07 csi\\x9b2J rtl\\u202eevil\\u2028 <img/);
  assert.doesNotMatch(cellText({ k: s }), /[\x00-\x1f\x7f-\x9f\u202e]/);
  const t = tableOf([{ h: s, '<b>k|': 'a|b' }]);
  const md = toMarkdown(t);
  assert.doesNotMatch(md, /<img|<b>/);
  assert.match(md, /&lt;b&gt;k\\\| \|/);
  assert.equal(cellCopyText(s), s); // copying gives the value as it came
});

test('CSV quotes separators and guards formula-like cells; JSON and Markdown follow the given row order', () => {
  const t = tableOf([
    { a: 'x,y', b: '=1+1' },
    { a: 'say "hi"', b: -3 },
    { a: 'line\nbreak', b: null },
  ]);
  assert.equal(toCsv(t, [1, 0]), 'a,b\r\n"say ""hi""",-3\r\n"x,y","\'=1+1"\r\n');
  assert.match(toCsv(t, [2]), /^a,b\r\n"line\nbreak",null\r\n$/);
  assert.deepEqual(JSON.parse(toJsonText(t, [2, 0])), [
    { a: 'line\nbreak', b: null },
    { a: 'x,y', b: '=1+1' },
  ]);
  assert.equal(toMarkdown(t, [0]), '| a | b |\n| --- | --- |\n| x,y | =1+1 |\n');
});

test('sorting: numbers numerically, absent values last in either direction, stable on ties', () => {
  const t = tableOf([{ v: 10 }, {}, { v: 9 }, { v: 'b' }, { v: 10 }, { v: null }, { v: { n: 1 } }]);
  assert.deepEqual(sortedOrder(t, 0, 'asc'), [2, 0, 4, 3, 6, 1, 5]);
  assert.deepEqual(sortedOrder(t, 0, 'desc'), [6, 3, 0, 4, 2, 1, 5]);
});

test('cell text: nested values compact and cut, long strings cut with …', () => {
  assert.equal(cellText({ a: [1, { b: 'c' }], d: null }), '{"a":[1,{"b":"c"}],"d":null}');
  assert.equal(cellText('x'.repeat(300), 10), 'xxxxxxxxxx…');
  assert.equal(
    cellText(
      Array.from({ length: 1e6 }, (_, i) => i),
      20,
    ),
    '[0,1,2,3,4,5,6,7,8,9…',
  );
  assert.equal(cellText(undefined), '');
  assert.equal(cellText(null), 'null');
});
