import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildCorpus, examples } from '../../bench/corpus';
import { formatText, statementSpans } from '../../core/src/index';

// The formatter lays every statement out with one layout, one writer and one list of parts
// (core/src/formatter/formatStatement.ts StatementLayout, writer.ts StatementWriter), set up
// again for each statement: nothing of one statement may reach the next, and nothing of a text
// may stay once it is formatted.

/** The statements of the benchmark's corpus and the catalog's examples, each a text of its own. */
function statementTexts(): string[] {
  const corpus = buildCorpus(600, 5);
  const texts = statementSpans(corpus).map((s) => corpus.slice(s.start, s.end));
  return [...texts, ...examples];
}

test('a statement is laid out the same whichever statement the layout took before it', () => {
  const texts = statementTexts();
  // Longest first, then shortest first: a statement after a longer one finds the parts, the marks
  // (roles, upper case) and the indents of a longer one, and after a shorter one outgrows them.
  const byLength = texts.map((t, i) => ({ t, i })).sort((a, b) => b.t.length - a.t.length);
  const longFirst = new Map<number, string>();
  for (const { t, i } of byLength) longFirst.set(i, formatText(t));
  let compared = 0;
  for (const { t, i } of byLength.reverse()) {
    assert.equal(formatText(t), longFirst.get(i), `statement ${i}:\n${t}`);
    compared++;
  }
  assert.equal(compared, texts.length);
});

/** A text of ~2.9 million characters formatted (its last statement's last part, word and value 13 characters or more): made in a call of its own, so that no frame of the test holds it. */
function formatLargeText(): { size: number; out: string } {
  const text = `${buildCorpus(40000, 6)}\nDROP FLOW a_flow_name_long_enough_to_be_sliced WITH 'option' = 'a value long enough to be sliced'`;
  return { size: 2 * text.length, out: formatText(text) };
}

test('a formatted text is not kept by the layout once formatted', () => {
  // A part, a word or a value of 13 characters or more is a slice holding the text it was cut
  // from: the writer's parts, the parse's lists of nodes and its last value read, kept for the
  // next statement, kept the whole text (here ~5.8 MB: a ✓ makes it two bytes a character) until
  // another text was formatted. What else stays (the code V8 compiled and its feedback: 0.3-0.8 MB) is made by a first text
  // of the same statements, and is well under a quarter of the text.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const used = () => getHeapSpaceStatistics().reduce((n, s) => n + s.space_used_size, 0);
  formatText(buildCorpus(4000, 2)); // the formatter's own buffers and code, made once
  gc();
  const before = used();
  const { size, out } = formatLargeText();
  gc();
  const kept = used() - before - 2 * out.length;
  assert.ok(out.endsWith("'option' = 'a value long enough to be sliced'\n"), out.slice(-120));
  assert.ok(kept < size / 4, `${kept} bytes kept after formatting a text of ${size} bytes`);
});
