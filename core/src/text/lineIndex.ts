import type { Position } from '../types';
import type { TextSource } from './blockText';
import { grown } from './grownArray';
import { partitionPoint } from './partitionPoint';
import { PendingShift } from './pendingShift';

/** True when a line starts at offset p (> 0) of text: after \n, or after a \r not followed by \n. */
function startsLine(text: TextSource, p: number): boolean {
  const c = text.charCodeAt(p - 1);
  return c === 10 || (c === 13 && text.charCodeAt(p) !== 10);
}

/**
 * Maps UTF-16 offsets to 0-based line/character positions and back.
 * Line ends are \r\n, \n or a lone \r, as in LSP. `edit` updates it in place for a text change,
 * in time proportional to the change and its distance from the previous edit: the shift of the
 * later line starts stays pending (see PendingShift).
 */
export class LineIndex {
  /**
   * Offset of the first character of each line, less the pending shift, in [0, count): a typed
   * array rather than a list of numbers, whose storage the garbage collector neither scans nor
   * copies (analyze() keeps one across a whole analysis, and the young generation's collector
   * copied and promoted it, and each of its growths, when it was a list).
   */
  private starts: Int32Array;
  private count: number;
  private readonly shift = new PendingShift();
  private _text: TextSource;

  constructor(text: TextSource) {
    this._text = text;
    // About one line in 40 characters; grown by doubling when there are more.
    let starts = new Int32Array(Math.max(16, (text.length >> 5) + 16));
    let n = 1;
    // Most texts have \n line ends only: indexOf finds them several times faster than a char loop.
    if (typeof text === 'string' && text.indexOf('\r') < 0) {
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
        if (n === starts.length) starts = grown(starts, n * 2, n);
        starts[n++] = i + 1;
      }
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 13 /* \r */) {
          if (text.charCodeAt(i + 1) === 10) i++;
          if (n === starts.length) starts = grown(starts, n * 2, n);
          starts[n++] = i + 1;
        } else if (c === 10 /* \n */) {
          if (n === starts.length) starts = grown(starts, n * 2, n);
          starts[n++] = i + 1;
        }
      }
    }
    this.starts = starts;
    this.count = n;
  }

  /** Offset of the first character of each line (applies the pending shift: linear; lineStart is not). */
  get lineStarts(): readonly number[] {
    this.shift.flush(this.count, this.addTo);
    return Array.from(this.starts.subarray(0, this.count));
  }

  /** Offset of the first character of `line` (0 <= line < lineCount). */
  lineStart(line: number): number {
    return this.starts[line]! + this.shift.offsetOf(line);
  }

  get lineCount(): number {
    return this.count;
  }

  /** The pending shift's edits of the stored starts. */
  private readonly addTo = (from: number, to: number, amount: number): void => {
    const starts = this.starts;
    for (let i = from; i < to; i++) starts[i]! += amount;
  };

  /**
   * The text became `text`: old [start, oldEnd) was replaced by new [start, newEnd).
   * Only a line start p whose text[p-1..p] changed can appear or vanish: p in [start, newEnd]
   * (a \r just before the edit may meet a new \n; an inserted \r may meet the old \n after it).
   */
  edit(text: TextSource, start: number, oldEnd: number, newEnd: number): void {
    const from = Math.max(1, start);
    const lo = this.firstAtOrAfter(from);
    const hi = this.firstAtOrAfter(oldEnd + 1);
    const added: number[] = [];
    for (let p = from; p <= newEnd && p <= text.length; p++) if (startsLine(text, p)) added.push(p);
    // The starts from hi on move by the edit's delta: pending, not applied (see PendingShift).
    this.shift.replaced(lo, hi, added.length, newEnd - oldEnd, this.addTo);
    const count = this.count - (hi - lo) + added.length;
    if (count > this.starts.length) this.starts = grown(this.starts, Math.max(count, this.starts.length * 2), this.count);
    const starts = this.starts;
    // The starts after the replaced ones move to their new index (none when as many replace them).
    if (added.length !== hi - lo) starts.copyWithin(lo + added.length, hi, this.count);
    for (let i = 0; i < added.length; i++) starts[lo + i] = added[i]!;
    this.count = count;
    this._text = text;
  }

  /** Index of the first line start >= offset (lineCount when none). */
  private firstAtOrAfter(offset: number): number {
    return partitionPoint(this.count, (i) => this.lineStart(i) < offset);
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this._text.length));
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStart(mid) <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.lineStart(low) };
  }

  /**
   * positionAt(offset) for an offset at or after the start of line `from`: a walk forward from
   * there, so that positions of offsets in document order cost one pass over the lines in all.
   */
  positionFrom(offset: number, from: number): Position {
    const clamped = Math.max(0, Math.min(offset, this._text.length));
    const starts = this.starts;
    const count = this.count;
    // No pending shift (always so for analyze()): the stored starts are the real ones.
    if (!this.shift.pending && from >= 0 && from < count && starts[from]! <= clamped) {
      let line = from;
      while (line + 1 < count && starts[line + 1]! <= clamped) line++;
      return { line, character: clamped - starts[line]! };
    }
    if (from < 0 || from >= count || this.lineStart(from) > clamped) return this.positionAt(offset);
    let line = from;
    while (line + 1 < count && this.lineStart(line + 1) <= clamped) line++;
    return { line, character: clamped - this.lineStart(line) };
  }

  offsetAt(position: Position): number {
    const text = this._text;
    if (position.line < 0) return 0;
    if (position.line >= this.count) return text.length;
    const lineStart = this.lineStart(position.line);
    const nextStart = position.line + 1 < this.count ? this.lineStart(position.line + 1) : text.length;
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
