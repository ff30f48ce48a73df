import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Token } from 'antlr4ng';
import { buildCorpus, examples, rng } from '../../bench/corpus';
import { SvcSqlLexer } from '../../core/src/generated/SvcSqlLexer';
import { lex } from '../../core/src/syntax/lex';
import { parseStatement } from '../../core/src/syntax/parseStatement';
import { Scanner, TokenType } from '../../core/src/syntax/scanner';
import { asciiBytesOf } from '../../core/src/text/asciiBytes';
import type { TextSource } from '../../core/src/text/blockText';
import { Utf16CharStream } from '../../core/src/text/utf16CharStream';
import { mutate } from '../robustness/mutate';
import { svcsqlFiles } from './fixtures';

// The hand-written scanner replaces the generated lexer in the analysis: it must give the same
// token stream (type, channel, offsets, line, column, text, the EOF token included) on every
// .svcsql file of the repository, the benchmark corpus and 100,000 seeded random inputs.

const root = [join(__dirname, '..', '..', '..'), process.cwd()].find((d) => existsSync(join(d, 'grammar', 'SvcSql.g4')))!;

type Lexer = { nextToken(): Token };

const described = (t: Token) => `${t.type} ${t.channel} ${t.start}-${t.stop} ${t.line}:${t.column} ${JSON.stringify(t.text)}`;

function stream(lexer: Lexer): string[] {
  const out: string[] = [];
  for (;;) {
    const t = lexer.nextToken();
    out.push(described(t));
    if (t.type === Token.EOF) return out;
  }
}

function generated(text: string, start = 0, end = text.length): string[] {
  const lexer = new SvcSqlLexer(new Utf16CharStream(text, start, end));
  lexer.removeErrorListeners();
  return stream(lexer);
}

/** A text that is not a string (as a BlockText): the scanner reads it by its character loops, not its regular expressions. */
function notAString(text: string): TextSource {
  return { length: text.length, charCodeAt: (i) => text.charCodeAt(i), slice: (a, b) => text.slice(a, b) };
}

/**
 * Compares the two lexers, the scanner over the string, over the same text as another
 * TextSource and, for an ASCII text, over its bytes (AsciiBytes, as the index pass reads it); on
 * a difference, names the first token that differs (assert.deepEqual on 100,000 inputs is slow).
 */
function same(text: string, start = 0, end = text.length): void {
  const expected = generated(text, start, end);
  const bytes = asciiBytesOf(text);
  for (const source of bytes ? [text, notAString(text), bytes] : [text, notAString(text)]) {
    // Token by token (nextToken, as ANTLR reads them) and all at once (lex: Scanner.rest, in batches).
    for (const [how, actual] of [
      ['nextToken', stream(new Scanner(source, start, end))],
      ['lex', [...lex(source, start, end).map(described), expected[expected.length - 1]!]],
    ] as const) {
      if (expected.length === actual.length && expected.every((e, i) => e === actual[i])) continue;
      const i = expected.findIndex((e, k) => e !== actual[k]);
      assert.fail(
        `${JSON.stringify(text.slice(start, end))} (${typeof source}, ${how})\n token ${i}: generated ${expected[i]} / scanner ${actual[i]}`,
      );
    }
  }
}

test('the scanner uses the generated lexer token types', () => {
  // A numeric enum's object maps names to numbers and numbers back to names: the names are its string-keyed entries' values.
  const names = Object.values(TokenType).filter((v): v is string => typeof v === 'string');
  for (const name of names) assert.equal(TokenType[name as keyof typeof TokenType], SvcSqlLexer[name as keyof typeof SvcSqlLexer], name);
  assert.equal(names.length, SvcSqlLexer.symbolicNames.filter(Boolean).length);
});

test('the scanner equals the generated lexer on every .svcsql file of the repository', () => {
  const files = svcsqlFiles(root);
  assert.ok(files.length > 50, `only ${files.length} files found under ${root}`);
  for (const file of files) same(readFileSync(file, 'utf8'));
});

test('the scanner equals the generated lexer on the catalog examples and the benchmark corpus', () => {
  for (const ex of examples) same(ex);
  same(buildCorpus(2000, 1));
  same(buildCorpus(500, 9));
  // A window of a text, as the incremental re-analysis lexes it: offsets absolute, line 1 at its start.
  const text = buildCorpus(50, 2);
  const r = rng(3);
  for (let n = 0; n < 200; n++) {
    const a = Math.floor(r() * text.length);
    same(text, a, a + Math.floor(r() * (text.length - a)));
  }
});

// Pieces chosen for the lexer rules' edges: quotes doubled and not, comment openers and closers,
// line ends of every kind, white space inside and outside ASCII, WITH in any case and as a prefix,
// characters whose case folding leaves ASCII, lone surrogates.
const PIECES = [
  "'",
  "''",
  '`',
  '-',
  '--',
  '/',
  '/*',
  '*/',
  '*',
  '**',
  '\n',
  '\r',
  '\r\n',
  ' ',
  '\t',
  '\f',
  '\u000B',
  '\u00A0',
  '\uFEFF',
  '\u2028',
  'with',
  'WITH',
  'wItH',
  'withx',
  'with_1',
  'a',
  'Z',
  '_',
  '0',
  '42',
  '=',
  ',',
  '.',
  '(',
  ')',
  ';',
  '\u00e9',
  '\u017F',
  '\u212A',
  '\u0131',
  '\u{1F680}',
  '\uD800',
  '\u0000',
  '#',
  '"',
];

test('the scanner equals the generated lexer on 100,000 seeded random inputs', () => {
  const r = rng(18);
  for (let n = 0; n < 90_000; n++) {
    let s = '';
    for (let k = Math.floor(r() * 14); k > 0; k--) s += PIECES[Math.floor(r() * PIECES.length)]!;
    same(s);
  }
  for (let n = 0; n < 10_000; n++) same(mutate(examples[n % examples.length]!, r));
});

test("the parser's error recovery reads the scanner's tokens as it reads the generated lexer's", () => {
  // Conjured tokens and error messages read the token's source, text and index.
  const r = rng(19);
  let broken = 0;
  for (let n = 0; n < 2000; n++) {
    const text = mutate(examples[n % examples.length]!, r);
    const lexer = new SvcSqlLexer(new Utf16CharStream(text));
    lexer.removeErrorListeners();
    const tokens = lexer.getAllTokens();
    const expected = parseStatement(tokens, 0, true);
    assert.deepEqual(parseStatement(lex(text), 0, true), expected, text);
    if (expected.issues.length > 0) broken++;
  }
  assert.ok(broken > 500, `${broken} broken statements`);
});
