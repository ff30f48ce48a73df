// What an open document keeps of a misspelt head's warning (validate/statementHead.ts): its
// message, its fix's title and its replacement name the same catalog head, written once for all
// of them rather than joined again three times a statement, and the same typo's message is one
// string for every line that makes it (a file of a million such lines).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { SvcSqlDocument } from '../../core/src/index';

test('a document of misspelt heads keeps under 1,250 bytes a statement', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const n = 40_000;
  const text = JSON.parse(JSON.stringify(Array.from({ length: n }, (_, i) => `CREATE ALKE l${i};\n`).join(''))) as string;
  // Compiled and warmed on a small document first: the code made on the first run is not the document's.
  new SvcSqlDocument(text.slice(0, 20_000)).statements();
  gc();
  const before = process.memoryUsage().heapUsed;
  const doc = new SvcSqlDocument(text);
  const statements = doc.statements();
  assert.equal(statements.length, n);
  const d = doc.analysis().diagnostics;
  assert.equal(d.length, n);
  assert.equal((d[0]!.data as { replacement: string }).replacement, 'CREATE LAKE');
  gc();
  // Three new copies of 'CREATE LAKE' and a message a statement kept ~1,410 bytes a statement (its
  // diagnostics read, with their positions); the copies alone ~1,310; ~1,185 now.
  const perStatement = (process.memoryUsage().heapUsed - before) / n;
  assert.ok(perStatement < 1250, `${perStatement.toFixed(0)} bytes a statement`);
});
