// A text decoded a chunk at a time (cli/src/fileChunks.ts, how lint and format read a large file or
// stdin) is the text a file read whole decodes to, whatever the bytes and wherever the chunks end:
// characters cut in two, malformed sequences, a byte-order mark.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { decodedUtf8, fileBytes } from '../../cli/src/fileChunks';
import { stdinTexts } from '../../cli/src/stdinInput';
import { rng } from '../../bench/rng';
import { tempDir } from './helpers';

/** `bytes` in chunks of `size`. */
function* chunksOf(bytes: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

test('random bytes, and UTF-8 with malformed sequences, decode in chunks of any size as whole', () => {
  const random = rng(11);
  for (let k = 0; k < 60; k++) {
    const bytes = Buffer.alloc(2000 + k);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
    // Every other sample mostly lead and continuation bytes: sequences cut and broken everywhere.
    if (k % 2) for (let i = 0; i < bytes.length; i += 2) bytes[i] = 0xc0 | (bytes[i]! & 0x3f);
    const whole = bytes.toString('utf8');
    for (const size of [1, 2, 3, 5, 64, 4096])
      assert.equal([...decodedUtf8(chunksOf(bytes, size))].join(''), whole, `sample ${k}, chunks of ${size}`);
  }
});

test("a byte-order mark is kept, and a file's chunks decode as the file read whole", () => {
  const text = '\uFEFFSHOW FLOWS; -- généré ✓ 🚀\r\n'.repeat(500);
  const f = join(tempDir(), 'bom.svcsql');
  writeFileSync(f, text);
  for (const size of [1, 7, 1024]) assert.equal([...decodedUtf8(fileBytes(f, size))].join(''), text, String(size));
});

test('stdin as it arrives (`svcsql lint -`) decodes as a file read whole, by the same decoder', async () => {
  const random = rng(12);
  const text = '\uFEFFSHOW FLOWS; -- généré ✓ 🚀\r\n'.repeat(200);
  const bytes = Buffer.concat([Buffer.from(text), Buffer.from([0xf0, 0x9f, 0x9a])]);
  async function* arriving(): AsyncGenerator<Buffer> {
    for (let at = 0; at < bytes.length;) {
      const size = 1 + Math.floor(random() * 9);
      yield bytes.subarray(at, at + size);
      at += size;
    }
  }
  const got: string[] = [];
  for await (const piece of stdinTexts(arriving())) got.push(piece);
  assert.equal(got.join(''), bytes.toString('utf8'));
});
