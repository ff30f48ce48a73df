// Public types of the language core. Shaped like LSP's so that the server adapter is a copy,
// but declared here: the core imports neither `vscode` nor the LSP libraries.

/** 0-based line, `character` in UTF-16 code units. */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/** Half-open span of UTF-16 offsets into the document text. */
export interface Span {
  start: number;
  end: number;
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface CoreDiagnostic {
  range: Range;
  severity: Severity;
  /** Stable rule id, e.g. 'quoted-integer'. */
  code: string;
  message: string;
  source: 'svcsql';
  /** Rule-specific data a quick fix needs (e.g. the suggested replacement). */
  data?: DiagnosticData;
}

export interface DiagnosticData {
  /** A replacement for the diagnostic's range, when one is known (did-you-mean, unquote). */
  replacement?: string;
  /** Text to insert (missing clauses), and where. */
  insert?: { offset: number; text: string };
  /** Other edits a fix needs (reordering). */
  edits?: { span: Span; text: string }[];
  /** Title of the quick fix. */
  fixTitle?: string;
}

export interface TextChange {
  /** The replaced range; absent for a full-text replacement. */
  range?: Range;
  text: string;
}
