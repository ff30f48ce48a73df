// A statement with an unterminated string or name takes the hand-written parse (the parser sees the
// token closed): making that closed copy must not load antlr4ng, which only a statement the
// hand-written parse rejects needs (core/src/syntax/antlrParser.ts counts its loads).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../core/src/index';
import { antlrLoads } from '../../core/src/syntax/antlrParser';
import { parseWork } from '../../core/src/syntax/parseStatement';

test('an unterminated string or name is reported without loading antlr4ng; a statement only ANTLR parses loads it', () => {
  const open = analyze("CREATE FLOW f SOURCE = 'abc\nSHOW FLOWS LIKE `x\n");
  assert.deepEqual(
    open.diagnostics.map((d) => d.code).filter((c) => c === 'unterminated-string' || c === 'unterminated-name'),
    ['unterminated-string', 'unterminated-name'],
  );
  assert.equal(parseWork.antlr, 0, 'both statements took the hand-written parse');
  assert.equal(antlrLoads.runtime, 0, 'antlr4ng was not loaded');
  analyze('CREATE ) ( = = WITH WITH , ;\n');
  assert.equal(parseWork.antlr, 1);
  assert.equal(antlrLoads.runtime, 1, 'the statement only ANTLR parses loaded it');
});
