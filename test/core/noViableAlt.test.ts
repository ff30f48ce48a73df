import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NoViableAltException, ParserATNSimulator, ParserRuleContext } from 'antlr4ng';
import { SvcSqlParser } from '../../core/src/generated/SvcSqlParser';
import { lex } from '../../core/src/syntax/lex';
import { noViableAlt, parserTokens, tokenStreamOf } from '../../core/src/syntax/parseStatement';

// The shared parser makes its NoViableAltException without the Error (parseStatement.ts): it must
// carry what antlr4ng's own would, field for field, since the error strategy reports from it.
test('the parser’s NoViableAltException without the Error has the fields of antlr4ng’s', () => {
  for (const text of ["CREATE FLOW f SOURCE 's3://b/' LAKE = l", 'SHOW = =', "ALTER FLOW f SET STATE = ( 'a' , WITH"]) {
    const stream = tokenStreamOf(parserTokens(lex(text)));
    const parser = new SvcSqlParser(stream);
    parser.removeErrorListeners();
    stream.seek(2);
    parser.state = 10; // a state of the ATN, as during a parse
    const ctx = new ParserRuleContext(null);
    const configs = { marker: 'configs' };
    const original = (
      ParserATNSimulator.prototype as unknown as {
        noViableAlt: (this: unknown, i: unknown, c: unknown, k: unknown, s: number) => NoViableAltException;
      }
    ).noViableAlt.call(parser.interpreter, stream, ctx, configs, 1);
    const light = noViableAlt(parser, stream, ctx, configs, 1);
    assert.ok(light instanceof NoViableAltException);
    for (const field of [
      'message',
      'recognizer',
      'input',
      'ctx',
      'offendingState',
      'offendingToken',
      'startToken',
      'deadEndConfigs',
    ] as const)
      assert.equal(
        (light as unknown as Record<string, unknown>)[field],
        (original as unknown as Record<string, unknown>)[field],
        `${text}: ${field}`,
      );
    assert.deepEqual(light.getExpectedTokens()?.toArray(), original.getExpectedTokens()?.toArray());
  }
});
