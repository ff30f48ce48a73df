// Values against the shape the catalog gives them: quoted integers, strings, lists, names,
// booleans and enums. Partition groups are checked in groups.ts.
import { matchEnumValue } from '../catalog/index';
import type { EnumValue, ValueShape } from '../catalog/types';
import type { ScalarNode, ValueNode } from '../syntax/elements';
import type { DiagnosticCode } from '../diagnostics/codes';
import type { DiagnosticData, Severity } from '../types';
import { didYouMean } from './didYouMean';
import { expectedInWords, joinOr, quote } from '../describe';
import { isBareName, nearSyntaxIssue, nodeNearSyntaxIssue, report, sentence, type KnownContext } from './context';
import { checkGroups } from './groups';
import { valueOwner, type ValueOwner } from './valueOwner';
import { severityFor } from './severity';

/** Who owns a value, for messages and severity. */
export type { ValueOwner };

export function checkClauseValues(ctx: KnownContext): void {
  const clauses = ctx.resolved.clauses;
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i]!;
    const spec = clause.spec;
    if (!spec) continue;
    const owner = valueOwner(ctx, spec);
    if (!clause.value) {
      // KEY = with nothing after is a syntax error; a keyword clause with nothing after is ours to say.
      if (spec.form === 'keyword' && !nearSyntaxIssue(ctx, clause.span)) {
        report(
          ctx,
          clause.keySpan,
          severityFor(owner.certainty),
          'missing-keyword-value',
          `${spec.key} needs ${expectedInWords(spec.value)} after it${owner.note}.`,
        );
      }
      continue;
    }
    if (!spec.value || nodeNearSyntaxIssue(ctx, clause.value)) continue;
    checkValue(ctx, owner, clause.value, spec.value);
  }
}

/** The values whose spelling is known (SQL and Open Engines cluster types have none). */
function spelt(values: readonly EnumValue[]): EnumValue[] {
  return values.filter((v) => !v.spellingUnknown);
}

function written(value: string, quoting: 'quoted' | 'bare' | 'either'): string {
  return quoting === 'bare' ? value : quote(value);
}

/** What was written, in words. */
function found(value: ValueNode): string {
  switch (value.kind) {
    case 'string':
      return `the quoted string ${value.text}`;
    case 'integer':
      return `the number ${value.text}`;
    case 'name':
      return `the bare word ${value.text}`;
    case 'list':
      return 'a list';
  }
}

function fix(replacement: string): DiagnosticData {
  return { replacement, fixTitle: `Change to ${replacement}` };
}

/** The value is not of the shape its owner takes (a plain function: a closure per value checked was most of this rule's garbage). */
function wrongShape(
  ctx: KnownContext,
  owner: ValueOwner,
  value: ValueNode,
  shape: ValueShape,
  severity: Severity,
  code: DiagnosticCode,
  data?: DiagnosticData,
  extra = '',
): void {
  report(ctx, value.span, severity, code, `${owner.key} takes ${expectedInWords(shape)}, not ${found(value)}${extra}${owner.note}.`, data);
}

export function checkValue(ctx: KnownContext, owner: ValueOwner, value: ValueNode, shape: ValueShape): void {
  const severity = severityFor(owner.certainty);

  if (value.kind === 'list' && shape.kind !== 'stringList' && shape.kind !== 'groupList') {
    const only = value.items.length === 1 && value.items[0]!.kind !== 'group' ? (value.items[0] as ScalarNode) : undefined;
    report(
      ctx,
      value.span,
      severity,
      'list-for-scalar',
      `${owner.key} takes one value (${expectedInWords(shape)}), not a list${owner.note}.`,
      only && value.closed ? fix(only.text) : undefined,
    );
    return;
  }
  switch (shape.kind) {
    case 'integer':
      return checkInteger(ctx, owner, value as ScalarNode, shape, severity);
    case 'string':
      if (value.kind === 'integer' || value.kind === 'name')
        wrongShape(ctx, owner, value, shape, severity, 'expected-string', fix(quote(value.value)));
      return;
    case 'name':
      if (value.kind === 'string') {
        const bare = isBareName(value.value) ? value.value : `\`${value.value}\``;
        wrongShape(ctx, owner, value, shape, severity, 'expected-name', fix(bare), ` (names are not quoted: write ${bare})`);
      } else if (value.kind === 'integer') {
        wrongShape(ctx, owner, value, shape, severity, 'expected-name');
      }
      return;
    case 'stringList':
      return checkStringList(ctx, owner, value, shape, severity);
    case 'groupList':
      if (value.kind !== 'list') return wrongShape(ctx, owner, value, shape, severity, 'expected-groups');
      return checkGroups(ctx, owner, value, shape.group, checkValue);
    case 'boolean':
      return checkBoolean(ctx, owner, value as ScalarNode, severity);
    case 'enum':
      return checkEnum(ctx, owner, value as ScalarNode, shape);
  }
}

function checkInteger(
  ctx: KnownContext,
  owner: ValueOwner,
  value: ScalarNode,
  shape: Extract<ValueShape, { kind: 'integer' }>,
  severity: Severity,
): void {
  if (value.kind === 'string' && /^\s*\d+\s*$/.test(value.value)) {
    const digits = value.value.trim();
    // The service rejects a quoted integer with a parse error, so this is an error wherever the
    // statement was at least seen; only a clause guessed from its name makes it a warning.
    const sev: Severity = owner.certainty === 'name' ? 'warning' : 'error';
    // As an error it is a known rejection, so the "may accept it" note would contradict it.
    const note = sev === 'error' ? '' : owner.note;
    report(
      ctx,
      value.span,
      sev,
      'quoted-integer',
      `${owner.key} takes ${expectedInWords(shape)}, not a quoted string: write ${digits}, not ${value.text}${note}.`,
      {
        replacement: digits,
        fixTitle: `Unquote: ${digits}`,
      },
    );
    return;
  }
  if (value.kind !== 'integer') return wrongShape(ctx, owner, value, shape, severity, 'expected-integer');
  if (shape.min !== undefined && Number(value.value) < shape.min) {
    report(ctx, value.span, severity, 'integer-range', `${owner.key} is at least ${shape.min}${owner.note}.`);
  }
}

function checkStringList(
  ctx: KnownContext,
  owner: ValueOwner,
  value: ValueNode,
  shape: Extract<ValueShape, { kind: 'stringList' }>,
  severity: Severity,
): void {
  const known = shape.values;
  if (value.kind !== 'list') {
    const item = value.kind === 'string' ? value.text : quote(value.value);
    wrongShape(
      ctx,
      owner,
      value,
      shape,
      severity,
      'expected-list',
      fix(`(${item})`),
      ` (a single value is written as a one-item list: (${item}))`,
    );
    return;
  }
  const items = value.items;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind === 'group') {
      report(ctx, item.span, severity, 'expected-string', `${owner.key} takes quoted strings, not KEY = value groups${owner.note}.`);
    } else if (item.kind === 'integer') {
      report(
        ctx,
        item.span,
        severity,
        'expected-string',
        `${owner.key} takes quoted strings, not the number ${item.text}${owner.note}.`,
        fix(quote(item.value)),
      );
    } else if (known && !known.some((k) => k.value === item.value)) {
      const names = known.map((k) => k.value);
      const suggestion = didYouMean(item.value, names);
      const data = suggestion ? fix(quote(suggestion)) : undefined;
      report(
        ctx,
        item.span,
        suggestion ? 'warning' : 'information',
        'unknown-list-value',
        `${item.text} is not a known value of ${owner.key}${suggestion ? `; did you mean ${quote(suggestion)}?` : ''} (known: ${joinOr(names.map(quote))}; the service may know others).`,
        data,
      );
    }
  }
}

function checkBoolean(ctx: KnownContext, owner: ValueOwner, value: ScalarNode, severity: Severity): void {
  if (value.kind === 'string' && (value.value === 'true' || value.value === 'false')) return;
  const lower = value.value.toLowerCase();
  const exact = lower === 'true' || lower === 'false' ? lower : undefined;
  const suggestion =
    value.kind === 'integer'
      ? lower === '1'
        ? 'true'
        : lower === '0'
          ? 'false'
          : undefined
      : (exact ?? didYouMean(lower, ['true', 'false']));
  const data = suggestion ? fix(quote(suggestion)) : undefined;
  if (value.kind === 'name' && exact) {
    report(
      ctx,
      value.span,
      severity,
      'unquoted-boolean',
      `${owner.key} takes the quoted string ${quote(exact)}, not the bare word ${value.text}${owner.note}.`,
      data,
    );
    return;
  }
  const shown = value.kind === 'string' ? value.text : value.value;
  report(
    ctx,
    value.span,
    severity,
    'invalid-boolean',
    sentence(
      `${owner.key} takes 'true' or 'false' (quoted, lower case), not ${shown}${owner.note}${suggestion ? `; did you mean ${quote(suggestion)}?` : ''}`,
    ),
    data,
  );
}

function checkEnum(ctx: KnownContext, owner: ValueOwner, value: ScalarNode, shape: Extract<ValueShape, { kind: 'enum' }>): void {
  const severity = severityFor(owner.certainty);
  const isQuoted = value.kind === 'string';
  // Most values are written as the catalog writes them: found by a loop, without a match object.
  const exact = exactValue(shape.values, value.value);
  const found = exact ? undefined : matchEnumValue(shape.values, value.value);
  if (found?.how === 'guessed') {
    // Documented as a thing, not as a spelling: the service decides, the editor only says so.
    const known = joinOr(spelt(shape.values).map((v) => written(v.value, shape.quoting)));
    const shown = isQuoted ? value.text : value.value;
    const label = found.value.label ?? found.value.value;
    report(
      ctx,
      value.span,
      'information',
      'undocumented-spelling',
      `${shown} is read as the ${label} value of ${owner.key}; how statements spell ${label} is not documented (spellings seen: ${known}), so the service decides whether it accepts it.`,
    );
    return;
  }
  // Bare values are keywords (PAUSE, IMPORT): matched case-insensitively, like every keyword.
  const match = exact ? exact.value : found && (found.how === 'exact' || value.kind === 'name') ? found.value.value : undefined;
  if (match !== undefined) {
    if (shape.quoting === 'quoted' && !isQuoted) {
      report(
        ctx,
        value.span,
        severity,
        'enum-quoting',
        `${owner.key} values are quoted: write ${quote(match)}${owner.note}.`,
        fix(quote(match)),
      );
    } else if (shape.quoting === 'bare' && isQuoted && isBareName(match)) {
      report(ctx, value.span, severity, 'enum-quoting', `${owner.key} values are not quoted: write ${match}${owner.note}.`, fix(match));
    }
    return;
  }
  const candidates = spelt(shape.values)
    .map((v) => v.value)
    .filter((v) => v !== '');
  const suggestion = candidates.find((v) => v.toUpperCase() === value.value.toUpperCase()) ?? didYouMean(value.value, candidates);
  const style = shape.quoting === 'either' ? (isQuoted ? 'quoted' : 'bare') : shape.quoting;
  const replacement = suggestion !== undefined ? written(suggestion, style) : undefined;
  const shown = isQuoted ? value.text : value.value;
  const hint = replacement ? `; did you mean ${replacement}?` : '.';
  if (shape.open) {
    report(
      ctx,
      value.span,
      'information',
      'unknown-enum-value',
      `${shown} is not among the ${owner.key} values seen so far (${expectedInWords(shape)})${hint} The service may accept others.`,
      replacement ? fix(replacement) : undefined,
    );
    return;
  }
  report(
    ctx,
    value.span,
    severity,
    'unknown-enum-value',
    `${shown} is not a value of ${owner.key}${hint} ${owner.key} is ${expectedInWords(shape)}${owner.note}.`,
    replacement ? fix(replacement) : undefined,
  );
}

/** The value written exactly as the catalog spells it (matchEnumValue's 'exact'), if any. */
function exactValue(values: readonly EnumValue[], written: string): EnumValue | undefined {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!v.spellingUnknown && v.value === written) return v;
  }
  return undefined;
}
