// What an open document keeps of its statements' texts (document/reanalysis.ts, text/flatCopy.ts
// keptCopy): a copy of each, which V8 held in two bytes a character whenever the document held a
// character past U+00FF anywhere (a ✓ in one comment), however plain the statement.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { SvcSqlDocument } from '../../core/src/index';
import { keptCopy } from '../../core/src/text/flatCopy';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const N = 20_000;
const statements = Array.from(
  { length: N },
  (_, i) => `CREATE CLUSTER c${i} TYPE = 'SPARK' MAX_OCU = 8 MIN_OCU = 1 WITH 'worker.type' = 'w${i}';\n`,
);

/** Heap bytes a statement that a document of the text keeps, beyond the text itself. */
function keptPerStatement(text: string): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const doc = new SvcSqlDocument(text);
  assert.equal(doc.statements().length, N);
  gc();
  const held = process.memoryUsage().heapUsed - before;
  assert.ok(doc.text === text);
  return held / N;
}

test("a statement's kept text takes a byte a character, with a character past U+00FF elsewhere in the document too", () => {
  // Flat strings (JSON's copies), as a document's text arrives: a concatenation is flattened when first read.
  const plain = JSON.parse(JSON.stringify(`-- checked: ok\n${statements.join('')}`)) as string;
  const wide = JSON.parse(JSON.stringify(`-- checked: ✓\n${statements.join('')}`)) as string;
  const a = keptPerStatement(plain);
  const b = keptPerStatement(wide);
  // Each statement is ~90 characters: its copy in two bytes a character held ~80 bytes more a
  // statement than without the ✓; now ~40 fewer (a one-byte copy without a slice's header).
  assert.ok(b - a < 20, `plain ${a.toFixed(0)}, with a ✓ ${b.toFixed(0)} bytes a statement`);
});

test('keptCopy is the string it copies, in every form', () => {
  const wide = 'x✓'.repeat(20);
  const cases = [
    'short',
    'CREATE CLUSTER c1 TYPE = 1',
    wide,
    wide.slice(2, 30),
    `${wide}\u{1F600}`,
    'a\ud800b'.repeat(8),
    'é'.repeat(40),
    'a'.repeat(70_000),
  ];
  for (const s of cases) assert.equal(keptCopy(s), s);
  // A slice of a two-byte text that is itself ASCII: the copy equals it.
  const text = `✓${statements[0]}`;
  assert.equal(keptCopy(text.slice(1)), statements[0]);
});
