// Completion of workspace names counts its work: a completion lists at most NAME_LIMIT names whatever
// the number of definitions, describes none of them (an item's "created in …" is written when it is
// resolved), and after an edit to one file reads that file again, not the workspace.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  NAME_LIMIT,
  SvcSqlDocument,
  WorkspaceIndex,
  completeList,
  objectInWords,
  objectsOfText,
  type NameSource,
} from '../../core/src/index';
import { WorkspaceNames } from '../../server/src/workspace/workspaceNames';

const cluster = (name: string) => `CREATE CLUSTER ${name} TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1;\n`;

/** `files` files of `perFile` clusters each (c_<file>_<n>), and a counter of the index's definition lookups. */
function workspace(files: number, perFile: number) {
  const index = new WorkspaceIndex();
  for (let f = 0; f < files; f++) {
    const text = Array.from({ length: perFile }, (_, n) => cluster(`c_${f}_${n}`)).join('');
    index.setFile(`/ws/f${f}.svcsql`, `f${f}.svcsql`, objectsOfText(text));
  }
  const lookups = { count: 0 };
  const definitionsOf = index.definitionsOf.bind(index);
  index.definitionsOf = (kind, key) => {
    lookups.count++;
    return definitionsOf(kind, key);
  };
  const names = new WorkspaceNames(index);
  const source: NameSource = (kind, query) => names.answer(kind, query);
  return { index, names, source, lookups };
}

const JOB = "CREATE JOB j TYPE = 'JAR' PARAMETERS = ('a') CLUSTER = '";

function completeAt(text: string, source: NameSource) {
  const doc = new SvcSqlDocument(text);
  const list = completeList(doc, doc.lines.positionAt(text.length), source);
  return { ...list, names: list.items.filter((i) => i.kind === 'name') };
}

test('a few names: all of them, the list complete, each described only when resolved', () => {
  const ws = workspace(2, 5);
  const got = completeAt(JOB, ws.source);
  assert.equal(got.names.length, 10);
  assert.equal(got.incomplete, false);
  assert.equal(ws.lookups.count, 0, 'no description written while listing');
  const item = got.names.find((i) => i.label === "'c_1_3'")!;
  assert.equal(item.documentation, undefined);
  assert.equal(item.describe!(), objectInWords(ws.index, 'cluster', 'c_1_3', 'c_1_3'));
  assert.match(item.describe!(), /cluster `c_1_3`, created in f1\.svcsql:4/);
});

test('the work of a completion does not grow with the number of definitions', () => {
  for (const [files, perFile] of [
    [10, 10],
    [40, 500],
  ] as const) {
    const ws = workspace(files, perFile);
    const got = completeAt(JOB, ws.source);
    assert.ok(got.names.length <= NAME_LIMIT, `${got.names.length} names listed`);
    assert.equal(ws.lookups.count, 0, `no description written while listing ${files * perFile} names`);
    if (files * perFile > NAME_LIMIT) assert.equal(got.incomplete, true, 'the editor asks again as typing goes on');
  }
});

test('with many names, what is typed chooses them: prefix matches first', () => {
  const ws = workspace(40, 500);
  const got = completeAt(`${JOB}c_17_49`, ws.source);
  const labels = got.names.map((i) => i.label);
  assert.ok(labels.includes("'c_17_49'") && labels.includes("'c_17_499'"), labels.slice(0, 5).join());
  const prefixed = labels.filter((l) => l.startsWith("'c_17_49"));
  assert.equal(prefixed.length, 11, 'c_17_49 and c_17_490–c_17_499, whatever their place among 20,000');
  assert.ok(labels.length <= NAME_LIMIT);
  assert.ok(labels.includes("'c_17_149'"), 'then the fuzzy matches');
  assert.ok(!labels.includes("'c_17_48'"));
  assert.equal(completeAt(`${JOB}zz`, ws.source).names.length, 0, 'nothing matches');
});

test('after an edit to one file, only that file is read again', () => {
  const ws = workspace(40, 50);
  completeAt(JOB, ws.source);
  const read = ws.names.filesRead;
  assert.equal(read, 40);
  ws.index.setFile('/ws/f7.svcsql', 'f7.svcsql', objectsOfText(cluster('fresh_one')));
  const got = completeAt(`${JOB}fresh`, ws.source);
  assert.deepEqual(
    got.names.map((i) => i.label),
    ["'fresh_one'"],
  );
  assert.equal(ws.names.filesRead, read + 1);
  assert.ok(
    completeAt(`${JOB}c_7_`, ws.source).names.every((i) => !i.label.startsWith("'c_7_")),
    'the names the file no longer creates are gone',
  );
  ws.index.removeFile('/ws/f7.svcsql');
  assert.equal(completeAt(`${JOB}fresh`, ws.source).names.length, 0);
  assert.equal(ws.names.filesRead, read + 1, 'a removed file is not read');
});

test('a name two files create is written as the first file by label writes it, and described with both', () => {
  const index = new WorkspaceIndex();
  index.setFile('/ws/b.svcsql', 'b.svcsql', objectsOfText(cluster('Shared')));
  index.setFile('/ws/a.svcsql', 'a.svcsql', objectsOfText(`-- first\n${cluster('SHARED')}`));
  const names = new WorkspaceNames(index);
  const got = completeAt(JOB, (kind, query) => names.answer(kind, query));
  assert.deepEqual(
    got.names.map((i) => i.label),
    ["'SHARED'"],
  );
  assert.match(got.names[0]!.describe!(), /created in a\.svcsql:2, b\.svcsql:1/);
  index.removeFile('/ws/a.svcsql');
  assert.deepEqual(
    completeAt(JOB, (kind, query) => names.answer(kind, query)).names.map((i) => i.label),
    ["'Shared'"],
  );
});

test('idle steps read the names ahead of the first completion, a few files a step; changes meanwhile are read too', () => {
  const ws = workspace(100, 3);
  const steps = ws.names.syncSteps(32);
  assert.equal(steps.next().done, false);
  assert.equal(ws.names.filesRead, 32, 'one step reads 32 files');
  // A file changed between two steps is read once, with its new names.
  ws.index.setFile('/ws/f99.svcsql', 'f99.svcsql', objectsOfText(cluster('late_one')));
  let yields = 1;
  while (!steps.next().done) yields++;
  assert.equal(yields, 3, 'a yield after each 32 files: 32, 64, 96; the last 4 end the steps');
  assert.equal(ws.names.filesRead, 100);
  const got = completeAt(`${JOB}late`, ws.source);
  assert.deepEqual(
    got.names.map((i) => i.label),
    ["'late_one'"],
  );
  assert.equal(ws.names.filesRead, 100, 'the completion reads no file');
  assert.equal(completeAt(`${JOB}c_99_`, ws.source).names.length, 0, "the file's old names are gone");
});

test('a completion between two idle steps reads the files left itself; the steps then end', () => {
  const ws = workspace(100, 3);
  const steps = ws.names.syncSteps(10);
  steps.next();
  assert.equal(ws.names.filesRead, 10);
  assert.equal(completeAt(`${JOB}c_`, ws.source).names.length, NAME_LIMIT);
  assert.equal(ws.names.filesRead, 100);
  assert.equal(steps.next().done, true);
  assert.equal(ws.names.filesRead, 100, 'nothing is read twice');
});
