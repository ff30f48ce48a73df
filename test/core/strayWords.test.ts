// stray-words quotes at most MAX_SHOWN_WORDS words of a run, then how many there are
// (core/src/validate/stray.ts): a generated run of 200,000 words had one message of 600 KB.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allHeads } from '../../core/src/catalog/index';
import { analyze } from '../../core/src/index';
import { MAX_SHOWN_WORDS } from '../../core/src/validate/stray';

const stray = (text: string) => analyze(text).diagnostics.filter((d) => d.code === 'stray-words');

test('a run of 200,000 stray words is quoted by its first words and counted', () => {
  const [d, ...more] = stray('ALTER OCU SET LIMIT = 3 ' + Array(200_000).fill('xx').join(' '));
  assert.equal(more.length, 0);
  assert.match(d!.message, /^Unexpected words xx xx xx xx xx xx xx xx … \(200,000 words\): nothing in ALTER OCU accounts for them/);
  assert.ok(d!.message.length < 200, d!.message);
  // The diagnostic still covers the whole run.
  assert.equal(d!.range.end.character - d!.range.start.character, 200_000 * 3 - 1);
});

test('a run of MAX_SHOWN_WORDS words is quoted whole', () => {
  const words = Array.from({ length: MAX_SHOWN_WORDS }, (_, i) => `w${i}`).join(' ');
  const [d] = stray(`ALTER OCU SET LIMIT = 3 ${words}`);
  assert.ok(d!.message.startsWith(`Unexpected words ${words}: nothing in`), d!.message);
});

test('a long run at the start of a line still gets the head it looks like', () => {
  assert.ok(Math.max(...allHeads().map((h) => h.head.length)) <= MAX_SHOWN_WORDS, 'every head fits in the words shown');
  const [d] = stray('ALTER OCU SET LIMIT = 3\nSHOW CLUSTRES ' + Array(1_000).fill('xx').join(' '));
  assert.match(
    d!.message,
    /^SHOW CLUSTRES xx xx xx xx xx xx … \(1,002 words\) looks like the start of another statement \(SHOW CLUSTERS\?\)/,
  );
});
