// The answer to `svcsql/statements`, in time linear in the statements it lists (or, with a range,
// in the statements the range touches plus a binary search). Two forms:
// - entries (the default): an object per statement with its text to send, for Run Statement at a
//   cursor or a selection (a range: a few statements) and for a notebook cell. What does not depend
//   on where a statement sits (kind, title, text to send, its secret values masked) is kept per
//   statement analysis, so a request after a keystroke re-derives only the statements the edit changed.
// - spans (`spans: true`): every statement's range, title and flags as one array of numbers
//   (protocol/src/statementSpans.ts), for the code lenses and the notebook conversion of a whole
//   document: 100,000 statements were 25 MB of JSON as entries, about 2 MB as spans.
import type { LocatedStatement, Range, StatementAnalysis, SvcSqlDocument } from '../../../core/src/index';
import type { StatementEntry, StatementsParams, StatementsResult } from '../../../protocol/src/lspExtensions';
import { SPAN_HAS_ERRORS, SPAN_NOTHING_TO_SEND, StatementSpansWriter, type StatementSpans } from '../../../protocol/src/statementSpans';
import { statementEntry } from '../statementEntry';

type Placeless = Omit<StatementEntry, 'range'>;

const entries = new WeakMap<StatementAnalysis, Placeless>();

/** Statements whose entry was derived (not found in the cache) so far: the tests count work with it. */
export const statementsWork = { derived: 0 };

function entryOf(doc: SvcSqlDocument, s: LocatedStatement): Placeless {
  let entry = entries.get(s.analysis);
  if (!entry) {
    statementsWork.derived++;
    const { range: _range, ...placeless } = statementEntry(doc.statementInfo(s));
    entry = placeless;
    entries.set(s.analysis, entry);
  }
  return entry;
}

/**
 * The statements whose lines meet [range.start.line, range.end.line]: every statement Run
 * Statement can pick for that selection (client/src/statementPick.ts) is among them.
 */
function touching(doc: SvcSqlDocument, all: readonly LocatedStatement[], range: Range): readonly LocatedStatement[] {
  const lines = doc.lines;
  const from = lines.lineStart(Math.max(0, Math.min(range.start.line, lines.lineCount - 1)));
  const endLine = Math.max(range.start.line, range.end.line);
  const to = endLine + 1 < lines.lineCount ? lines.lineStart(endLine + 1) : doc.source.length;
  // First statement ending at or after `from` (ends grow with starts: statements do not overlap).
  let low = 0;
  let high = all.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (all[mid]!.end < from) low = mid + 1;
    else high = mid;
  }
  let end = low;
  while (end < all.length && all[end]!.start <= to) end++;
  return all.slice(low, end);
}

/** Anything but white space: the text to send is not blank. */
const NOT_BLANK = /\S/;

/**
 * The compact form of `listed` (in document order). Positions come from one forward walk over the
 * line starts (statement offsets only grow), not a search and a Range object per statement.
 */
function spansOf(doc: SvcSqlDocument, listed: readonly LocatedStatement[]): StatementSpans {
  const writer = new StatementSpansWriter();
  if (!listed.length) return writer.result();
  const starts = doc.lines.lineStarts;
  let line = doc.lines.positionAt(listed[0]!.start).line;
  const lineOf = (offset: number) => {
    while (line + 1 < starts.length && starts[line + 1]! <= offset) line++;
    return line;
  };
  for (let i = 0; i < listed.length; i++) {
    const s = listed[i]!;
    const a = s.analysis;
    const startLine = lineOf(s.start);
    const startCharacter = s.start - starts[startLine]!;
    const endLine = lineOf(s.end);
    const flags = (a.hasErrors ? SPAN_HAS_ERRORS : 0) | (NOT_BLANK.test(a.sendText) ? 0 : SPAN_NOTHING_TO_SEND);
    writer.add(startLine, startCharacter, endLine, s.end - starts[endLine]!, a.title, flags);
  }
  return writer.result();
}

export function statementsAnswer(doc: SvcSqlDocument, params: StatementsParams): StatementsResult {
  const all = doc.statements();
  const listed = params.range ? touching(doc, all, params.range) : all;
  if (params.spans === true) return { statements: [], spans: spansOf(doc, listed) };
  const statements = new Array<StatementEntry>(listed.length);
  for (let i = 0; i < listed.length; i++) {
    const s = listed[i]!;
    statements[i] = { range: doc.range(s), ...entryOf(doc, s) };
  }
  return { statements };
}
