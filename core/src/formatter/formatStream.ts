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

  /** The segments (gap + statement) that end in `piece`, in order. */
  push(piece: string): StreamEdit[] {
    const text = this.carry + piece;
    const edits: StreamEdit[] = [];
    let at = 0;
    eachStatement(text, (tokens, first, last) => {
      const start = tokens.buf.starts[first]!;
      const end = tokens.buf.ends[last]!;
      const gap = formatGap(text.slice(at, start), { after: this.afterStatement, before: true, openEnd: this.openEnd }, this.eol);
      const statement = formatStatementTokens(text, tokens, first, last, this.options, this.eol);
      edits.push({
        span: { start: this.base + at, end: this.base + end },
        newText: gap + statement.text,
        oldText: text.slice(at, end),
      });
      at = end;
      this.afterStatement = true;
      this.openEnd = statement.openEnd;
    });
    // A flat copy: a slice would keep the whole piece alive.
    this.carry = (' ' + text.slice(at)).slice(1);
    this.base += at;
    return edits;
  }

  /** The last segment: the gap at the end of the text. */
  end(): StreamEdit {
    const oldText = this.carry;
    const newText = formatGap(oldText, { after: this.afterStatement, before: false, openEnd: this.openEnd }, this.eol);
    return { span: { start: this.base, end: this.base + oldText.length }, newText, oldText };
  }
}
