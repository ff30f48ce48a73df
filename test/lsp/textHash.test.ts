// textHash is a fingerprint of the exact text: equal texts hash equal, and a change of any one
// code unit anywhere (the ASCII path hashes four characters a step: each byte of a word, the
// padded last word, a non-ASCII text's own path) changes it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { textHash } from '../../server/src/workspace/textHash';

const BASE = "CREATE FLOW f_1\n  SOURCE = 'source_138'\n  CLUSTER = 'etl_79';\n".repeat(40);

test('textHash: equal texts hash equal, whatever string made them', () => {
  for (const text of ['', 'a', BASE, BASE + 'é', BASE.slice(0, 1001)]) {
    const copy = (' ' + text).slice(1);
    assert.equal(textHash(copy), textHash(text));
  }
});

test('textHash: a change of any one code unit changes it (ASCII and not, every length mod 4)', () => {
  for (const tail of ['', 'x', 'xy', 'xyz', 'é', '\u{1F600}', '\ud800']) {
    const text = BASE + tail;
    const seen = new Set<string>([textHash(text)]);
    for (let i = 0; i < text.length; i += 7) {
      for (const c of ['A', '\u0000', '\u00ff', '\u0100']) {
        if (text[i] === c) continue;
        const changed = text.slice(0, i) + c + text.slice(i + 1);
        const h = textHash(changed);
        assert.ok(!seen.has(h), `a change at ${i} to U+${c.charCodeAt(0).toString(16)} (tail ${JSON.stringify(tail)}) kept the hash`);
        seen.add(h);
      }
    }
    // The last characters, the padded word's: each byte of it.
    for (let i = Math.max(0, text.length - 4); i < text.length; i++) {
      const changed = text.slice(0, i) + (text[i] === 'q' ? 'r' : 'q') + text.slice(i + 1);
      assert.notEqual(textHash(changed), textHash(text));
    }
    // A character more or fewer (padding with zeros is not the same text).
    assert.notEqual(textHash(text + '\u0000'), textHash(text));
    assert.notEqual(textHash(text.slice(0, -1)), textHash(text));
  }
});

test('textHash: a text longer than the kept buffer, then a short one', () => {
  const long = BASE.repeat(600);
  const h = textHash(long);
  assert.equal(textHash(long.slice(0, -1) + long[long.length - 1]), h);
  assert.notEqual(textHash(long.slice(0, -1) + 'z'), h);
  assert.equal(textHash(BASE), textHash((' ' + BASE).slice(1)));
});
