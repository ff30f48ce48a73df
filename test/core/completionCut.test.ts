// grammarSlots() asks antlr4-c3 only from the end of the last property before the caret
// (lastElementEnd): it must say what asking from the statement's start says, on whole statements,
// on broken ones (the corpus breaks one in ten) and on the example files, at every token.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { grammarSlots, grammarSlotsFromStart, lastElementEnd, withFewerPairs } from '../../core/src/complete/grammarSlots';
import { parserTokens } from '../../core/src/syntax/parseStatement';
import { lex } from '../../core/src/syntax/lex';
import { splitStatements } from '../../core/src/syntax/splitStatements';
import { heads } from '../../core/src/statementAnalysis';
import { buildCorpus, rng } from '../../bench/corpus';

const examples = join(__dirname, '..', '..', '..', 'examples');

function texts(): string[] {
  const files = readdirSync(examples).filter((f) => f.endsWith('.svcsql'));
  return [buildCorpus(150, 7), ...files.map((f) => readFileSync(join(examples, f), 'utf8'))];
}

test('c3 asked from the last property end answers as asked from the start, at every token of every statement', () => {
  let compared = 0;
  let cut = 0;
  const r = rng(3);
  for (const text of texts()) {
    for (const chunk of splitStatements(lex(text), heads, text)) {
      const significant = parserTokens(chunk.tokens);
      // Every prefix, and the same prefix with one token dropped (a broken clause before the caret).
      for (let end = 1; end <= significant.length; end++) {
        const prefixes = [significant.slice(0, end)];
        if (end > 2) {
          const drop = Math.floor(r() * (end - 1));
          prefixes.push([...significant.slice(0, drop), ...significant.slice(drop + 1, end)]);
        }
        for (const before of prefixes) {
          if (lastElementEnd(before) > 0) cut++;
          assert.deepEqual(grammarSlots(before), grammarSlotsFromStart(before), `before: ${before.map((t) => t.text).join(' ')}`);
          compared++;
        }
      }
    }
  }
  // The comparison means something only where the cut is made.
  assert.ok(cut > compared / 4, `cut in ${cut} of ${compared}`);
});

test('no cut inside a list, after WITH, or after an unbalanced parenthesis', () => {
  const tokensOf = (text: string) => parserTokens(lex(text));
  assert.equal(lastElementEnd(tokensOf("CREATE FLOW f LAKE = 'l' DATABASE = 'd' CLUSTER")), 9);
  assert.equal(lastElementEnd(tokensOf("CREATE FLOW f LAKE = 'l' X = ('a', 'b') Y")), 13);
  assert.equal(lastElementEnd(tokensOf("CREATE FLOW f P = (field = 'a' x")), 0);
  assert.equal(lastElementEnd(tokensOf("CREATE FLOW f WITH 'a' = 'b', 'c' = 'd'")), 0);
  assert.equal(lastElementEnd(tokensOf("CREATE FLOW f LAKE = 'l' WITH 'a' = 'b'")), 6);
  assert.equal(lastElementEnd(tokensOf("CREATE FLOW f ) LAKE = 'l' X")), 0);
  // The caret right after a value: the cut before that value, so that one token stays.
  assert.equal(lastElementEnd(tokensOf("CREATE FLOW f LAKE = 'l' MIN = 5")), 6);
});

test("inside a long WITH, c3 asked without the well-formed pairs before the caret's last two answers as asked of the whole", () => {
  const r = rng(11);
  const good = ["'k' = 'v'", 'k = 1', 'a.b = c.d', "'k' = ('x', 'y')", "'k' = (p = 'a' q = 1, r = 2)", '`b` = x', "'k' = ()"];
  const bad = ["'k' 'v'", "'k' =", "'k' = ('x'", "'k' = 'v')", "'k' = = 1", 'k = (p =)'];
  let compared = 0;
  let fewer = 0;
  for (let s = 0; s < 16; s++) {
    const pick = (list: readonly string[]) => list[Math.floor(r() * list.length)]!;
    const pairs = Array.from({ length: 16 + Math.floor(r() * 8) }, () => pick(r() < 0.04 ? bad : good));
    const text = `CREATE FLOW f SOURCE = 's' LAKE = 'l' WITH ${pairs.join(', ')}, 'last' = 'x'`;
    const significant = parserTokens(lex(text));
    // Every prefix from about the tenth pair on: where enough pairs are before the caret to leave out.
    for (let end = 40; end <= significant.length; end++) {
      const before = significant.slice(0, end);
      if (withFewerPairs(before, lastElementEnd(before))) fewer++;
      assert.deepEqual(grammarSlots(before), grammarSlotsFromStart(before), `before: ${before.map((t) => t.text).join(' ')}`);
      compared++;
    }
  }
  assert.ok(fewer > compared / 4, `fewer pairs in ${fewer} of ${compared}`);
});

test('a WITH of 1,000 pairs is asked about with its last two', () => {
  const tokensOf = (text: string) => parserTokens(lex(text));
  const pairs = Array.from({ length: 1_000 }, (_, i) => `'k${i}' = '${i}'`).join(', ');
  const fewer = withFewerPairs(tokensOf(`CREATE FLOW f WITH ${pairs}, 'k`), 0)!;
  assert.equal(fewer.map((t) => t.text).join(' '), "CREATE FLOW f WITH 'k999' = '999' , 'k");
  // One pair broken among them: all of them are asked about.
  assert.equal(withFewerPairs(tokensOf(`CREATE FLOW f WITH 'x' 'y', ${pairs}, 'k`), 0), undefined);
});
