import type { TextSource } from './blockText';

/**
 * An ASCII string's characters as bytes (TextEncoder: a native copy), for a pass that reads every
 * character of many files (the workspace index pass's scan and split, the index's fingerprint of
 * a file): charCodeAt reads an element of a Uint8Array, where String.prototype.charCodeAt looks
 * at the string's representation on every call. Slices are the string's own.
 */
export class AsciiBytes implements TextSource {
  readonly length: number;

  constructor(
    /** The characters' codes, one byte each. */
    readonly bytes: Uint8Array,
    readonly text: string,
  ) {
    this.length = bytes.length;
  }

  /** As the string's: past either end undefined, not NaN, which compares and masks the same. */
  charCodeAt(index: number): number {
    return this.bytes[index]!;
  }

  slice(start: number, end: number): string {
    return this.text.slice(start, end);
  }
}

const encoder = new TextEncoder();
/** The bytes of the last text made AsciiBytes: reused, unless a large text grew them. */
let scratch = new Uint8Array(16 * 1024);
const MAX_KEPT_BYTES = 1 << 20;

/**
 * `text` as AsciiBytes when it is ASCII (a byte a character), else undefined. The bytes are
 * shared with the next call's: a caller reads them before it makes another.
 */
export function asciiBytesOf(text: string): AsciiBytes | undefined {
  const n = text.length;
  let buffer = scratch;
  if (n > buffer.length) buffer = new Uint8Array(n);
  const done = encoder.encodeInto(text, buffer);
  if (buffer.length <= MAX_KEPT_BYTES) scratch = buffer;
  return done.read === n && done.written === n ? new AsciiBytes(buffer.subarray(0, n), text) : undefined;
}
