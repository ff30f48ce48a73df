import assert from 'node:assert/strict';
import { test } from 'node:test';
import { grown } from '../../core/src/text/grownArray';
import { LineIndex } from '../../core/src/text/lineIndex';
import { TokenBuffer } from '../../core/src/syntax/tokenBuffer';

test('grown: a larger array of the same type holding the used part, zeros after it', () => {
  const ints = Int32Array.from([1, -2, 3, 4]);
  const more = grown(ints, 10, 3);
  assert.ok(more instanceof Int32Array);
  assert.deepEqual([...more], [1, -2, 3, 0, 0, 0, 0, 0, 0, 0]);
  const bytes = Uint8Array.from([7, 8]);
  const twice = grown(bytes, 4);
  assert.ok(twice instanceof Uint8Array);
  assert.deepEqual([...twice], [7, 8, 0, 0]);
  assert.notEqual(twice.buffer, bytes.buffer);
});

test('the token buffer and the line index keep what they held as they grow', () => {
  const buffer = new TokenBuffer();
  for (let i = 0; i < 1000; i++) buffer.push(i % 200, i, i + 1, i % 2);
  assert.equal(buffer.length, 1000);
  for (let i = 0; i < 1000; i += 97) {
    assert.equal(buffer.types[i], i % 200);
    assert.equal(buffer.starts[i], i);
    assert.equal(buffer.ends[i], i + 1);
    assert.equal(buffer.upperAlready[i], i % 2);
  }
  const text = 'x\n'.repeat(5000);
  const lines = new LineIndex(text);
  assert.equal(lines.lineCount, 5001);
  assert.deepEqual(lines.positionAt(2 * 4321 + 1), { line: 4321, character: 1 });
});
