/**
 * V8 makes a slice (or a concatenation) of fewer characters than this a copy of its own, never a
 * view into (or a pair of) other strings.
 */
const SHORTEST_VIEW = 13;

/**
 * A flat copy of s that shares no storage with the string s was cut from: V8 makes a slice of 13
 * or more characters a view into its parent, which it keeps alive (a whole file, for one word).
 * A shorter string is one already, and is returned as it is (no two copies made for nothing).
 */
export function flatCopy(s: string): string {
  return s.length < SHORTEST_VIEW ? s : (' ' + s).slice(1);
}

/** What flattened() reads, stored (never read itself): so that no compiler drops the read as unused. */
const lastRead = { code: 0 };

/**
 * s itself, made flat, for a string kept for long. V8 keeps a string built by + or a template of
 * pieces as a tree of them (a cons string: a 32-byte node per join, and every piece) until something
 * reads its characters; a read has it copy them into one flat string in place, and the collector
 * then drops the tree (a message of twelve pieces kept ~400 bytes for ~150 characters). The same
 * string object, unlike flatCopy's: a shared one (a memo's) stays shared.
 */
export function flattened(s: string): string {
  if (s.length >= SHORTEST_VIEW) lastRead.code = s.charCodeAt(0);
  return s;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** The bytes of the last copy: reused, unless a long statement grew them past MAX_KEPT_BYTES. */
let scratch = new Uint8Array(4096);
const MAX_KEPT_BYTES = 1 << 16;

/**
 * A copy of s for keeping (a document's statements): as flatCopy, and in one byte a character when
 * s is ASCII, with no slice header. V8 holds a slice of a text with any character past U+00FF in two
 * bytes a character, and a flat copy of it too, however plain the slice (a 20 MiB document's
 * statements: 27 MB more). An ASCII string's UTF-8 is its characters, and TextDecoder (native, as
 * TextEncoder) makes a one-byte string of them; anything else is copied by flatCopy.
 */
export function keptCopy(s: string): string {
  const n = s.length;
  if (n < SHORTEST_VIEW) return s;
  let buffer = scratch;
  if (n > buffer.length) buffer = new Uint8Array(n);
  const done = encoder.encodeInto(s, buffer);
  if (buffer.length <= MAX_KEPT_BYTES) scratch = buffer;
  return done.read === n && done.written === n ? decoder.decode(buffer.subarray(0, n)) : flatCopy(s);
}
