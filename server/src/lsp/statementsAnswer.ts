// The answer to `svcsql/statements`, in time linear in the statements it lists (or, with a range,
// in the statements the range touches plus a binary search). What does not depend on where a
// statement sits (kind, title, text to send, its secret values masked) is kept per statement
// analysis together with its JSON, so a request after a keystroke re-derives only the ranges and
// the statements the edit changed; the JSON of the whole answer is joined from those pieces
// (messageEncoder.ts) instead of being serialised again.
import type { LocatedStatement, Range, StatementAnalysis, SvcSqlDocument } from '../../../core/src/index';
import type { StatementEntry, StatementsParams, StatementsResult } from '../../../protocol/src/lspExtensions';
import { statementEntry } from '../statementEntry';
import { setEncodedResult } from './messageEncoder';

type Placeless = Omit<StatementEntry, 'range'>;

interface Piece {
  entry: Placeless;
  /** `,"kind":…}`: the entry's JSON after its range. */
  json: Buffer;
}

const pieces = new WeakMap<StatementAnalysis, Piece>();

/** Statements whose entry was derived (not found in the cache) so far: the tests count work with it. */
export const statementsWork = { derived: 0 };

function pieceOf(doc: SvcSqlDocument, s: LocatedStatement): Piece {
  let piece = pieces.get(s.analysis);
  if (!piece) {
    statementsWork.derived++;
    const { range: _range, ...entry } = statementEntry(doc.statementInfo(s));
    piece = { entry, json: Buffer.from(`,${JSON.stringify(entry).slice(1)}`, 'utf8') };
    pieces.set(s.analysis, piece);
  }
  return piece;
}

const rangeJson = (r: Range) =>
  `{"range":{"start":{"line":${r.start.line},"character":${r.start.character}},"end":{"line":${r.end.line},"character":${r.end.character}}}`;

/**
 * The statements whose lines meet [range.start.line, range.end.line]: every statement Run
 * Statement can pick for that selection (client/src/statementPick.ts) is among them.
 */
function touching(doc: SvcSqlDocument, all: readonly LocatedStatement[], range: Range): readonly LocatedStatement[] {
  const lines = doc.lines;
  const from = lines.lineStarts[Math.max(0, Math.min(range.start.line, lines.lineCount - 1))]!;
  const endLine = Math.max(range.start.line, range.end.line);
  const to = endLine + 1 < lines.lineCount ? lines.lineStarts[endLine + 1]! : doc.source.length;
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

const HEAD = Buffer.from('{"statements":[');
const TAIL = Buffer.from(']}');
const COMMA = Buffer.from(',');

export function statementsAnswer(doc: SvcSqlDocument, params: StatementsParams): StatementsResult {
  const all = doc.statements();
  const listed = params.range ? touching(doc, all, params.range) : all;
  const statements: StatementEntry[] = new Array<StatementEntry>(listed.length);
  const parts: Buffer[] = [HEAD];
  const ranges: string[] = new Array<string>(listed.length);
  for (let i = 0; i < listed.length; i++) {
    const s = listed[i]!;
    const piece = pieceOf(doc, s);
    const range = doc.range(s);
    statements[i] = { range, ...piece.entry };
    ranges[i] = rangeJson(range);
  }
  // The ranges are encoded in one call (one Buffer per statement cost more than the rest together).
  const rangeBytes = Buffer.from(ranges.join(''), 'latin1');
  let at = 0;
  for (let i = 0; i < listed.length; i++) {
    if (i > 0) parts.push(COMMA);
    const length = ranges[i]!.length;
    parts.push(rangeBytes.subarray(at, at + length), pieceOf(doc, listed[i]!).json);
    at += length;
  }
  parts.push(TAIL);
  const result: StatementsResult = { statements };
  setEncodedResult(result, parts);
  return result;
}
