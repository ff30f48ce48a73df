// The workspace index over fixture folders (test/fixtures/workspace/<case>/): every object each file
// creates and names, definition and references across files, unresolved references, and rename
// (each case's expected files after the rename lie in a folder beside them).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { test } from 'node:test';
import {
  SvcSqlDocument,
  WorkspaceIndex,
  objectsOfDocument,
  objectsOfText,
  renameObject,
  unresolvedReferenceDiagnostics,
  type ObjectOccurrence,
} from '../../core/src/index';
import { applyEdits, fixturesDir } from './fixtures';

interface Expect {
  objects: string[];
  definition: { at: string; expect: string[] }[];
  references: { at: string; expect: string[] }[];
  unresolved: string[];
  rename: { at: string; to: string; expect?: string; error?: string }[];
}

const root = join(fixturesDir, 'workspace');

/** The case's .svcsql files (not those of its expectation folders), by workspace-relative path. */
function filesOf(dir: string, skip: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) {
        if (!skip.has(relative(dir, p))) walk(p);
      } else if (e.endsWith('.svcsql')) out.set(relative(dir, p).split(sep).join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

function at(spec: string): { file: string; line: number; character: number } {
  const [file, line, character] = spec.split(':');
  return { file: file!, line: Number(line), character: Number(character) };
}

const where = (file: string, o: ObjectOccurrence) => `${file}:${o.line}:${o.character}`;

for (const name of readdirSync(root).sort()) {
  const dir = join(root, name);
  const expect = JSON.parse(readFileSync(join(dir, 'expect.json'), 'utf8')) as Expect;
  const skip = new Set(expect.rename.flatMap((r) => (r.expect ? [r.expect] : [])));
  const files = filesOf(dir, skip);
  const build = () => {
    const index = new WorkspaceIndex();
    for (const [file, text] of files) index.setFile(file, file, objectsOfText(text));
    return index;
  };

  test(`workspace ${name}: the objects each file creates and names`, () => {
    const index = build();
    const found = [...files.keys()].sort().flatMap((file) =>
      index
        .file(file)!
        .objects.toArray()
        .map((o) => `${where(file, o)} ${o.role} ${o.kind} ${o.name}`),
    );
    assert.deepEqual(found, expect.objects);
  });

  test(`workspace ${name}: an open document gives the same objects as its text`, () => {
    for (const [file, text] of files) assert.deepEqual(objectsOfDocument(new SvcSqlDocument(text)), objectsOfText(text), file);
  });

  test(`workspace ${name}: definition and references across files`, () => {
    const index = build();
    for (const q of expect.definition) {
      const p = at(q.at);
      const o = index.occurrenceAt(p.file, p);
      const got = o ? index.definitionsOf(o.kind, o.key).map((l) => where(l.file.id, l.occurrence)) : [];
      assert.deepEqual(got, q.expect, q.at);
    }
    for (const q of expect.references) {
      const p = at(q.at);
      const o = index.occurrenceAt(p.file, p);
      assert.ok(o, q.at);
      assert.deepEqual(
        index.occurrencesOf(o.kind, o.key).map((l) => where(l.file.id, l.occurrence)),
        q.expect,
        q.at,
      );
      // One file's occurrences (document highlights) are those of the workspace's list in that file.
      for (const file of [...files.keys(), 'no/such/file.svcsql']) {
        assert.deepEqual(
          index.occurrencesInFile(file, o.kind, o.key).map((l) => where(l.file.id, l.occurrence)),
          q.expect.filter((e) => e.startsWith(`${file}:`)),
          `${q.at} in ${file}`,
        );
      }
    }
  });

  test(`workspace ${name}: references to names no file creates`, () => {
    const index = build();
    const got = [...files.keys()]
      .sort()
      .flatMap((file) =>
        unresolvedReferenceDiagnostics(index, file).map(
          (d) => `${file}:${d.range.start.line}:${d.range.start.character} ${index.occurrenceAt(file, d.range.start)!.name}`,
        ),
      );
    assert.deepEqual(got, expect.unresolved);
    for (const file of files.keys()) for (const d of unresolvedReferenceDiagnostics(index, file)) assert.equal(d.severity, 'information');
  });

  test(`workspace ${name}: rename writes every place the way it is written`, () => {
    for (const r of expect.rename) {
      const index = build();
      const p = at(r.at);
      const target = index.occurrenceAt(p.file, p);
      assert.ok(target, r.at);
      const result = renameObject(index, target, r.to);
      if (r.error) {
        assert.ok('error' in result, `${r.at} → ${r.to} should be refused`);
        assert.match(result.error, new RegExp(r.error, 'i'));
        continue;
      }
      assert.ok(!('error' in result), JSON.stringify(result));
      const expected = filesOf(join(dir, r.expect!), new Set());
      const changed = new Map(result.edits.map((e) => [e.file.id, applyEdits(files.get(e.file.id)!, e.edits)]));
      assert.deepEqual([...changed.keys()].sort(), [...expected.keys()].sort(), `files changed by ${r.at} → ${r.to}`);
      for (const [file, text] of expected) assert.equal(changed.get(file), text, `${file} after ${r.at} → ${r.to}`);
    }
  });
}

test('the definitions version moves with definitions only (lists of names are cached on it)', () => {
  const index = new WorkspaceIndex();
  index.setFile('a', 'a', objectsOfText("CREATE CLUSTER etl TYPE = 'SPARK' MAX_OCU = 1 MIN_OCU = 1"));
  const v = index.definitionsVersion;
  assert.equal(index.setFile('b', 'b', objectsOfText('RUN JOB nightly')), false);
  assert.equal(index.definitionsVersion, v, 'a reference is no definition');
  assert.equal(index.setFile('a', 'a', objectsOfText("\nCREATE CLUSTER etl TYPE = 'SPARK' MAX_OCU = 1 MIN_OCU = 1")), false, 'same names');
  assert.ok(index.definitionsVersion > v, 'the definition moved to another line');
  const moved = index.definitionsVersion;
  assert.equal(index.setFile('a', 'a', objectsOfText("CREATE CLUSTER etl2 TYPE = 'SPARK' MAX_OCU = 1 MIN_OCU = 1")), true);
  assert.ok(index.definitionsVersion > moved);
  assert.equal(index.removeFile('b'), false);
  assert.equal(index.removeFile('a'), true);
  assert.deepEqual(index.definitionsOfKind('cluster'), []);
});

test('definitionsOfKind: the first definition of each name, by file label then position, sorted by name', () => {
  const index = new WorkspaceIndex();
  const cluster = (name: string) => `CREATE CLUSTER ${name} TYPE = 'SPARK' MAX_OCU = 1 MIN_OCU = 1;\n`;
  index.setFile('z', 'b.svcsql', objectsOfText(cluster('etl') + cluster('zeta')));
  index.setFile('y', 'a.svcsql', objectsOfText(`RUN JOB j;\n${cluster('etl')}${cluster('alpha')}${cluster('alpha')}`));
  index.setFile('x', 'c.svcsql', objectsOfText('CREATE LAKE etl;\nALTER CLUSTER zeta SET MAX_OCU = 2'));
  const at = (l: { file: { label: string }; occurrence: { name: string; line: number } }) =>
    `${l.occurrence.name}@${l.file.label}:${l.occurrence.line}`;
  assert.deepEqual(index.definitionsOfKind('cluster').map(at), ['alpha@a.svcsql:2', 'etl@a.svcsql:1', 'zeta@b.svcsql:1']);
  index.removeFile('y');
  assert.deepEqual(index.definitionsOfKind('cluster').map(at), ['etl@b.svcsql:0', 'zeta@b.svcsql:1']);
  assert.deepEqual(index.definitionsOfKind('lake').map(at), ['etl@c.svcsql:0']);
});
