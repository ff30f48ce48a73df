// Strings kept for long are kept flat (core/src/text/flatCopy.ts flattened): a message or a title
// built from pieces held every piece and a node per join (a cons string) for as long as the
// document that kept it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { SvcSqlDocument } from '../../core/src/index';
import { flattened } from '../../core/src/text/flatCopy';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap bytes that what `make` returns keeps, per item of it. */
function keptBytesPerItem(make: () => readonly unknown[]): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = make();
  gc();
  const bytes = process.memoryUsage().heapUsed - before;
  assert.ok(kept.length > 0);
  return bytes / kept.length;
}

/** A message of twelve pieces, as a rule writes one: a value, then the values it could be. */
function message(i: number, flat: boolean): string {
  let s = `STATE = PAUSD${i} is not one of`;
  for (const v of ['RUNNING', 'PAUSED', 'STOPPED', 'FAILED', 'PENDING']) s += ` '${v}',`;
  s += ` (value ${i}).`;
  return flat ? flattened(s) : s;
}

test('flattened is the same string, its characters unchanged', () => {
  const s = message(7, false);
  const text = s.slice(0);
  assert.equal(flattened(s), s);
  assert.equal(flattened(s), text);
  assert.equal(flattened('short'), 'short');
});

test('a string built from pieces keeps less once flattened', () => {
  const n = 20_000;
  const pieces = keptBytesPerItem(() => Array.from({ length: n }, (_, i) => message(i, false)));
  const flat = keptBytesPerItem(() => Array.from({ length: n }, (_, i) => message(i, true)));
  // Pieces: ~600 bytes each here (twelve joins, their pieces); flat: the characters once (~110 bytes).
  assert.ok(flat < pieces * 0.5, `flat ${flat.toFixed(0)} bytes against ${pieces.toFixed(0)} in pieces`);
});

test('a document of a different warning a statement keeps under 800 bytes a statement', () => {
  // Each message names its own value and the values expected: 12 pieces joined, ~990 bytes a
  // statement kept with them as pieces, ~640 flat.
  const text = Array.from({ length: 20_000 }, (_, i) => `ALTER FLOW f${i} SET STATE = PAUSD${i};`).join('\n');
  let doc: SvcSqlDocument | undefined;
  const perStatement = keptBytesPerItem(() => {
    doc = new SvcSqlDocument(text);
    return doc.statements();
  });
  assert.equal(doc!.diagnostics().length, 20_000);
  assert.ok(perStatement < 800, `${perStatement.toFixed(0)} bytes a statement`);
});
