// FileObjectsBuilder's string table (core/src/workspace/objectOccurrence.ts): each distinct string of a
// file once, equal keys at equal indices (the workspace index counts a file's names by key index),
// however many strings a file has and when two builders are filled in turn (the second takes the
// shared table, the first goes on with a table of its own).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FileObjectsBuilder, type FileObjects } from '../../core/src/workspace/objectOccurrence';

const add = (b: FileObjectsBuilder, name: string, key: string, i: number) =>
  b.add('reference', 'cluster', key, name, 'bare', i, 0, i, name.length);

/** The file's strings, and a check that each occurrence's key is found at its key index. */
function stringsOf(objects: FileObjects): string[] {
  const strings = Array.from({ length: objects.stringCount }, (_, j) => objects.stringAt(j));
  for (let i = 0; i < objects.length; i++) assert.equal(strings[objects.keyIndexAt(i)], objects.at(i).key);
  return strings;
}

const distinct = (xs: string[]) => new Set(xs).size === xs.length;

test('each distinct string once, past the table growing (5,000 names, each three times)', () => {
  const b = new FileObjectsBuilder();
  for (let round = 0; round < 3; round++) for (let n = 0; n < 5000; n++) add(b, `Name_${n}`, `name_${n}`, round * 5000 + n);
  const strings = stringsOf(b.build());
  assert.equal(strings.length, 10_000);
  assert.ok(distinct(strings));
});

test('two builders filled in turn: each keeps its strings once and its keys at their indices', () => {
  const a = new FileObjectsBuilder();
  for (let n = 0; n < 300; n++) add(a, `a_${n}`, `a_${n}`, n);
  const b = new FileObjectsBuilder();
  for (let n = 0; n < 300; n++) add(b, `b_${n % 100}`, `b_${n % 100}`, n);
  // `a` again, with its own names and `b`'s, while `b` is not built yet.
  for (let n = 0; n < 600; n++) add(a, n % 2 ? `a_${n % 300}` : `b_${n % 100}`, n % 2 ? `a_${n % 300}` : `b_${n % 100}`, 300 + n);
  for (let n = 0; n < 300; n++) add(b, `b_${n % 150}`, `b_${n % 150}`, 300 + n);
  const fromA = stringsOf(a.build());
  const fromB = stringsOf(b.build());
  assert.equal(fromA.length, 350, "its 300 names and 50 of b's");
  assert.ok(distinct(fromA));
  assert.equal(fromB.length, 150);
  assert.ok(distinct(fromB));
});

test('a string cut from a longer text comes back equal (flat copies)', () => {
  const text = 'CREATE CLUSTER a_very_long_cluster_name_indeed TYPE = 1';
  const b = new FileObjectsBuilder();
  const name = text.slice(15, 46);
  add(b, name, name, 0);
  add(b, text.slice(15, 46), text.slice(15, 46), 1);
  const strings = stringsOf(b.build());
  assert.deepEqual(strings, ['a_very_long_cluster_name_indeed']);
});
