// The text an index worker warms up on while it waits for its first files
// (core/src/workspace/indexWarmup.ts): every catalog statement, each taking the light path that
// indexing files takes (a warm-up of the full path would compile code files rarely need), with
// definitions and references of every object kind the catalog names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalog, objectKinds } from '../../core/src/catalog/index';
import { indexWarmupText } from '../../core/src/workspace/indexWarmup';
import { objectsOfText } from '../../core/src/workspace/fileObjects';
import { lightWork } from '../../core/src/workspace/lightObjects';

test('the warm-up text holds every catalog statement, all on the light path, naming every kind of object', () => {
  const text = indexWarmupText();
  const before = { ...lightWork };
  const objects = objectsOfText(text).toArray();
  assert.equal(lightWork.light - before.light, catalog.statements.length, 'one light statement per catalog statement');
  assert.equal(lightWork.full - before.full, 0, 'none on the full path');
  const kinds = new Set(objects.map((o) => o.kind));
  for (const k of objectKinds) assert.ok(kinds.has(k.kind), `${k.kind} named`);
  assert.ok(objects.some((o) => o.role === 'definition') && objects.some((o) => o.role === 'reference'));
  assert.equal(indexWarmupText(), text, 'built once');
});
