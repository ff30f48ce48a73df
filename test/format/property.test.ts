import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCorpus, examples, rng } from '../../bench/corpus';
import { SvcSqlDocument, catalog, formatText, type FormatOptions } from '../../core/src/index';
import { T, isHidden, lex } from '../../core/src/syntax/lex';
import { parseStatement } from '../../core/src/syntax/parseStatement';
import { mutate } from '../robustness/mutate';

// Over the fuzz corpus (the catalog's examples, mutated as test/robustness/fuzz.test.ts does, and
// the benchmark's generated files): formatting is idempotent, keeps every statement, keeps a
// statement with a syntax error byte for byte, never changes what a valid statement sends (its
// tokens, spaces aside; only keywords may change case, to upper case), and keeps every comment.
// SVCSQL_FUZZ_COUNT / SVCSQL_FUZZ_SEED as for the fuzz test.
const COUNT = Number(process.env.SVCSQL_FUZZ_COUNT ?? 800);
const SEED = Number(process.env.SVCSQL_FUZZ_SEED ?? 1);

/** Words the formatter may upper-case: statement heads, clause keys, SET, WITH, keyword values. */
const KEYWORDS = new Set<string>(['SET', 'WITH']);
for (const s of catalog.statements) {
  for (const h of s.heads) for (const w of h) KEYWORDS.add(w.toUpperCase());
  for (const c of s.clauses) {
    for (const w of c.key.split(/\s+/)) KEYWORDS.add(w.toUpperCase());
    if (c.value?.kind === 'enum') for (const v of c.value.values) KEYWORDS.add(v.value.toUpperCase());
  }
}

const significant = (text: string) => lex(text).filter((t) => !isHidden(t));
const comments = (text: string) =>
  lex(text)
    .filter((t) => t.type === T.LINE_COMMENT || t.type === T.BLOCK_COMMENT || t.type === T.UNTERMINATED_COMMENT)
    .map((t) => t.text);
const hasSyntaxError = (text: string) => parseStatement(lex(text), 0).issues.length > 0;

/** The statement sent, spaces normalised: its tokens; a word may only have become its upper-case keyword. */
function assertSameSend(before: string, after: string, label: string): void {
  const a = significant(before);
  const b = significant(after);
  assert.equal(b.length, a.length, `${label}: token count\n${before}\n---\n${after}`);
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    assert.equal(y.type, x.type, `${label}: token ${i} type`);
    if (x.text === y.text) continue;
    const keyword = x.type === T.IDENTIFIER && y.text === x.text!.toUpperCase() && KEYWORDS.has(y.text!);
    assert.ok(keyword, `${label}: token ${i} ${JSON.stringify(x.text)} became ${JSON.stringify(y.text)}`);
  }
}

function check(text: string, label: string, options?: Partial<FormatOptions>): void {
  const out = formatText(text, options);
  assert.equal(formatText(out, options), out, `${label}: not idempotent\n${out}`);
  assert.deepEqual(comments(out), comments(text), `${label}: comments`);
  const before = new SvcSqlDocument(text).statements();
  const after = new SvcSqlDocument(out).statements();
  assert.equal(after.length, before.length, `${label}: statement count\n${out}`);
  for (let i = 0; i < before.length; i++) {
    const a = before[i]!.analysis;
    const b = after[i]!.analysis;
    if (hasSyntaxError(a.text)) {
      assert.equal(b.text, a.text, `${label}: statement ${i} has a syntax error and must stay as written`);
      continue;
    }
    assertSameSend(a.sendText, b.sendText, `${label} statement ${i}`);
    assert.equal(b.name, a.name, `${label}: statement ${i} name`);
    assert.equal(b.kind, a.kind, `${label}: statement ${i} kind`);
  }
}

test(`format property: ${COUNT} mutated texts from the fuzz corpus (seed ${SEED})`, () => {
  const r = rng(SEED);
  let valid = 0;
  for (let n = 0; n < COUNT; n++) {
    const parts = Array.from({ length: 1 + Math.floor(r() * 3) }, () => mutate(examples[Math.floor(r() * examples.length)]!, r));
    const text = parts.join(r() < 0.5 ? ';\n' : '\n\n');
    if (!hasSyntaxError(text)) valid++;
    check(text, `case ${n}: ${JSON.stringify(text).slice(0, 300)}`);
    // Every fourth case again with tabs or a wide indent and a narrow line (lists broken).
    if (n % 4 === 0)
      check(text, `case ${n} (narrow): ${JSON.stringify(text).slice(0, 300)}`, { indentSize: 4, useTabs: n % 8 === 0, lineWidth: 24 });
  }
  // The mutations must leave enough valid statements for the property to say something.
  assert.ok(valid > COUNT / 10, `${valid} of ${COUNT} cases without syntax errors`);
});

test('format property: every catalog example, and a generated 300-statement file', () => {
  for (const [i, e] of examples.entries()) check(e, `example ${i}`);
  check(buildCorpus(300, SEED), 'corpus');
});

test('format property: a statement of 12,000 WITH pairs, comments among them (written in blocks of parts)', () => {
  const pairs = Array.from({ length: 12_000 }, (_, i) => {
    const pair = `'key.${i}' = ${i % 3 ? `'v${i}'` : `v${i}`}`;
    return i % 997 === 0 ? `${pair} -- note ${i}\n` : i % 1499 === 0 ? `/* ${i} */ ${pair}` : pair;
  });
  const text = `CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' WITH ${pairs.join(', ')};\n`;
  check(text, 'long statement');
  check(text, 'long statement (narrow)', { indentSize: 4, useTabs: true, lineWidth: 24 });
});
