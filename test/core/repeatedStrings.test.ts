// repeatedStrings (core/src/text/repeatedStrings.ts): a string's answer made once while it repeats,
// the same answer as the function's, and no more than the bound kept. recentStrings: the same for
// the last four strings asked, and nothing kept beyond them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recentStrings, repeatedStrings } from '../../core/src/text/repeatedStrings';

test('an answer is made once for a string that repeats, and is what the function answers', () => {
  let made = 0;
  const upper = repeatedStrings((s) => (made++, s.toUpperCase()), 4);
  for (let i = 0; i < 100; i++) assert.equal(upper(i % 2 ? 'warning' : 'error'), i % 2 ? 'WARNING' : 'ERROR');
  assert.equal(made, 2);
});

test('past the bound every answer is forgotten, and made again when asked', () => {
  let made = 0;
  const twice = repeatedStrings((s) => (made++, s + s), 3);
  for (const s of ['a', 'b', 'c']) twice(s);
  twice('a');
  assert.equal(made, 3, 'kept while within the bound');
  twice('d'); // the fourth: the map is full, cleared, then holds 'd'
  twice('a');
  assert.equal(made, 5, "'a' made again after the clear");
  assert.equal(twice('d'), 'dd');
  assert.equal(made, 5);
});

test('recentStrings makes an answer once while the string comes again within the last four, and again after', () => {
  let made = 0;
  const upper = recentStrings((s) => (made++, s.toUpperCase()));
  const start = made;
  // Equal texts that are not one string object are the same key.
  for (let i = 0; i < 100; i++) assert.equal(upper(['w', 'arning'].join('') + (i % 4)), `WARNING${i % 4}`);
  assert.equal(made - start, 4);
  upper('e'); // a fifth string takes the oldest slot (warning0)
  assert.equal(upper('warning1'), 'WARNING1');
  assert.equal(made - start, 5);
  assert.equal(upper('warning0'), 'WARNING0');
  assert.equal(made - start, 6, 'warning0 made again');
  assert.equal(upper(''), '', 'an empty string is asked as any other');
  assert.equal(made - start, 7);
});
