// A fingerprint of a file's text: the index keeps it for each file read from disk, so that a
// document opened with the same text reuses the objects read then instead of reading them again
// from the document (a pass over every statement: seconds for 100,000). Length and two 32-bit
// hashes of the UTF-16 code units (FNV-1a and a multiplicative one): a chance collision is
// negligible, and the next edit reads the document anyway.
export function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b + c, 0x5bd1e995) ^ (b >>> 15);
  }
  // Unsigned through a Uint32Array, not `a >>> 0`: the optimised code took that for a small integer
  // and was thrown away (deoptimised, "lost precision") for every other file, the index worker's
  // batch loop with it, into which it is inlined.
  unsigned[0] = a;
  unsigned[1] = b;
  return `${text.length}:${unsigned[0]!.toString(36)}:${unsigned[1]!.toString(36)}`;
}

const unsigned = new Uint32Array(2);
