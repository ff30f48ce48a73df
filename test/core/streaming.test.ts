import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCorpus, examples, rng } from '../../bench/corpus';
import { SvcSqlDocument, fullAnalysis, statementSpans } from '../../core/src/document';
import { analyzeStatement, heads } from '../../core/src/statementAnalysis';
import { T, lex } from '../../core/src/syntax/lex';
import { parseStatement, parserTokens } from '../../core/src/syntax/parseStatement';
import { splitStatements } from '../../core/src/syntax/splitStatements';
import { lexicalIssues, parenthesisIssues } from '../../core/src/syntax/syntaxMessages';
import { mutate } from '../robustness/mutate';

// A full analysis lexes, splits and analyses in batches of tokens (document.ts, analyzeAll); it
// must find exactly the statements one split of all tokens finds, with the same analyses.
function checkDocument(text: string, label: string): void {
  const chunks = splitStatements(lex(text), heads, text);
  const statements = new SvcSqlDocument(text).statements();
  assert.deepEqual(
    statements.map((s) => [s.start, s.end]),
    chunks.map((c) => [c.start, c.end]),
    `${label}: statement offsets`,
  );
  // What the formatter reads: the same statements, none analysed.
  assert.deepEqual(
    statementSpans(text).map((s) => [s.start, s.end]),
    chunks.map((c) => [c.start, c.end]),
    `${label}: statementSpans`,
  );
  chunks.forEach((c, i) =>
    assert.deepEqual(statements[i]!.analysis, analyzeStatement(c.tokens, c.start, text.slice(c.start, c.end)), `${label}: statement ${i}`),
  );
}

/** Statements with mistakes of every kind, joined by ';', blank lines, line breaks or nothing. */
function mutatedFile(seed: number, count: number): string {
  const r = rng(seed);
  const separators = [';\n', '\n\n', '\n', ' ', ';'];
  let out = '';
  for (let i = 0; i < count; i++)
    out +=
      (r() < 0.5 ? mutate(examples[i % examples.length]!, r) : examples[i % examples.length]!) +
      separators[Math.floor(r() * separators.length)]!;
  return out;
}

test('batched full analysis equals one split: corpus over several batches', () => {
  checkDocument(buildCorpus(1500, 3), 'corpus');
  checkDocument(buildCorpus(800, 4).replace(/\n/g, '\r\n'), 'CRLF corpus');
});

test('batched full analysis equals one split: mutated statements, no separators', () => {
  for (let seed = 1; seed <= 3; seed++) checkDocument(mutatedFile(seed, 700), `seed ${seed}`);
});

test('batched full analysis equals one split: small batches, a boundary at every token', () => {
  // Heads of several words and clauses that spell a head (DELETE SOURCE = ...) make the split look ahead.
  const tricky =
    "CREATE FLOW delete SOURCE = 's' LAKE = 'l' CREATE FLOW g SHOW POLICIES DIFF = 'x' LAKE = 'l' ALTER FLOW f SET STATE = RESUME SHOW POLICIES DIFF CATALOG = c FOR SYNC RUN JOB a\nRUN JOB b DELETE JOB c\n";
  const text = tricky.repeat(6) + mutatedFile(17, 120) + buildCorpus(60, 8);
  try {
    for (const size of [1, 2, 3, 5, 8, 13, 21, 34]) {
      fullAnalysis.batchTokens = size;
      checkDocument(text, `batches of ${size}`);
    }
  } finally {
    fullAnalysis.batchTokens = 2048;
  }
});

test('batched full analysis equals one split: a statement longer than a batch', () => {
  const list = Array.from({ length: 3000 }, (_, i) => `'v${i}'`).join(', ');
  const text = `SHOW FLOWS\nCREATE FLOW f SOURCE = 's' LAKE = 'l' COLUMNS = (${list})\nSHOW CLUSTERS;\n${buildCorpus(50)}`;
  checkDocument(text, 'long statement');
  checkDocument(`-- ${'x'.repeat(20000)}\n/* ${'\n'.repeat(3000)} */ SHOW FLOWS`, 'long comments');
});

test('a statement of 150,000 tokens is split a few times, not once a batch; a flood of ";" is not held', () => {
  const pairs = Array.from({ length: 50_000 }, (_, i) => `'k${i}' = 1`).join(', ');
  const long = `SHOW FLOWS;\nCREATE LAKE l WITH ${pairs};\nSHOW CLUSTERS;\n`;
  const tokens = lex(long).filter((t) => t.channel === 0).length;
  fullAnalysis.work.split = 0;
  checkDocument(long, 'one long statement');
  // checkDocument walks the text twice (the document's analysis, statementSpans).
  assert.ok(fullAnalysis.work.split <= 2 * 4 * tokens, `${fullAnalysis.work.split} tokens split for ${tokens}`);
  fullAnalysis.work.mostHeld = 0;
  checkDocument(';'.repeat(100_000) + '\nSHOW FLOWS;' + ';\n'.repeat(50_000), 'semicolons');
  assert.ok(fullAnalysis.work.mostHeld <= 2 * fullAnalysis.batchTokens, String(fullAnalysis.work.mostHeld));
});

test("batched full analysis equals one split: random statements, stray ';', quotes, comments and parentheses, batches of 1 to 2,048 (seeded)", () => {
  // A statement ended by ';' is taken as final at once (walkStatements): whatever follows the ';'.
  const r = rng(29);
  const separators = [';\n', '\n\n', '\n', ' ', ';', ';;', ' ; ', '\n;\n', ';--c\n', ';/* x */\n', '/* a;\nb */', "'", '`', '(', ')'];
  try {
    for (let round = 0; round < 60; round++) {
      let text = '';
      for (let i = 1 + Math.floor(r() * 40); i > 0; i--) {
        const ex = examples[Math.floor(r() * examples.length)]!;
        text += (r() < 0.4 ? mutate(ex, r) : ex) + separators[Math.floor(r() * separators.length)]!;
      }
      const chunks = splitStatements(lex(text), heads, text).map((c) => [c.start, c.end]);
      for (const size of [1, 2, 5, 21, 2048]) {
        fullAnalysis.batchTokens = size;
        const got = new SvcSqlDocument(text).statements().map((s) => [s.start, s.end]);
        assert.deepEqual(got, chunks, `${JSON.stringify(text)} in batches of ${size}`);
      }
    }
  } finally {
    fullAnalysis.batchTokens = 2048;
  }
});

test('one-pass statement checks equal the lexical and parenthesis passes', () => {
  const r = rng(21);
  for (let n = 0; n < 2000; n++) {
    const text = mutate(examples[n % examples.length]!, r);
    const tokens = lex(text);
    const parsed = parseStatement(tokens, 0);
    const expected = [...lexicalIssues(tokens, 0), ...parenthesisIssues(parserTokens(tokens), 0)];
    // Parser errors (ANTLR path) come after these.
    assert.deepEqual(parsed.issues.slice(0, expected.length), expected, text);
    const comments = tokens
      .filter((t) => t.type === T.LINE_COMMENT || t.type === T.BLOCK_COMMENT || t.type === T.UNTERMINATED_COMMENT)
      .map((t) => ({ start: t.start, end: t.stop + 1 }));
    assert.deepEqual(parsed.comments, comments, text);
  }
});
