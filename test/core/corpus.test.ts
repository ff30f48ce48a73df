import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCorpus } from '../../bench/corpus';
import { SvcSqlDocument } from '../../core/src/document';

// The benchmark's inputs must not repeat a statement: the document shares one analysis between
// statements of the same text, and a corpus of duplicates would measure that cache.
test('the benchmark corpus has no two statements with the same text', () => {
  for (const n of [1000, 10000]) {
    const statements = new SvcSqlDocument(buildCorpus(n)).statements();
    const texts = new Set(statements.map((s) => s.analysis.text));
    assert.ok(statements.length >= n - 5, `${n}: about ${n} statements (${statements.length})`);
    assert.equal(texts.size, statements.length, `${n}: every statement text is unique`);
  }
});
