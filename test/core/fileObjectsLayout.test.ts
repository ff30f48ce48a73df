// FileObjects' two layouts (core/src/workspace/objectOccurrence.ts): 4 ints per occurrence when every
// name is on one line and the file has fewer than 65,536 strings, 6 otherwise; both give back
// exactly what was put in, through parts() / packed() too (the index workers' way between threads).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FileObjects, type ObjectOccurrence } from '../../core/src/workspace/objectOccurrence';

const occurrence = (i: number, over: Partial<ObjectOccurrence> = {}): ObjectOccurrence => ({
  role: i % 3 === 0 ? 'definition' : 'reference',
  kind: i % 2 === 0 ? 'cluster' : 'lake',
  key: `name_${i}`,
  name: i % 4 === 0 ? `Name_${i}` : `name_${i}`,
  // Every form (the builder writes a form's index by hand: each must come back as itself).
  form: i % 5 === 0 ? 'string' : i % 5 === 1 ? 'backticked' : 'bare',
  line: i,
  character: 3 + (i % 7),
  endLine: i,
  endCharacter: 12 + (i % 7),
  ...over,
});

function roundTrip(list: ObjectOccurrence[]): { ints: number; back: ObjectOccurrence[] } {
  const objects = FileObjects.from(list);
  const parts = objects.parts();
  const copied = FileObjects.packed(parts.data.slice(), parts.meta.slice(), [...parts.strings]);
  assert.deepEqual(copied.toArray(), objects.toArray(), 'the same through parts() and packed()');
  for (let i = 0; i < list.length; i++) {
    assert.equal(objects.keyAt(i), list[i]!.key);
    assert.equal(objects.endLineAt(i), list[i]!.endLine);
    assert.equal(objects.endCharacterAt(i), list[i]!.endCharacter);
  }
  return { ints: parts.data.length, back: objects.toArray() };
}

test('names on one line: 4 ints each, the same occurrences back', () => {
  const list = Array.from({ length: 50 }, (_, i) => occurrence(i));
  const { ints, back } = roundTrip(list);
  assert.equal(ints, 4 * list.length);
  assert.deepEqual(back, list);
});

test('a name over two lines: 6 ints each, the same occurrences back', () => {
  const list = Array.from({ length: 20 }, (_, i) => (i === 7 ? occurrence(i, { endLine: 8, endCharacter: 2 }) : occurrence(i)));
  const { ints, back } = roundTrip(list);
  assert.equal(ints, 6 * list.length);
  assert.deepEqual(back, list);
});

test('more strings than 16 bits index: 6 ints each; just below: 4', () => {
  const many = Array.from({ length: 40_000 }, (_, i) => occurrence(i, { name: `N${i}`, key: `n${i}` }));
  const wide = roundTrip(many);
  assert.equal(wide.ints, 6 * many.length, '80,000 strings');
  assert.deepEqual(wide.back, many);
  const fewer = many.slice(0, 32_768);
  const compact = roundTrip(fewer);
  assert.equal(compact.ints, 4 * fewer.length, '65,536 strings: indices up to 65,535');
  assert.deepEqual(compact.back, fewer);
});

test('no occurrence: empty', () => {
  assert.deepEqual(roundTrip([]).back, []);
});
