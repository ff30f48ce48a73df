import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rng } from '../../bench/corpus';
import { ForwardPositions } from '../../core/src/document/forwardPositions';
import { LineIndex } from '../../core/src/text/lineIndex';

// analyze() finds its diagnostics' positions by a walk forward from each statement's start; they
// must be LineIndex's for every offset asked, in any order (back to the anchor, before it, out of
// the text), whatever the line ends.
test('ForwardPositions gives LineIndex positions', () => {
  const r = rng(3);
  for (let round = 0; round < 200; round++) {
    let text = '';
    const length = Math.floor(r() * 300);
    // Half the texts with \n line ends only (the walk's indexOf path), half with \r too.
    const parts = round % 2 ? ['a', ' ', '\n', '\r', '\r\n', 'é', '🚀'] : ['a', ' ', '\n', 'é', '🚀'];
    for (let i = 0; i < length; i++) text += parts[Math.floor(r() * parts.length)];
    const lines = new LineIndex(text);
    const walk = new ForwardPositions(text);
    let anchor = 0;
    for (let k = 0; k < 60; k++) {
      if (r() < 0.2) {
        anchor = Math.min(text.length + 3, anchor + Math.floor(r() * 30));
        walk.anchor(anchor);
      }
      const offset = r() < 0.1 ? Math.floor(r() * (text.length + 10)) - 5 : anchor + Math.floor(r() * 40) - (r() < 0.1 ? 20 : 0);
      assert.deepEqual(walk.positionAt(offset), lines.positionAt(offset), `${JSON.stringify(text)} at ${offset} (anchor ${anchor})`);
    }
  }
});

test("a long line's end is searched for once, not once for each position asked on it", () => {
  // One statement on one line of 1 MB with 50,000 diagnostics (WITH pairs of unknown keys), then lines.
  const text = 'x'.repeat(1 << 20) + '\nab\ncd';
  const lines = new LineIndex(text);
  const walk = new ForwardPositions(text);
  walk.anchor(0);
  for (let offset = 0; offset < 1 << 20; offset += 20) {
    assert.deepEqual(walk.rangeOf(offset, offset + 10), { start: lines.positionAt(offset), end: lines.positionAt(offset + 10) });
  }
  for (const offset of [text.length - 4, text.length - 1, text.length]) assert.deepEqual(walk.positionAt(offset), lines.positionAt(offset));
  assert.ok(walk.searched <= 2 * text.length, `${walk.searched} characters searched in ${text.length}`);
});

test("a long line's end is searched for once when positions on it go back to the statement's start (overlapping problems)", () => {
  const text = 'x'.repeat(1 << 20) + '\nab\ncd';
  const lines = new LineIndex(text);
  const walk = new ForwardPositions(text);
  walk.anchor(10);
  for (let offset = 10; offset < 1 << 20; offset += 5000) {
    // Each range ends past the next one's start: the walk goes back to the anchor for each.
    assert.deepEqual(walk.rangeOf(offset, offset + 7000), { start: lines.positionAt(offset), end: lines.positionAt(offset + 7000) });
  }
  assert.ok(walk.searched <= 2 * text.length, `${walk.searched} characters searched in ${text.length}`);
});
