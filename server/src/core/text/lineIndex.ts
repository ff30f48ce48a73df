import type { Position } from '../types';

/**
 * Maps UTF-16 offsets to 0-based line/character positions and back.
 * Line ends are \r\n, \n or a lone \r, as in LSP.
 */
export class LineIndex {
  /** Offset of the first character of each line. */
  readonly lineStarts: number[];

  constructor(readonly text: string) {
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

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
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
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const lineStart = this.lineStarts[position.line]!;
    const nextStart = position.line + 1 < this.lineStarts.length ? this.lineStarts[position.line + 1]! : this.text.length;
    // Never point into the line break itself.
    let lineEnd = nextStart;
    if (lineEnd > lineStart && this.text.charCodeAt(lineEnd - 1) === 10) lineEnd--;
    if (lineEnd > lineStart && this.text.charCodeAt(lineEnd - 1) === 13) lineEnd--;
    return Math.min(lineStart + Math.max(0, position.character), lineEnd);
  }

  rangeOf(start: number, end: number): { start: Position; end: Position } {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }
}
