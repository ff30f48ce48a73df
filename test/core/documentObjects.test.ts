// An open document's names (workspace/fileObjects.ts objectsOfDocument): read as a file's are (the
// light path, without a parse, for the statements it takes) and kept per statement in little memory,
// for the reads after an edit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { buildCorpus } from '../../bench/corpus';
import { SvcSqlDocument, objectsOfDocument, objectsOfText } from '../../core/src/index';
import { lightWork } from '../../core/src/workspace/lightObjects';

test("a document's names take the light path where a file's do, and equal a file's", () => {
  const text = buildCorpus(3000, 5);
  lightWork.light = lightWork.full = 0;
  const fromFile = objectsOfText(text);
  const file = { ...lightWork };
  lightWork.light = lightWork.full = 0;
  const doc = new SvcSqlDocument(text);
  assert.deepEqual(objectsOfDocument(doc), fromFile);
  // Statements the catalog does not know are skipped before either path.
  assert.ok(lightWork.light > 2000, JSON.stringify(lightWork));
  assert.ok(lightWork.full <= file.full, `${JSON.stringify(lightWork)} against a file's ${JSON.stringify(file)}`);
  // Read again (an edit elsewhere): from what was kept, no statement read again.
  lightWork.light = lightWork.full = 0;
  assert.deepEqual(objectsOfDocument(doc), fromFile);
  assert.deepEqual({ ...lightWork }, { light: 0, full: 0 });
});

test("what a document keeps of its statements' names stays under 250 bytes a statement", () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const doc = new SvcSqlDocument(buildCorpus(20_000, 9));
  const n = doc.statements().length;
  gc();
  const before = process.memoryUsage().heapUsed;
  assert.ok(objectsOfDocument(doc).length > n / 2);
  gc();
  // The names as lists of objects grown by push kept ~400 bytes a statement.
  const perStatement = (process.memoryUsage().heapUsed - before) / n;
  assert.ok(perStatement > 20 && perStatement < 250, `${perStatement.toFixed(0)} bytes a statement`);
});
