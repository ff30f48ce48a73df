// Public types of the language core. Shaped like LSP's so that the server adapter is a copy,
// but declared here: the core imports neither `vscode` nor the LSP libraries.
import type { ObjectKind } from './catalog/types';

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

/** Every severity, the most severe first. */
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'information', 'hint'];

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

/** A diagnostic whose spans are relative to its statement's start (the validator's output, before positions). */
export interface StatementDiagnostic {
  span: Span;
  severity: Severity;
  code: string;
  message: string;
  data?: DiagnosticData;
}

export interface DiagnosticData {
  /** A replacement for the diagnostic's range, when one is known (did-you-mean, unquote). */
  replacement?: string;
  /** Text to insert (missing clauses), and where. */
  insert?: { offset: number; text: string };
  /**
   * Text to insert just before or just after the diagnostic's range ('=' before a value, the
   * closing quote of a string): tied to the range, not to offsets, so the diagnostic stays the
   * same object when text before it moves.
   */
  before?: string;
  after?: string;
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

export type CompletionKind = 'statement' | 'keyword' | 'clause' | 'value' | 'property' | 'name';

export interface CoreCompletion {
  label: string;
  kind: CompletionKind;
  /** Short text beside the label: 'required · string', 'enum value'. */
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** The whole documentation when part of it costs a lookup (KnownName.describe): for completionItem/resolve. */
  describe?: () => string;
  /** Text to insert; defaults to label. */
  insertText?: string;
  /** True when insertText is a snippet (${1:name} tab stops). */
  snippet?: boolean;
  /** Range the completion replaces (the word being typed); absent: the word at the caret. */
  replace?: Range;
  sortText?: string;
  filterText?: string;
  /** True for the one item to preselect. */
  preselect?: boolean;
}

export interface CoreHover {
  /** Markdown. */
  contents: string;
  range: Range;
}

export interface CoreSymbol {
  /** 'CREATE FLOW orders'. */
  name: string;
  /** The statement kind's summary or certainty. */
  detail?: string;
  range: Range;
  selectionRange: Range;
}

export interface CoreFoldingRange {
  startLine: number;
  endLine: number;
  kind?: 'comment' | 'region';
}

export interface CoreTextEdit {
  range: Range;
  newText: string;
}

export interface CoreCodeAction {
  title: string;
  kind: 'quickfix';
  /** The diagnostics it fixes. */
  diagnostics: CoreDiagnostic[];
  edits: CoreTextEdit[];
  isPreferred?: boolean;
}

/** The name of an existing object, known from outside the document: the workspace index, the service. */
export interface KnownName {
  name: string;
  kind: ObjectKind;
  /** Where the name was found, shown beside it: 'workspace', 'service'. */
  origin: string;
  /** Markdown shown with the item: where the object is created, when it was read. */
  documentation?: string;
  /**
   * Markdown that costs a lookup to write (where the workspace creates the object): asked only when
   * the item is resolved, so that a list of many names costs no description per name.
   */
  describe?: () => string;
}

/** What completion asks a NameSource for: the kind's names, or the best of them when there are many. */
export interface NameQuery {
  /** The part of the name typed before the caret, lower case, without its opening quote or backtick. */
  typed: string;
  /** At most this many names: when the kind has more, only those matching `typed` (the best first). */
  limit: number;
}

/** A NameSource's answer when it chose names by NameQuery.typed. */
export interface NameAnswer {
  names: readonly KnownName[];
  /** True when the names were chosen by what is typed (more exist): the list is asked for again as typing goes on. */
  partial: boolean;
}

/**
 * The names completion may offer where a statement names an existing object of a kind (the catalog
 * says where: ClauseSpec.refersTo, NameSpec.refersTo). The server composes it from its sources; the
 * core never reads files or talks to the service. A source may answer every name (the core then
 * chooses at most query.limit by what is typed) or, when it knows many, choose itself (NameAnswer).
 */
export type NameSource = (kind: ObjectKind, query: NameQuery) => readonly KnownName[] | NameAnswer;
