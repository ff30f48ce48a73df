// Which clauses a statement has: unknown ones, ones written in the wrong form, repeated ones,
// and required ones that are missing (with the text a quick fix inserts).
import type { ClauseSpec } from '../catalog/types';
import type { ResolvedClause } from '../model/resolved';
import { didYouMean } from './didYouMean';
import { expectedInWords, joinOr } from '../describe';
import { headSpan, report, sentence, type KnownContext } from './context';
import { clauseExtent, clauseSeparator } from './layout';
import { placeholderClause } from './placeholders';
import { planOf } from './statementPlan';
import { clauseCertainty, guessNote, headOf, isStated, severityFor } from './severity';

export function checkUnknownClauses(ctx: KnownContext): void {
  const { spec } = ctx;
  for (const clause of ctx.resolved.clauses) {
    if (clause.spec) continue;
    const keyText = clause.keyWords.map((w) => w.text).join(' ');
    // FOR = IMPORT, ADVANCED_CONFIGS = ...: a known clause written with '='.
    const other = spec.clauses.find((c) => (c.form === 'keyword' || c.form === 'flag') && c.key === clause.key);
    if (other) {
      checkClauseForm(ctx, clause, other);
      continue;
    }
    const keys = spec.clauses.map((c) => c.key);
    const suggestion = didYouMean(clause.key, keys);
    const hint = suggestion ? `; did you mean ${suggestion}?` : keys.length ? ` (its clauses: ${joinOr(keys)})` : '';
    const data = suggestion ? { replacement: suggestion, fixTitle: `Change to ${suggestion}` } : undefined;
    if (spec.openEnded) {
      report(
        ctx,
        clause.keySpan,
        'information',
        'unknown-clause',
        `${keyText} is not a known clause of ${headOf(ctx)}${hint}. The statement's clauses are only partly documented, so the service may accept it.`,
        data,
      );
      continue;
    }
    const what = keys.length
      ? `${keyText} is not a clause of ${headOf(ctx)}${hint}`
      : `${headOf(ctx)} takes no clauses, so ${keyText} is unexpected`;
    report(ctx, clause.keySpan, severityFor(spec.certainty), 'unknown-clause', sentence(`${what}${guessNote(ctx)}`), data);
  }
}

function checkClauseForm(ctx: KnownContext, clause: ResolvedClause, spec: ClauseSpec): void {
  const keyText = clause.keyWords.map((w) => w.text).join(' ');
  const value = clause.value && clause.value.kind !== 'list' ? clause.value.text : undefined;
  const written = spec.form === 'flag' ? keyText : value !== undefined ? `${keyText} ${value}` : undefined;
  const how =
    spec.form === 'flag'
      ? `${spec.key} stands alone (followed by WITH pairs), without '='`
      : `${spec.key} is written without '=': ${spec.key} ${value ?? 'value'}`;
  report(
    ctx,
    clause.span,
    severityFor(clauseCertainty(ctx.spec, spec)),
    'clause-form',
    `${how}${guessNote(ctx, spec)}.`,
    written !== undefined && spec.form !== 'flag' ? { replacement: written, fixTitle: `Write ${written}` } : undefined,
  );
}

export function checkDuplicateClauses(ctx: KnownContext): void {
  if (ctx.spec.set === 'oneAction') return; // several actions are reported as such
  const clauses = ctx.resolved.clauses;
  // A statement has a few clauses: a look back costs less than a map per statement (most of this
  // rule's garbage); a long one (hostile input) gets the map.
  const seen = clauses.length > 16 ? new Set<string>() : undefined;
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i]!;
    if (!clause.spec) continue;
    const key = clause.spec.key;
    if (seen ? !seen.has(key) : !specKeyBefore(clauses, i, key)) {
      seen?.add(key);
      continue;
    }
    report(
      ctx,
      clause.keySpan,
      severityFor(clauseCertainty(ctx.spec, clause.spec)),
      'duplicate-clause',
      `${clause.spec.key} is given twice in this statement; keep one${guessNote(ctx, clause.spec)}.`,
    );
  }
}

/** True when a clause before clauses[i] has the catalog key `key`. */
function specKeyBefore(clauses: readonly ResolvedClause[], i: number, key: string): boolean {
  for (let j = 0; j < i; j++) if (clauses[j]!.spec?.key === key) return true;
  return false;
}

export function checkMissingClauses(ctx: KnownContext): void {
  const { spec, resolved, text } = ctx;
  // With a syntax error the clauses are not reliably known (an open quote or parenthesis swallows
  // what follows): the syntax error comes first.
  if (resolved.parsed.issues.length > 0) return;
  if (allRequiredPresent(planOf(spec).required, resolved.clauses)) return;
  // A keyword clause written with '=' (FOR = IMPORT) is there, only in the wrong form.
  const present = new Set(resolved.clauses.map((c) => c.spec?.key ?? c.key));
  // A misspelt clause (LAKES) is reported with its suggestion; the clause it means is not missing.
  const keys = spec.clauses.map((c) => c.key);
  for (const c of resolved.clauses) if (!c.spec) present.add(didYouMean(c.key, keys) ?? c.key);
  const missing = spec.clauses.filter((c) => c.required && !present.has(c.key));
  if (missing.length === 0) return;
  const separator = clauseSeparator(resolved, text);
  for (const clause of missing) {
    const warnOnly = clause.required === 'warn' || !isStated(clauseCertainty(spec, clause));
    const insert = insertionFor(ctx, clause, separator);
    const note = clause.required === 'warn' && clause.note ? ` (${clause.note})` : guessNote(ctx, clause);
    const what =
      clause.form === 'flag' ? clause.key : `${clause.key}${clause.form === 'keyword' ? ' ' : ' = '}${expectedInWords(clause.value)}`;
    report(ctx, headSpan(ctx), warnOnly ? 'warning' : 'error', 'missing-clause', `${headOf(ctx)} needs ${what}${note}.`, {
      insert,
      fixTitle: `Add ${clause.key}`,
    });
  }
}

/** True when every required clause is there as written (most statements): nothing to work out. */
function allRequiredPresent(specs: readonly ClauseSpec[], clauses: readonly ResolvedClause[]): boolean {
  for (let s = 0; s < specs.length; s++) {
    const c = specs[s]!;
    if (!c.required) continue;
    let found = false;
    for (let k = 0; k < clauses.length; k++) {
      const r = clauses[k]!;
      if ((r.spec?.key ?? r.key) === c.key) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/** Where a missing clause goes: after its predecessor in the catalog's order, before its successor, or after what is there. */
export function insertionFor(ctx: KnownContext, clause: ClauseSpec, separator: string): { offset: number; text: string } {
  const { spec, resolved } = ctx;
  const needsSet = spec.set === 'each' || (spec.set === 'once' && resolved.sets.length === 0);
  const clauseText = `${needsSet ? 'SET ' : ''}${placeholderClause(clause)}`;
  // Never after the statement's WITH pairs, which come last (clauses written after them are out of order).
  const withStart = resolved.with[0]?.span.start ?? Infinity;
  const beforeWith = resolved.clauses.filter((c) => c.span.start < withStart);
  const known = beforeWith.filter((c) => c.spec);
  if (spec.fixedOrder) {
    const index = spec.clauses.indexOf(clause);
    const order = (c: ResolvedClause) => spec.clauses.indexOf(c.spec!);
    const before = known.filter((c) => order(c) < index).sort((a, b) => order(b) - order(a) || b.span.start - a.span.start)[0];
    if (before) return { offset: clauseExtent(before).end, text: `${separator}${clauseText}` };
    const after = known.filter((c) => order(c) > index).sort((a, b) => a.span.start - b.span.start)[0];
    if (after) return { offset: after.span.start, text: `${clauseText}${separator}` };
  }
  const last = beforeWith[beforeWith.length - 1];
  if (last) return { offset: clauseExtent(last).end, text: `${separator}${clauseText}` };
  const lastSet = resolved.sets[resolved.sets.length - 1];
  if (lastSet && !needsSet) return { offset: lastSet.span.end, text: ` ${placeholderClause(clause)}` };
  const anchor = headSpan(ctx);
  return { offset: anchor.end, text: ` ${clauseText}` };
}
