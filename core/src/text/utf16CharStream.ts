import type { CharStream, Interval } from 'antlr4ng';
import { Token } from '../syntax/token';
import type { TextSource } from './blockText';

/**
 * A char stream over UTF-16 code units of a window [start, end) of a string (or a BlockText).
 * antlr4ng's own stream counts code points and copies the text; counting code units instead
 * makes every token offset an LSP `character`-compatible offset, and the window lets a changed
 * statement be relexed in place with absolute offsets.
 */
export class Utf16CharStream implements CharStream {
  name = '';
  index: number;

  constructor(
    private readonly text: TextSource,
    private readonly start = 0,
    private readonly end = text.length,
  ) {
    this.index = start;
  }

  reset(): void {
    this.index = this.start;
  }

  consume(): void {
    if (this.index >= this.end) throw new Error('cannot consume EOF');
    this.index += 1;
  }

  LA(offset: number): number {
    if (offset === 0) return 0;
    if (offset < 0) offset += 1;
    const pos = this.index + offset - 1;
    if (pos < this.start || pos >= this.end) return Token.EOF;
    return this.text.charCodeAt(pos);
  }

  mark(): number {
    return -1;
  }

  release(): void {}

  seek(index: number): void {
    this.index = Math.max(this.start, Math.min(index, this.end));
  }

  getTextFromRange(start: number, stop?: number): string {
    const last = Math.min(stop ?? this.end - 1, this.end - 1);
    if (start >= this.end || last < start) return '';
    return this.text.slice(start, last + 1);
  }

  getTextFromInterval(interval: Interval): string {
    return this.getTextFromRange(interval.start, interval.stop);
  }

  toString(): string {
    return this.text.slice(this.start, this.end);
  }

  /** Absolute, so that token offsets past `start` stay valid for CommonToken.text. */
  get size(): number {
    return this.end;
  }

  getSourceName(): string {
    return this.name || '<unknown>';
  }
}
