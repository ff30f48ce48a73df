import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCorpus, rng } from '../../bench/corpus';
import { resolveStatement } from '../../core/src/model/resolve';
import { analyzeStatement, heads, resolvedOf } from '../../core/src/statementAnalysis';
import { lex } from '../../core/src/syntax/lex';
import { parseStatement } from '../../core/src/syntax/parseStatement';
import { splitStatements } from '../../core/src/syntax/splitStatements';

// Analyses keep no syntax model; resolvedOf rebuilds it from the statement's text alone. It must
// be the very model the statement had in its file (from the file's tokens, at its offset).
function checkFile(text: string, label: string): number {
  const chunks = splitStatements(lex(text), heads, text);
  for (const chunk of chunks) {
    const inFile = resolveStatement(parseStatement(chunk.tokens, chunk.start), heads);
    const analysis = analyzeStatement(chunk.tokens, chunk.start, text.slice(chunk.start, chunk.end));
    assert.deepEqual(resolvedOf(analysis), inFile, `${label}: statement at ${chunk.start}: ${JSON.stringify(analysis.text.slice(0, 60))}`);
  }
  return chunks.length;
}

test('resolvedOf equals the model from the file: the benchmark corpus (valid and broken statements, comments, CRLF)', () => {
  assert.ok(checkFile(buildCorpus(600, 7), 'corpus') > 500);
  checkFile(buildCorpus(200, 8).replace(/\n/g, '\r\n'), 'crlf');
});

test('resolvedOf equals the model from the file: mangled statements (unterminated strings, names, comments, stray bytes)', () => {
  const r = rng(21);
  const base = buildCorpus(150, 9);
  const bits = ["'", '`', '/*', '*/', '--', '(', ')', '=', ',', '\u0000', 'é', '\u{1F680}', '\r', ';', '\n\n', 'WITH ', "''"];
  for (let round = 0; round < 40; round++) {
    let text = base;
    for (let k = 0; k < 25; k++) {
      const at = Math.floor(r() * text.length);
      text = text.slice(0, at) + bits[Math.floor(r() * bits.length)]! + text.slice(at + (r() < 0.3 ? 1 : 0));
    }
    checkFile(text, `round ${round}`);
  }
});
