import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCorpus, examples, rng } from '../../bench/corpus';
import { heads } from '../../core/src/statementAnalysis';
import { T, lex } from '../../core/src/syntax/lex';
import { Scanner } from '../../core/src/syntax/scanner';
import { splitStatements } from '../../core/src/syntax/splitStatements';
import { mutate } from '../robustness/mutate';

// A full analysis lexes without WS tokens (Scanner's skipWhitespace, half of a file's tokens); the
// splitter reads the white space between tokens from the text. Both must split as with every token.

function withoutWhitespace(text: string): ReturnType<typeof lex> {
  const scanner = new Scanner(text, 0, text.length, false, true);
  const out = [];
  for (let t = scanner.nextToken(); t.type !== -1; t = scanner.nextToken()) out.push(t);
  return out;
}

const shape = (chunks: ReturnType<typeof splitStatements>) => chunks.map((c) => [c.start, c.end, c.terminated, c.tokens.length]);

function check(text: string, label: string): void {
  const all = lex(text);
  const skipped = withoutWhitespace(text);
  const significant = all.filter((t) => t.type !== T.WS);
  // The same tokens, line and column included, less the WS ones.
  assert.deepEqual(
    skipped.map((t) => [t.type, t.start, t.stop, t.line, t.column]),
    significant.map((t) => [t.type, t.start, t.stop, t.line, t.column]),
    `${label}: tokens`,
  );
  const expected = splitStatements(all, heads, text).map((c) => ({ ...c, tokens: c.tokens.filter((t) => t.type !== T.WS) }));
  assert.deepEqual(shape(splitStatements(skipped, heads, text)), shape(expected), `${label}: statements`);
}

test('splitting tokens without white space equals splitting every token', () => {
  check(buildCorpus(500, 7), 'corpus');
  check(buildCorpus(300, 8).replace(/\n/g, '\r\n'), 'CRLF corpus');
  check(buildCorpus(300, 9).replace(/\n/g, '\r'), 'CR corpus');
  const r = rng(31);
  const separators = [';\n', '\n\n', '\n', ' ', ';', '\n  \n', '\n-- c\n', '\n/* a\n\nb */\n', '\u00a0\n\u00a0\n'];
  for (let seed = 0; seed < 20; seed++) {
    let text = '';
    for (let i = 0; i < 150; i++)
      text +=
        (r() < 0.5 ? mutate(examples[(seed * 150 + i) % examples.length]!, r) : examples[(seed * 150 + i) % examples.length]!) +
        separators[Math.floor(r() * separators.length)]!;
    check(text, `mutated ${seed}`);
  }
  check('SHOW\n\nFLOWS CREATE\nFLOW f\n\n  SOURCE = x CREATE FLOW\n\nSHOW CLUSTERS', 'heads across blank lines');
});
