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
function touching(doc: SvcSqlDocument, range: Range): LocatedStatement[] {
  const lines = doc.lines;
  const from = lines.lineStart(Math.max(0, Math.min(range.start.line, lines.lineCount - 1)));
  const endLine = Math.max(range.start.line, range.end.line);
  const to = endLine + 1 < lines.lineCount ? lines.lineStart(endLine + 1) : doc.source.length;
  return doc.statementsBetween(from, to);
}

/** Anything but white space: the text to send is not blank. */
const NOT_BLANK = /\S/;

/** Visits statements (offsets and analysis) in document order. */
type Visit = (each: (start: number, end: number, analysis: StatementAnalysis) => void) => void;

/**
 * The compact form of the statements `visit` gives (in document order). Positions come from one
 * forward walk over the line starts (statement offsets only grow), not a search and a Range object
 * per statement.
 */
function spansOf(doc: SvcSqlDocument, visit: Visit): StatementSpans {
  const writer = new StatementSpansWriter();
  const lines = doc.lines;
  const count = lines.lineCount;
  let line = -1;
  let next = 0;
  let lineStart = 0;
  const lineOf = (offset: number) => {
    if (line < 0) {
      line = lines.positionAt(offset).line;
      lineStart = lines.lineStart(line);
      next = line + 1 < count ? lines.lineStart(line + 1) : Infinity;
    }
    while (next <= offset) {
      line++;
      lineStart = next;
      next = line + 1 < count ? lines.lineStart(line + 1) : Infinity;
    }
    return line;
  };
  visit((start, end, a) => {
    const startLine = lineOf(start);
    const startCharacter = start - lineStart;
    const endLine = lineOf(end);
    const flags = (a.hasErrors ? SPAN_HAS_ERRORS : 0) | (NOT_BLANK.test(a.sendText) ? 0 : SPAN_NOTHING_TO_SEND);
    writer.add(startLine, startCharacter, endLine, end - lineStart, a.title, flags);
  });
  return writer.result();
}

export function statementsAnswer(doc: SvcSqlDocument, params: StatementsParams): StatementsResult {
  if (params.spans === true) {
    const range = params.range;
    const visit: Visit = range
      ? (each) => {
          for (const s of touching(doc, range)) each(s.start, s.end, s.analysis);
        }
      : (each) => doc.eachStatement(each);
    return { statements: [], spans: spansOf(doc, visit) };
  }
  const listed = params.range ? touching(doc, params.range) : doc.statements();
  // Pushed, not preallocated: an Array of over 100,000 holes is a slow dictionary in V8.
  const statements: StatementEntry[] = [];
  for (let i = 0; i < listed.length; i++) {
    const s = listed[i]!;
    statements.push({ range: doc.range(s), ...entryOf(doc, s) });
  }
  return { statements };
}
