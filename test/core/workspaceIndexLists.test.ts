// The workspace index's lists of the files that mention and create each name (core/src/workspace/
// workspaceIndex.ts: numbers in typed arrays that grow, and keep replaced or removed files until
// compacted) against the files themselves, over random sets, replacements and removals: each
// answer is the one a pass over every file gives.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng } from '../../bench/corpus';
import { WorkspaceIndex, objectsOfText, type ObjectLocation } from '../../core/src/index';

const NAMES = ['etl', 'lake_a', 'Shared', 'rare'];

/** A file that creates or names a few of NAMES (as clusters), picked by r. */
function fileText(r: () => number): string {
  const out: string[] = [];
  for (const name of NAMES) {
    const p = r();
    if (p < 0.15) out.push(`CREATE CLUSTER ${name} TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1;`);
    else if (p < 0.6) out.push(`CREATE JOB j_${out.length} TYPE = 'PYTHON' PARAMETERS = ('a.py') CLUSTER = '${name}';`);
  }
  return out.join('\n');
}

const shown = (ls: ObjectLocation[]) => ls.map((l) => `${l.file.label}:${l.occurrence.line}:${l.occurrence.role}`);

test('the files of each name, after random sets, replacements and removals, are those a pass over every file finds', () => {
  const r = rng(7);
  const index = new WorkspaceIndex();
  const texts = new Map<string, string>();
  for (let step = 0; step < 600; step++) {
    const id = `/ws/f${Math.floor(r() * 40)
      .toString()
      .padStart(2, '0')}.svcsql`;
    if (r() < 0.2) {
      index.removeFile(id);
      texts.delete(id);
    } else {
      const text = fileText(r);
      index.setFile(id, id.slice(4), objectsOfText(text));
      texts.set(id, text);
    }
    if (step % 20 !== 19) continue;
    const labels = [...texts.keys()].sort();
    for (const name of NAMES) {
      const key = name.toLowerCase();
      const expected: string[] = [];
      for (const id of labels) {
        for (const o of objectsOfText(texts.get(id)!).toArray())
          if (o.kind === 'cluster' && o.key === key) expected.push(`${id.slice(4)}:${o.line}:${o.role}`);
      }
      const label = `step ${step}, ${name}`;
      assert.deepEqual(shown(index.occurrencesOf('cluster', key)), expected, label);
      assert.deepEqual(
        shown(index.definitionsOf('cluster', key)),
        expected.filter((e) => e.endsWith(':definition')),
        label,
      );
      assert.equal(
        index.isDefined('cluster', key),
        expected.some((e) => e.endsWith(':definition')),
        label,
      );
    }
  }
});
