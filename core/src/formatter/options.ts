// How the formatter lays text out: the editor's indentation (LSP FormattingOptions) and a line width.

export interface FormatOptions {
  /** Columns per indentation level (LSP tabSize; the CLI's --indent). */
  indentSize: number;
  /** Indent with tabs instead of spaces (LSP insertSpaces = false). */
  useTabs: boolean;
  /** Lists stay on one line while the line fits in this many columns (svcsql.format.lineWidth). */
  lineWidth: number;
}

export const DEFAULT_FORMAT_OPTIONS: FormatOptions = { indentSize: 2, useTabs: false, lineWidth: 100 };

/** Options with missing or unusable values replaced by the defaults. */
export function formatOptions(partial: Partial<FormatOptions> = {}): FormatOptions {
  const whole = (n: unknown, min: number, fallback: number) =>
    typeof n === 'number' && Number.isFinite(n) && n >= min ? Math.floor(n) : fallback;
  return {
    indentSize: whole(partial.indentSize, 1, DEFAULT_FORMAT_OPTIONS.indentSize),
    useTabs: partial.useTabs === true,
    lineWidth: whole(partial.lineWidth, 1, DEFAULT_FORMAT_OPTIONS.lineWidth),
  };
}
