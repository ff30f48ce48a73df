import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng } from '../../bench/rng';
import { BlockText } from '../../core/src/text/blockText';
import { LineIndex } from '../../core/src/text/lineIndex';

// The line index of a string with \n line ends only is built by indexOf; positionFrom walks
// forward from a line. Both must agree with the character loop and the binary search.
function randomText(r: () => number): string {
  const pieces = ['a', 'bc ', '\n', '\r\n', '\r', '\n\n', 'é', '🚀'];
  let s = '';
  for (let n = Math.floor(r() * 60); n > 0; n--) s += pieces[Math.floor(r() * pieces.length)]!;
  return s;
}

test('LineIndex: the indexOf path equals the character loop, positionFrom equals positionAt', () => {
  const r = rng(5);
  for (let k = 0; k < 500; k++) {
    let text = randomText(r);
    if (k % 2) text = text.replace(/\r/g, '');
    const lines = new LineIndex(text);
    const viaLoop = new LineIndex(new BlockText(text));
    assert.deepEqual(lines.lineStarts, viaLoop.lineStarts, JSON.stringify(text));
    let line = 0;
    for (let offset = 0; offset <= text.length + 1; offset += 1 + Math.floor(r() * 3)) {
      const expected = lines.positionAt(offset);
      const at = lines.positionFrom(offset, line);
      assert.deepEqual(at, expected, `${JSON.stringify(text)} @${offset}`);
      line = at.line;
      // A line past the answer falls back to the search.
      assert.deepEqual(lines.positionFrom(offset, lines.lineCount - 1), expected);
    }
  }
});
