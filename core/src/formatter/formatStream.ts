// formatSegments for a text that arrives in pieces (`svcsql format --check` of a file larger than
// memory should hold): each piece must end where a statement of the whole text ends (cli/src/
// segments.ts cuts such pieces), so the pieces' statements are the text's. The gap after a piece's
// last statement is carried into the next piece, which is where the whole-text formatter finds it
// too; joined, the edits are exactly formatSegments' (test/cli/formatCheck.test.ts compares).
import { eachStatement } from '../document';
import type { FormatEdit } from './formatDocument';
import { formatGap } from './gaps';
import { formatStatementTokens, type OpenEnd } from './formatStatement';
import { formatOptions, type FormatOptions } from './options';

/** A segment of the formatted text: spans are offsets into the whole text; `oldText` is what it replaces. */
export interface StreamEdit extends FormatEdit {
  oldText: string;
}

export class FormatStream {
  private readonly options: FormatOptions;
  /** Text after the last statement formatted: the start of the next gap. */
  private carry = '';
  /** Offset of `carry` in the whole text. */
  private base = 0;
  private afterStatement = false;
  private openEnd: OpenEnd | undefined;

  /** `eol`: lineBreakOf(the whole text), which a caller reading pieces finds beforehand. */
  constructor(
    private readonly eol: string,
    partial?: Partial<FormatOptions>,
  ) {
    this.options = formatOptions(partial);
  }

  /**
   * The segments (gap + statement) that end in `piece`, in order. Only the piece is walked: the
   * carried gap holds no statement, and the piece starts where the whole text's lexer and splitter
   * stand after a statement's end. Walking the carry again with each piece made a file of nothing
   * but ';' and blank lines quadratic (12 MB of ';\n': 9.2 s).
   */
  push(piece: string): StreamEdit[] {
    const edits: StreamEdit[] = [];
    /** The gap so far before the next statement: the carry, until the piece's first statement. */
    let gapHead = this.carry;
    let at = 0;
    eachStatement(piece, (tokens, first, last) => {
      const start = tokens.buf.starts[first]!;
      const end = tokens.buf.ends[last]!;
      const oldGap = gapHead + piece.slice(at, start);
      const gap = formatGap(oldGap, { after: this.afterStatement, before: true, openEnd: this.openEnd }, this.eol);
      const statement = formatStatementTokens(piece, tokens, first, last, this.options, this.eol);
      const length = oldGap.length + end - start;
      edits.push({
        span: { start: this.base, end: this.base + length },
        newText: gap + statement.text,
        oldText: oldGap + piece.slice(start, end),
      });
      this.base += length;
      gapHead = '';
      at = end;
      this.afterStatement = true;
      this.openEnd = statement.openEnd;
    });
    // After a statement, a flat copy of the rest (a slice would keep the whole piece alive); with none
    // in the piece, the whole piece is gap, joined to what was carried without copying it again.
    this.carry = at > 0 ? (' ' + piece.slice(at)).slice(1) : gapHead + piece;
    return edits;
  }

  /** The last segment: the gap at the end of the text. */
  end(): StreamEdit {
    const oldText = this.carry;
    const newText = formatGap(oldText, { after: this.afterStatement, before: false, openEnd: this.openEnd }, this.eol);
    return { span: { start: this.base, end: this.base + oldText.length }, newText, oldText };
  }
}
