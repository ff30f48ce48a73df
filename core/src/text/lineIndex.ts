import type { Position } from '../types';
import type { TextSource } from './blockText';

/** True when a line starts at offset p (> 0) of text: after \n, or after a \r not followed by \n. */
function startsLine(text: TextSource, p: number): boolean {
  const c = text.charCodeAt(p - 1);
  return c === 10 || (c === 13 && text.charCodeAt(p) !== 10);
}

/**
 * Maps UTF-16 offsets to 0-based line/character positions and back.
 * Line ends are \r\n, \n or a lone \r, as in LSP. `edit` updates it in place for a text change,
 * in time proportional to the change plus a shift of the later line starts (no rescan).
 */
export class LineIndex {
  /** Offset of the first character of each line. */
  readonly lineStarts: number[];
  private _text: TextSource;

  constructor(text: TextSource) {
    this._text = text;
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (c === 10 /* \n */) {
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /**
   * The text became `text`: old [start, oldEnd) was replaced by new [start, newEnd).
   * Only a line start p whose text[p-1..p] changed can appear or vanish: p in [start, newEnd]
   * (a \r just before the edit may meet a new \n; an inserted \r may meet the old \n after it).
   */
  edit(text: TextSource, start: number, oldEnd: number, newEnd: number): void {
    const starts = this.lineStarts;
    const from = Math.max(1, start);
    const lo = this.firstAtOrAfter(from);
    const hi = this.firstAtOrAfter(oldEnd + 1);
    const added: number[] = [];
    for (let p = from; p <= newEnd && p <= text.length; p++) if (startsLine(text, p)) added.push(p);
    const delta = newEnd - oldEnd;
    if (added.length === hi - lo) {
      for (let i = 0; i < added.length; i++) starts[lo + i] = added[i]!;
      if (delta !== 0) for (let i = hi; i < starts.length; i++) starts[i]! += delta;
    } else {
      // Rebuilt rather than spliced: a pasted file may add more lines than a call may take arguments.
      const tail = starts.slice(hi);
      starts.length = lo;
      for (const p of added) starts.push(p);
      for (const p of tail) starts.push(p + delta);
    }
    this._text = text;
  }

  /** Index of the first line start >= offset (lineCount when none). */
  private firstAtOrAfter(offset: number): number {
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (starts[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this._text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.lineStarts[low]! };
  }

  offsetAt(position: Position): number {
    const text = this._text;
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return text.length;
    const lineStart = this.lineStarts[position.line]!;
    const nextStart = position.line + 1 < this.lineStarts.length ? this.lineStarts[position.line + 1]! : text.length;
    // Never point into the line break itself.
    let lineEnd = nextStart;
    if (lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 10) lineEnd--;
    if (lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 13) lineEnd--;
    return Math.min(lineStart + Math.max(0, position.character), lineEnd);
  }

  rangeOf(start: number, end: number): { start: Position; end: Position } {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }
}
