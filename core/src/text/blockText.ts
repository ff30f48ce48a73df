import { flatCopy } from './flatCopy';

/** What the analysis reads of a document's text: a string is one, a BlockText another. */
export interface TextSource {
  readonly length: number;
  charCodeAt(index: number): number;
  slice(start: number, end: number): string;
}

/** Blocks are cut to this size and split again when an edit makes one twice as long. */
const BLOCK = 8192;

/**
 * A text edited in place as a list of blocks of a few thousand characters. Replacing one
 * character of a flat 700 KB string makes a new string that V8 copies whole ("flattens") on its
 * first read, ~0.7 ms per keystroke and as much garbage (`npm run bench`); here an edit rebuilds
 * one block. Reads are sequential (lexing), so the block of the last read is tried first.
 */
export class BlockText implements TextSource {
  private blocks: string[];
  /** Offset of each block's first character. */
  private starts: number[] = [];
  private last = 0;
  private flat: string | undefined;
  length = 0;

  /**
   * The blocks start as views into `text` (V8 sliced strings), not copies: a copy of a 7 MB file
   * was 14 MB (two bytes a character once one is not Latin-1) allocated in the young generation at
   * the first keystroke, then copied twice by the scavenges after it (~30 ms each, up to ~95 ms on
   * a busy machine, in a keystroke at 100,000 statements). The views keep `text`, which the
   * document held until now anyway, alive until every block has been edited: one text at most.
   */
  constructor(text: string) {
    this.blocks = cut(text, false);
    this.flat = text;
    this.restart(0);
  }

  charCodeAt(index: number): number {
    let b = this.last;
    const start = this.starts[b]!;
    if (index < start || index >= start + this.blocks[b]!.length) {
      if (index < 0 || index >= this.length) return NaN;
      b = this.blockAt(index);
      this.last = b;
    }
    return this.blocks[b]!.charCodeAt(index - this.starts[b]!);
  }

  /** As String.prototype.slice for 0 <= start, end. */
  slice(start: number, end: number = this.length): string {
    start = Math.min(start, this.length);
    end = Math.min(end, this.length);
    if (end <= start) return '';
    const b = this.blockAt(start);
    const offset = this.starts[b]!;
    const block = this.blocks[b]!;
    if (end <= offset + block.length) return block.slice(start - offset, end - offset);
    const parts = [block.slice(start - offset)];
    for (let i = b + 1; i < this.blocks.length && this.starts[i]! < end; i++) parts.push(this.blocks[i]!.slice(0, end - this.starts[i]!));
    return parts.join('');
  }

  /** Replaces [start, end) with text. */
  replace(start: number, end: number, text: string): void {
    start = Math.max(0, Math.min(start, this.length));
    end = Math.max(start, Math.min(end, this.length));
    const first = this.blockAt(start);
    const lastBlock = this.blockAt(end);
    const merged =
      this.blocks[first]!.slice(0, start - this.starts[first]!) + text + this.blocks[lastBlock]!.slice(end - this.starts[lastBlock]!);
    const fresh = merged.length > 2 * BLOCK ? cut(merged) : [merged];
    this.blocks.splice(first, lastBlock - first + 1, ...fresh);
    // An emptied block is dropped, unless it is the only one.
    if (merged.length === 0 && this.blocks.length > 1) this.blocks.splice(first, 1);
    this.flat = undefined;
    this.restart(first);
  }

  /** The whole text as one string (built once per version, on demand). */
  toString(): string {
    return (this.flat ??= this.blocks.join(''));
  }

  /** Index of the block holding index; the last block for the end of the text. */
  private blockAt(index: number): number {
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= index) low = mid;
      else high = mid - 1;
    }
    // Several blocks can start at the end only if some are empty, which replace prevents.
    return low;
  }

  private restart(from: number): void {
    const starts = this.starts;
    starts.length = this.blocks.length;
    let offset = from > 0 ? starts[from - 1]! + this.blocks[from - 1]!.length : 0;
    for (let i = from; i < this.blocks.length; i++) {
      starts[i] = offset;
      offset += this.blocks[i]!.length;
    }
    this.length = offset;
    this.last = Math.min(this.last, this.blocks.length - 1);
  }
}

/** `text` in blocks of BLOCK characters: copies, or (`copy` false) views into `text`. */
function cut(text: string, copy = true): string[] {
  if (text.length <= BLOCK) return [text];
  const blocks: string[] = [];
  for (let i = 0; i < text.length; i += BLOCK) {
    const block = text.slice(i, i + BLOCK);
    blocks.push(copy ? flatCopy(block) : block);
  }
  return blocks;
}
