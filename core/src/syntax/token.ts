import type { Token as AntlrToken } from 'antlr4ng';

/** antlr4ng's token interface, which the scanner's tokens implement. */
export type Token = AntlrToken;

/**
 * The constants of antlr4ng's Token that the lexer, the splitter and the fast parse read, as
 * plain numbers: importing them from antlr4ng would evaluate the whole runtime (a third of the
 * CLI bundle) at start-up, although a clean file never reaches the ANTLR parser
 * (./antlrParser.ts loads it on first use). test/core/tokenConstants.test.ts holds them equal.
 */
export const Token: { readonly EOF: number; readonly DEFAULT_CHANNEL: number; readonly HIDDEN_CHANNEL: number } = {
  EOF: -1,
  DEFAULT_CHANNEL: 0,
  HIDDEN_CHANNEL: 1,
};
