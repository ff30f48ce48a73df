import { grown } from '../text/grownArray';

/**
 * Tokens as three parallel typed arrays (type, start, end), grown by doubling and reused: what a
 * full analysis lexes, splits and parses, without a token object per token (those were a sixth
 * of its allocation). Token objects are made only for a statement that needs the ANTLR parser
 * (see ./tokenObjects.ts).
 */
export class TokenBuffer {
  types: Uint8Array;
  starts: Int32Array;
  /** One past each token's last character. */
  ends: Int32Array;
  /**
   * 1 for an IDENTIFIER the scanner saw no lower-case letter in (most keywords): its text is its
   * own upper case, which the parse then need not look for. 0: not known.
   */
  upperAlready: Uint8Array;
  length = 0;

  constructor(capacity = 256) {
    this.types = new Uint8Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.upperAlready = new Uint8Array(capacity);
  }

  push(type: number, start: number, end: number, upperAlready = 0): void {
    const n = this.length;
    if (n === this.types.length) this.grow();
    this.types[n] = type;
    this.starts[n] = start;
    this.ends[n] = end;
    this.upperAlready[n] = upperAlready;
    this.length = n + 1;
  }

  /**
   * Empties the buffer, with fresh arrays (256 tokens) when these grew past `most` tokens (a
   * statement of megabytes: 40 MB for 4 million tokens), so that a buffer kept for reuse does not
   * hold them for as long as it is kept.
   */
  clear(most: number): void {
    this.length = 0;
    if (this.types.length <= most) return;
    const size = 256;
    this.types = new Uint8Array(size);
    this.starts = new Int32Array(size);
    this.ends = new Int32Array(size);
    this.upperAlready = new Uint8Array(size);
  }

  /** Room for `count` more tokens (the arrays may be replaced: read them after this). */
  reserve(count: number): void {
    while (this.length + count > this.types.length) this.grow();
  }

  /** Drops tokens [0, from): the others move to the front. */
  dropBefore(from: number): void {
    this.types.copyWithin(0, from, this.length);
    this.starts.copyWithin(0, from, this.length);
    this.ends.copyWithin(0, from, this.length);
    this.upperAlready.copyWithin(0, from, this.length);
    this.length -= from;
  }

  private grow(): void {
    const size = Math.max(16, this.types.length * 2);
    this.types = grown(this.types, size);
    this.starts = grown(this.starts, size);
    this.ends = grown(this.ends, size);
    this.upperAlready = grown(this.upperAlready, size);
  }
}
