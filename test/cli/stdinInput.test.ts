// `svcsql format -` reads stdin whole as bytes (cli/src/stdinInput.ts), then hands the text out a
// chunk at a time: whatever the chunks' boundaries (inside a multi-byte character, the byte-order
// mark or a CRLF), the text and the CRLF are the input's, and the pieces say the mark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readInput } from '../../cli/src/stdinInput';
import { FileTooLargeError, segmentsOf } from '../../cli/src/segments';

/** `bytes` cut at the given offsets. */
function cut(bytes: Buffer, at: number[]): Buffer[] {
  const out: Buffer[] = [];
  let from = 0;
  for (const to of [...at, bytes.length]) {
    out.push(bytes.subarray(from, to));
    from = to;
  }
  return out;
}

const SAMPLES = [
  "\uFEFFSHOW FLOWS;\r\nCREATE LAKE `l\u00e9` WITH 'k' = '\ud83d\ude00\u20ac';\n",
  'SHOW FLOWS;\nshow lakes\r',
  '\r\nSHOW FLOWS',
  '\u00e9\u00e9\u00e9\r',
  '',
];

test('the text, the CRLF and the byte-order mark survive every cut into one, two and three chunks', async () => {
  for (const sample of SAMPLES) {
    const bytes = Buffer.from(sample, 'utf8');
    const cuts: number[][] = [[]];
    for (let i = 0; i <= bytes.length; i++) {
      cuts.push([i]);
      for (let j = i; j <= bytes.length; j++) cuts.push([i, j]);
    }
    for (const at of cuts) {
      const input = await readInput(cut(bytes, at), 1 << 20);
      const what = `${JSON.stringify(sample)} cut at ${at.join(',')}`;
      const pieces = [];
      for await (const piece of segmentsOf(input.texts())) pieces.push(piece);
      assert.equal(pieces.map((p) => p.text).join(''), sample.replace(/^\uFEFF/, ''), what);
      assert.equal(pieces[0]!.bom === true, sample.startsWith('\uFEFF'), what);
      assert.equal(input.crlf, sample.includes('\r\n'), what);
      assert.equal(input.bytes, bytes.length, what);
    }
  }
});

test('invalid UTF-8 reads as a file read stream reads it', async () => {
  const bytes = Buffer.from([0x53, 0xff, 0xfe, 0xe2, 0x82, 0x0a, 0xf0, 0x9f, 0x98]);
  for (let i = 0; i <= bytes.length; i++) {
    const input = await readInput(cut(bytes, [i]), 1 << 20);
    assert.equal([...input.texts()].join(''), bytes.toString('utf8'), `cut at ${i}`);
  }
});

test('more than the limit is refused, and the source told to stop', async () => {
  let stopped = false;
  await assert.rejects(
    readInput([Buffer.alloc(600), Buffer.alloc(600)], 1000, () => (stopped = true)),
    (err: unknown) => err instanceof FileTooLargeError && /too large to read from stdin/.test(err.message),
  );
  assert.equal(stopped, true);
  assert.equal((await readInput([Buffer.alloc(600), Buffer.alloc(400)], 1000)).bytes, 1000);
});
