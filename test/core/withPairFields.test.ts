// A WITH pair holds its key and value as fields and makes their nodes when read (syntax/elements.ts):
// the nodes read must be the ones the parse would have made, and a pair must stay small.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { Scalar, type ElementNode, type WithNode } from '../../core/src/syntax/elements';
import { fastElements } from '../../core/src/syntax/fastParse';
import { lex } from '../../core/src/syntax/lex';
import { parserTokens, parseStatement } from '../../core/src/syntax/parseStatement';

function withOf(elements: ElementNode[] | undefined): WithNode {
  const node = elements?.find((e) => e.kind === 'with');
  assert.ok(node && node.kind === 'with');
  return node;
}

test('a pair read gives the key and value nodes of its text, on the fast path and the ANTLR path alike', () => {
  const text = "CREATE LAKE l WITH 'k''1' = 'v''1', k2 = 12, `k3` = a.b, k4 = ('x', 'y'), k5 = `q`, 'k6' = k7";
  const at = (s: string) => text.indexOf(s);
  const scalar = (kind: 'string' | 'integer' | 'name', written: string, value: string) =>
    new Scalar(kind, at(written), at(written) + written.length, written, value);
  const expected = [
    [scalar('string', "'k''1'", "k'1"), scalar('string', "'v''1'", "v'1")],
    [scalar('name', 'k2', 'k2'), scalar('integer', '12', '12')],
    [scalar('name', '`k3`', 'k3'), scalar('name', 'a.b', 'a.b')],
    [scalar('name', 'k4', 'k4'), undefined],
    [scalar('name', 'k5', 'k5'), scalar('name', '`q`', 'q')],
    [scalar('string', "'k6'", 'k6'), scalar('name', 'k7', 'k7')],
  ];
  const tokens = lex(text);
  const fast = withOf(fastElements(parserTokens(tokens), 0));
  const viaAntlr = withOf(parseStatement(tokens, 0, true).elements);
  for (const node of [fast, viaAntlr]) {
    assert.equal(node.pairs.length, expected.length);
    node.pairs.forEach((pair, i) => {
      const [key, value] = expected[i]!;
      assert.deepEqual(pair.key, key);
      assert.equal(pair.keyKind, key!.kind);
      assert.equal(pair.keyValue, key!.value);
      assert.equal(pair.start, key!.start);
      if (value) {
        assert.deepEqual(pair.value, value);
        assert.equal(pair.valueKind, value.kind);
        assert.equal(pair.end, value.end);
      } else {
        assert.equal(pair.valueKind, 'list');
        assert.equal(pair.value?.kind, 'list');
        assert.deepEqual(pair.value.span, { start: at("('x'"), end: at("'y')") + 4 });
        assert.equal(pair.value.items.length, 2);
      }
    });
  }
  // A pair whose statement ends before its value: no value.
  const open = withOf(fastElements(parserTokens(lex('CREATE LAKE l WITH a = ')), 0, []));
  assert.equal(open.pairs[0]!.value, undefined);
  assert.equal(open.pairs[0]!.valueKind, undefined);
});

/** Heap bytes a pair of `pair(i)` holds beyond its statement's tokens, over 50,000 pairs. */
function bytesPerPair(pair: (i: number) => string): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const n = 50_000;
  const tokens = parserTokens(lex(`CREATE LAKE l WITH ${Array.from({ length: n }, (_, i) => pair(i)).join(', ')}`));
  const held: { elements?: ElementNode[] } = { elements: fastElements(tokens, 0) };
  assert.equal(withOf(held.elements).pairs.length, n);
  // Another statement: the parser's lists let go of the first's nodes (see fastParse's releaseAfter).
  assert.ok(fastElements(parserTokens(lex('SHOW FLOWS')), 0));
  gc();
  const withPairs = process.memoryUsage().heapUsed;
  delete held.elements;
  gc();
  assert.ok(tokens.length > 4 * n);
  return (withPairs - process.memoryUsage().heapUsed) / n;
}

test('a WITH pair holds its values and offsets, not nodes or texts the values give again', () => {
  // Node's pointers are 8 bytes. Two Scalar nodes a pair held ~200 bytes a bare pair here and ~250
  // a quoted one; the texts beside the values, ~110 and ~168; the values alone, ~95–100 and ~152.
  const bare = bytesPerPair((i) => `key${i} = value${i}`);
  assert.ok(bare > 50 && bare < 150, `${bare.toFixed(1)} bytes a bare pair`);
  const quoted = bytesPerPair((i) => `'key${i}' = 'value${i}'`);
  assert.ok(quoted > 50 && quoted < 160, `${quoted.toFixed(1)} bytes a quoted pair`);
});
