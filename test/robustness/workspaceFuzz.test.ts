// The workspace index on mutated statements: reading a file never throws, every name it finds lies
// inside the file, an open document gives what its text gives, and a rename round-trips (the new
// name is found at each place the old one was, as often).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { examples, rng } from '../../bench/corpus';
import { SvcSqlDocument, WorkspaceIndex, objectsOfDocument, objectsOfText, renameObject } from '../../core/src/index';
import { objectNameKey } from '../../core/src/catalog/index';
import { applyEdits } from '../core/fixtures';
import { mutate } from './mutate';

const COUNT = Number(process.env.SVCSQL_FUZZ_COUNT ?? 400);
const SEED = Number(process.env.SVCSQL_FUZZ_SEED ?? 2);

test(`workspace index fuzz: ${COUNT} mutated files (seed ${SEED})`, () => {
  const r = rng(SEED);
  for (let n = 0; n < COUNT; n++) {
    const text = Array.from({ length: 1 + Math.floor(r() * 4) }, () => mutate(examples[Math.floor(r() * examples.length)]!, r)).join(
      r() < 0.5 ? ';\n' : '\n\n',
    );
    const label = `case ${n}: ${JSON.stringify(text).slice(0, 300)}`;
    const objects = objectsOfText(text);
    const doc = new SvcSqlDocument(text);
    assert.deepEqual(objectsOfDocument(doc), objects, label);
    for (const o of objects.toArray()) {
      const start = doc.lines.offsetAt({ line: o.line, character: o.character });
      const end = doc.lines.offsetAt({ line: o.endLine, character: o.endCharacter });
      assert.ok(start < end && end <= text.length, label);
      assert.equal(doc.lines.positionAt(start).character, o.character, label);
    }
    if (objects.length === 0) continue;
    const index = new WorkspaceIndex();
    index.setFile('f', 'f', objects);
    const target = objects.at(Math.floor(r() * objects.length));
    const newName = r() < 0.5 ? "it's-new" : 'fresh_name';
    const result = renameObject(index, target, newName);
    if ('error' in result) continue; // the new name is taken in this file
    const renamed = applyEdits(
      text,
      result.edits.flatMap((e) => e.edits),
    );
    const after = objectsOfText(renamed)
      .toArray()
      .filter((o) => o.kind === target.kind && o.key === objectNameKey(newName));
    const before = objects.toArray().filter((o) => o.kind === target.kind && o.key === target.key);
    assert.equal(after.length, before.length, `${label} → ${JSON.stringify(renamed).slice(0, 300)}`);
  }
});
