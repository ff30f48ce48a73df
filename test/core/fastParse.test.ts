import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCorpus, examples, rng } from '../../bench/corpus';
import { lex } from '../../core/src/syntax/lex';
import { parseStatement, parserTokens } from '../../core/src/syntax/parseStatement';
import { fastElements } from '../../core/src/syntax/fastParse';
import { mutate } from '../robustness/mutate';

// The hand-written fast path must build exactly what the ANTLR path builds, and must reject
// whatever ANTLR reports a syntax error for.
function check(text: string): 'fast' | 'antlr' {
  const tokens = lex(text);
  const viaAntlr = parseStatement(tokens, 0, true);
  const fast = fastElements(parserTokens(tokens), 0);
  if (fast) {
    assert.deepEqual(fast, viaAntlr.elements, text);
    assert.deepEqual(parseStatement(tokens, 0), viaAntlr, text);
    return 'fast';
  }
  return 'antlr';
}

test('fast parse equals the ANTLR parse on every catalog example', () => {
  for (const ex of examples) assert.equal(check(ex), 'fast', ex);
});

test('fast parse equals or defers to ANTLR on 3,000 mutated statements', () => {
  const r = rng(7);
  const counts = { fast: 0, antlr: 0 };
  for (let n = 0; n < 3000; n++) counts[check(mutate(examples[n % examples.length]!, r))]++;
  // Both paths are exercised.
  assert.ok(counts.fast > 300 && counts.antlr > 300, JSON.stringify(counts));
});

test('fast parse on the generated corpus', () => {
  for (const s of buildCorpus(300, 3).split(/;\n|\n\n/)) if (s.trim()) check(s);
});
