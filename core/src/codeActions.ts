// Quick fixes for the core's diagnostics. Each rule puts what its fix needs in the diagnostic's
// data (a replacement for its range, an insertion, or edits, all with absolute offsets); this
// turns that data into edits, and merges what belongs together: all missing clauses of a
// statement in one action, the clause reordering of a statement once.
import { statementById } from './catalog/index';
import type { SvcSqlDocument } from './document';
import type { CoreCodeAction, CoreDiagnostic, CoreTextEdit, Position, Range } from './types';

const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character < b.character);
const intersects = (a: Range, b: Range) => !before(a.end, b.start) && !before(b.end, a.start);

export function codeActions(doc: SvcSqlDocument, range: Range, diagnostics: CoreDiagnostic[]): CoreCodeAction[] {
  const actions = new Map<string, CoreCodeAction>();
  const add = (action: CoreCodeAction) => {
    const key = action.title + JSON.stringify(action.edits);
    const existing = actions.get(key);
    if (existing) {
      for (const d of action.diagnostics) if (!existing.diagnostics.includes(d)) existing.diagnostics.push(d);
    } else actions.set(key, action);
  };
  const missingDone = new Set<number>();

  for (const d of diagnostics) {
    if (d.source !== 'svcsql' || !d.data || !intersects(d.range, range)) continue;
    const data = d.data;
    if (d.code === 'missing-clause') {
      for (const action of missingClauseActions(doc, d, missingDone)) add(action);
      continue;
    }
    const edits: CoreTextEdit[] = [];
    if (data.replacement !== undefined) edits.push({ range: d.range, newText: data.replacement });
    if (data.before !== undefined) edits.push({ range: { start: d.range.start, end: d.range.start }, newText: data.before });
    if (data.after !== undefined) edits.push({ range: { start: d.range.end, end: d.range.end }, newText: data.after });
    if (data.insert) edits.push({ range: doc.range({ start: data.insert.offset, end: data.insert.offset }), newText: data.insert.text });
    for (const e of data.edits ?? []) edits.push({ range: doc.range(e.span), newText: e.text });
    if (edits.length === 0) continue;
    add({
      title: data.fixTitle ?? (data.replacement !== undefined ? `Change to ${data.replacement}` : 'Fix'),
      kind: 'quickfix',
      diagnostics: data.edits ? sameEdits(doc, d) : [d],
      edits,
      // A replacement is the one obvious fix of its diagnostic; insertions and rewrites are offered, not preferred.
      isPreferred: data.replacement !== undefined && edits.length === 1 ? true : undefined,
    });
  }
  return [...actions.values()];
}

/** Every diagnostic of d's statement that one rewrite fixes (all clauses out of order): the action names them all. */
function sameEdits(doc: SvcSqlDocument, d: CoreDiagnostic): CoreDiagnostic[] {
  const statement = doc.statementAt(doc.lines.offsetAt(d.range.start));
  if (!statement) return [d];
  const edits = JSON.stringify(d.data?.edits);
  const same = statement.analysis.diagnostics
    .filter((x) => x.code === d.code && x.data?.edits)
    .map((x) => doc.diagnosticOf(statement, x))
    .filter((x) => JSON.stringify(x.data?.edits) === edits);
  return same.length ? same : [d];
}

/** The clause a missing-clause insertion adds: "\n  SET TO ROLE role" → TO ROLE (longest key that fits). */
function keyOfInsert(text: string, keys: readonly string[]): string {
  const body = text.trim().replace(/^SET\s+/, '');
  const fits = keys.filter((k) => body === k || body.startsWith(`${k} `) || body.startsWith(`${k}=`));
  return fits.sort((a, b) => b.length - a.length)[0] ?? body.split(/[\s=]/)[0] ?? '';
}

/**
 * All missing clauses of the diagnostic's statement in one action, inserted in the catalog's
 * order; when some are only warnings (CLUSTER of CREATE FLOW), also one with the required ones only.
 */
function missingClauseActions(doc: SvcSqlDocument, d: CoreDiagnostic, done: Set<number>): CoreCodeAction[] {
  const statement = doc.statementAt(doc.lines.offsetAt(d.range.start));
  if (!statement || done.has(statement.index)) return [];
  done.add(statement.index);
  const spec = statementById(statement.analysis.kind);
  const specKeys = spec?.clauses.map((c) => c.key) ?? [];
  const keyOf = (x: CoreDiagnostic) => keyOfInsert(x.data!.insert!.text, specKeys);
  const order = (key: string) => {
    const i = specKeys.indexOf(key);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const all = statement.analysis.diagnostics
    .filter((x) => x.code === 'missing-clause')
    .map((x) => doc.diagnosticOf(statement, x))
    .filter((x) => x.data?.insert);
  if (all.length === 0) return [];

  const build = (list: CoreDiagnostic[], title: string): CoreCodeAction => {
    const inserts = [...list]
      .sort((a, b) => a.data!.insert!.offset - b.data!.insert!.offset || order(keyOf(a)) - order(keyOf(b)))
      .map((x) => x.data!.insert!);
    const edits: CoreTextEdit[] = [];
    let last: { offset: number; edit: CoreTextEdit } | undefined;
    for (const insert of inserts) {
      if (last && last.offset === insert.offset) {
        last.edit.newText += insert.text;
        continue;
      }
      const edit = { range: doc.range({ start: insert.offset, end: insert.offset }), newText: insert.text };
      edits.push(edit);
      last = { offset: insert.offset, edit };
    }
    return { title, kind: 'quickfix', diagnostics: list, edits };
  };

  const keys = (list: CoreDiagnostic[]) => list.map(keyOf).sort((a, b) => order(a) - order(b));
  const titleOf = (list: CoreDiagnostic[], what: string) =>
    list.length === 1 ? `Add ${keys(list)[0]}` : `Add the ${what} clauses (${keys(list).join(', ')})`;
  const actions = [build(all, titleOf(all, 'missing'))];
  const required = all.filter((x) => x.severity === 'error');
  if (required.length > 0 && required.length < all.length) actions.push(build(required, titleOf(required, 'required')));
  return actions;
}
