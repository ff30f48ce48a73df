// The index pass (objectsOfText: split, parse, read the names; no validation, no diagnostics) against
// the full analysis (objectsOfDocument over a SvcSqlDocument): the same definitions and references,
// at the same places, on the benchmark's workspace corpus, the analysis corpus, the example files
// and every fixture, with each kind of line end. And the index itself: after files are added,
// replaced and removed in any order, it answers as an index built afresh from what is left.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SvcSqlDocument, WorkspaceIndex, objectsOfDocument, objectsOfText, type ObjectOccurrence } from '../../core/src/index';
import { rng } from '../../bench/corpus';
import { indexInputs } from './indexInputs';

/** The generated workspace (a slice of it), the corpus, examples, fixtures. */
const inputs = () => indexInputs(2000);

const show = (o: ObjectOccurrence) =>
  `${o.role} ${o.kind} ${o.key} ${o.name} ${o.form} ${o.line}:${o.character}-${o.endLine}:${o.endCharacter}`;

test('the index pass finds the definitions and references the full analysis finds, where it finds them', () => {
  const all = inputs();
  assert.ok(all.size > 100, `inputs: ${all.size}`);
  let occurrences = 0;
  for (const [name, text] of all) {
    for (const [ending, variant] of [
      ['\\n', text.replace(/\r\n?/g, '\n')],
      ['\\r\\n', text.replace(/\r\n?/g, '\n').replace(/\n/g, '\r\n')],
      ['\\r', text.replace(/\r\n?/g, '\n').replace(/\n/g, '\r')],
    ] as const) {
      const full = objectsOfDocument(new SvcSqlDocument(variant)).toArray().map(show);
      const pass = objectsOfText(variant).toArray().map(show);
      assert.deepEqual(pass, full, `${name} (${ending} line ends)`);
      occurrences += pass.length;
    }
  }
  // The comparison compared something: the workspace corpus alone names thousands of objects.
  assert.ok(occurrences > 10_000, `occurrences compared: ${occurrences}`);
});

/** Everything the index answers about every name it knows, in a stable order. */
function answers(index: WorkspaceIndex, names: readonly (readonly [ObjectOccurrence['kind'], string])[]): string[] {
  const out: string[] = [];
  const at = (l: { file: { id: string }; occurrence: ObjectOccurrence }) => `${l.file.id}@${l.occurrence.line}:${l.occurrence.character}`;
  for (const [kind, key] of names) {
    out.push(`${kind} ${key} defined=${index.isDefined(kind, key)}`);
    out.push(`  refs ${index.occurrencesOf(kind, key).map(at).join(' ')}`);
    out.push(`  defs ${index.definitionsOf(kind, key).map(at).join(' ')}`);
  }
  for (const kind of new Set(names.map(([k]) => k))) out.push(`${kind}: ${index.definitionsOfKind(kind).map(at).join(' ')}`);
  return out;
}

test('after files are added, replaced and removed, the index answers as one built afresh', () => {
  const r = rng(11);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  // Small files that create and name a few shared names, so that lists of files grow and shrink.
  const text = () => {
    const lines: string[] = [];
    for (let i = 0; i < 1 + Math.floor(r() * 4); i++) {
      const c = `etl_${Math.floor(r() * 6)}`;
      lines.push(
        pick([
          `CREATE CLUSTER ${c} TYPE = 'SPARK' MAX_OCU = 8 MIN_OCU = 1;`,
          `CREATE JOB job_${Math.floor(r() * 4)} TYPE = 'PYTHON' PARAMETERS = ('run.py') CLUSTER = '${c}';`,
          `RUN JOB job_${Math.floor(r() * 4)};`,
          `ALTER JOB job_${Math.floor(r() * 4)} SET CLUSTER = '${c.toUpperCase()}';`,
        ]),
      );
    }
    return lines.join('\n');
  };
  const ids = Array.from({ length: 12 }, (_, i) => `f${i}.svcsql`);
  const index = new WorkspaceIndex();
  const current = new Map<string, string>();
  for (let step = 0; step < 3000; step++) {
    const id = pick(ids);
    if (r() < 0.25) {
      index.removeFile(id);
      current.delete(id);
    } else {
      const t = text();
      index.setFile(id, id, objectsOfText(t));
      current.set(id, t);
    }
  }
  const fresh = new WorkspaceIndex();
  for (const [id, t] of current) fresh.setFile(id, id, objectsOfText(t));
  const names: (readonly [ObjectOccurrence['kind'], string])[] = [];
  for (let c = 0; c < 7; c++) names.push(['cluster', `etl_${c}`]);
  for (let j = 0; j < 5; j++) names.push(['job', `job_${j}`]);
  const expected = answers(fresh, names);
  assert.deepEqual(answers(index, names), expected);
  assert.ok(
    expected.some((l) => l.startsWith('  refs ') && l.split(' ').length > 4),
    'some name is in several files',
  );
  assert.deepEqual(index.stats(), fresh.stats());
});
