// A fingerprint of a file's text: the index keeps it for each file read from disk, so that a
// document opened with the same text reuses the objects read then instead of reading them again
// from the document (a pass over every statement: seconds for 100,000). Length and two 32-bit
// hashes: a chance collision is negligible, and the next edit reads the document anyway.
//
// An ASCII text (about every file) is hashed four characters a step, from its bytes (AsciiBytes:
// a byte a character, the character's code, so still a fingerprint of the exact text). A loop
// over the UTF-16 code units, charCodeAt for each, was ~28 instructions a character, a tenth of
// the index worker's pass (callgrind, 1,000 files of the benchmark's workspace). Other texts are
// hashed a code unit a step.
import { asciiBytesOf } from '../../../core/src/index';

export function textHash(text: string): string {
  const n = text.length;
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  const ascii = asciiBytesOf(text);
  if (ascii) {
    const bytes = ascii.bytes;
    const whole = n >> 2;
    const words = new Int32Array(bytes.buffer, bytes.byteOffset, whole);
    for (let i = 0; i < whole; i++) {
      const c = words[i]!;
      // Both lanes shift right as well as multiply: a multiplication alone carries a change in a
      // word's high bytes into the high bits only.
      a = Math.imul(a ^ c, 0x01000193);
      a ^= a >>> 15;
      b = Math.imul(b + c, 0x5bd1e995) ^ (b >>> 15);
    }
    // The last 1–3 characters as one more word (the length tells a short word from a padded one).
    if (whole << 2 < n) {
      let c = 0;
      for (let i = n - 1; i >= whole << 2; i--) c = (c << 8) | bytes[i]!;
      a = Math.imul(a ^ c, 0x01000193);
      a ^= a >>> 15;
      b = Math.imul(b + c, 0x5bd1e995) ^ (b >>> 15);
    }
  } else {
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b + c, 0x5bd1e995) ^ (b >>> 15);
    }
  }
  // Unsigned through a Uint32Array, not `a >>> 0`: the optimised code took that for a small integer
  // and was thrown away (deoptimised, "lost precision") for every other file, the index worker's
  // batch loop with it, into which it is inlined.
  unsigned[0] = a;
  unsigned[1] = b;
  return `${n}:${unsigned[0]!.toString(36)}:${unsigned[1]!.toString(36)}`;
}

const unsigned = new Uint32Array(2);
