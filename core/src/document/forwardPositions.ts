// Positions of offsets visited (mostly) in increasing order, found by walking the text forward:
// what analyze() needs for its diagnostics, statement after statement, without a LineIndex (a
// line-start list of the whole text, made for the first diagnostic and alive through the whole
// analysis). Line ends as LineIndex reads them: \r\n, \n or a lone \r.
import { LineIndex } from '../text/lineIndex';
import type { Position, Range } from '../types';

export class ForwardPositions {
  private readonly crFree: boolean;
  /** The walk's place: an offset, its line, and that line's start. */
  private offset = 0;
  private line = 0;
  private lineStart = 0;
  /** Where the current statement starts (see anchor): a walk back restarts there. */
  private anchorOffset = 0;
  private anchorLine = 0;
  private anchorLineStart = 0;
  /** For an offset before the anchor (never seen in practice): the whole index, made then. */
  private index: LineIndex | undefined;
  /**
   * The first LF at or after the walk's offset (-1: none to the end), -2 when not known: on a long
   * line each walk searched to its end again (a one-line statement of 2 MB with 174,000
   * diagnostics: 6.8 s).
   */
  private nextLf = -2;
  /** Characters searched for a line end, for the tests. */
  searched = 0;

  constructor(private readonly text: string) {
    this.crFree = text.indexOf('\r') < 0;
  }

  /** The next positions asked for are mostly at or after `offset` (a statement's start, in document order). */
  anchor(offset: number): void {
    this.moveTo(this.clamp(offset));
    this.anchorOffset = this.offset;
    this.anchorLine = this.line;
    this.anchorLineStart = this.lineStart;
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }

  positionAt(offset: number): Position {
    const clamped = this.clamp(offset);
    this.moveTo(clamped);
    return { line: this.line, character: clamped - this.lineStart };
  }

  /** Puts the walk at `target`: forward from where it is, else from the anchor, else from the index. */
  private moveTo(target: number): void {
    if (target < this.offset) {
      // Back to the anchor on the same line (two problems of one word; a long line's pairs): the
      // first LF after the anchor is the one after the walk's place, found already. Searched
      // again from the anchor, it cost a search to the line's end for each (190 ms of a 14 MB line's lint).
      if (target < this.anchorOffset || this.anchorLine !== this.line) this.nextLf = -2;
      if (target >= this.anchorOffset) {
        this.offset = this.anchorOffset;
        this.line = this.anchorLine;
        this.lineStart = this.anchorLineStart;
      } else {
        const at = (this.index ??= new LineIndex(this.text)).positionAt(target);
        this.offset = target;
        this.line = at.line;
        this.lineStart = target - at.character;
        return;
      }
    }
    this.walkTo(target);
  }

  private clamp(offset: number): number {
    return Math.max(0, Math.min(offset, this.text.length));
  }

  /** Moves the walk forward to `target` (>= its offset), counting the line starts in (offset, target]. */
  private walkTo(target: number): void {
    const text = this.text;
    if (this.crFree) {
      let from = this.offset;
      let i = this.nextLf === -2 ? text.indexOf('\n', from) : this.nextLf;
      if (this.nextLf === -2) this.searched += (i < 0 ? text.length : i) - from;
      while (i >= 0 && i < target) {
        this.line++;
        this.lineStart = from = i + 1;
        i = text.indexOf('\n', from);
        this.searched += (i < 0 ? text.length : i) - from;
      }
      this.nextLf = i;
    } else {
      for (let p = this.offset + 1; p <= target; p++) {
        const c = text.charCodeAt(p - 1);
        if (c === 10 || (c === 13 && text.charCodeAt(p) !== 10)) {
          this.line++;
          this.lineStart = p;
        }
      }
    }
    this.offset = target;
  }
}
