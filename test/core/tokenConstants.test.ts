// core/src/syntax/token.ts copies antlr4ng's Token constants (so the lexer does not load antlr4ng):
// they must stay antlr4ng's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Token as AntlrToken } from 'antlr4ng';
import { Token } from '../../core/src/syntax/token';

test("the core's Token constants are antlr4ng's", () => {
  assert.deepEqual(Token, { EOF: AntlrToken.EOF, DEFAULT_CHANNEL: AntlrToken.DEFAULT_CHANNEL, HIDDEN_CHANNEL: AntlrToken.HIDDEN_CHANNEL });
});
