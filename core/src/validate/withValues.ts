// WITH values against the values the catalog knows for their key: a value the reference does not
// list is an error (the list is closed), one outside values only seen is information. And keys a
// value of another key makes necessary (convert_cdc.target_schema for mongodb).
import { unmetCondition } from '../applicableWithKeys';
import type { Certainty, EnumValue, WithKeySpec } from '../catalog/types';
import type { ScalarNode, WithNode, WithPairNode } from '../syntax/elements';
import type { DiagnosticData } from '../types';
import { didYouMean } from './didYouMean';
import { joinOr, quote } from '../describe';
import { nodeNearSyntaxIssue, report, type KnownContext } from './context';
import { severityFor } from './severity';

/** Checks the value of one pair whose key is known. Lists and missing values are left to other rules. */
export function checkWithValue(ctx: KnownContext, pair: WithPairNode, key: WithKeySpec, certainty: Certainty): void {
  const known = key.values;
  const written = pair.scalarValue;
  if (!known?.length || written === undefined) return;
  const exact = valueSpelt(known, written);
  // A known value that applies anywhere (most): nothing to say, and no node made (see WithPair).
  if (exact && !exact.onlyWhen) return;
  const value = pair.value as ScalarNode;
  if (nodeNearSyntaxIssue(ctx, value)) return;
  if (exact) return checkOnlyWhen(ctx, value, exact);
  // Only a value not known needs the names (most values are known).
  const names = known.map((v) => v.value);
  const sameCase = names.find((n) => n.toUpperCase() === written.toUpperCase());
  const suggestion = sameCase ?? didYouMean(written, names);
  const data: DiagnosticData | undefined =
    suggestion !== undefined ? { replacement: quote(suggestion), fixTitle: `Change to ${quote(suggestion)}` } : undefined;
  const shown = value.kind === 'string' ? value.text : written;
  const listed = joinOr(names.map(quote));
  if (!key.valuesClosed) {
    const hint = suggestion !== undefined ? `; did you mean ${quote(suggestion)}?` : '.';
    report(
      ctx,
      value.span,
      'information',
      'unknown-with-value',
      `${shown} is not among the values of ${quote(key.key)} seen so far (${listed})${hint} The service may accept others.`,
      data,
    );
    return;
  }
  if (sameCase !== undefined) {
    // The reference writes the value in this case; whether the service compares case is not documented.
    report(
      ctx,
      value.span,
      'warning',
      'unknown-with-value',
      `The reference writes ${quote(sameCase)}, not ${shown}; the service may not accept another case.`,
      data,
    );
    return;
  }
  const hint = suggestion !== undefined ? `; did you mean ${quote(suggestion)}?` : '.';
  report(
    ctx,
    value.span,
    severityFor(certainty),
    'unknown-with-value',
    `${shown} is not a value of ${quote(key.key)}${hint} The reference lists ${listed}.`,
    data,
  );
}

/**
 * A value that applies only with another clause's value (the GPU worker type on Open Engines
 * clusters): information when that clause is given and reads as another value. Nothing when it
 * is missing (ALTER CLUSTER has no TYPE) or not recognised.
 */
function checkOnlyWhen(ctx: KnownContext, value: ScalarNode, known: EnumValue): void {
  const given = unmetCondition(known, ctx.resolved);
  const when = known.onlyWhen;
  if (!given || !when) return;
  report(
    ctx,
    value.span,
    'information',
    'inapplicable-value',
    `${value.text}: ${when.note}, and this statement has ${when.clause} = ${given.text}. The service decides whether it accepts it.`,
  );
}

/**
 * Keys another pair's value makes necessary and that the WITH lacks: reported at that value, with
 * a fix that appends the key with an empty value for the person to fill in.
 */
export function checkRequiredWithKeys(ctx: KnownContext, node: WithNode, keys: readonly WithKeySpec[], certainty: Certainty): void {
  const pairs = node.pairs;
  const last = pairs[pairs.length - 1];
  if (!last || !someRequiredWhen(keys)) return;
  for (const key of keys) {
    const when = key.requiredWhen;
    if (!when || hasKey(pairs, key.key)) continue;
    const value = valueNeeding(pairs, when);
    if (!value) continue;
    const insert = `, ${quote(key.key)} = ''`;
    report(
      ctx,
      value.span,
      severityFor(certainty),
      'missing-with-key',
      `${quote(when.key)} = ${value.text} needs ${quote(key.key)} in the same WITH.`,
      {
        insert: { offset: (last.value ?? last.key).span.end, text: insert },
        fixTitle: `Add ${quote(key.key)}`,
      },
    );
  }
}

/** True when a pair has the key `key` (a loop: a set of every key was 30 MB for a WITH of 700,000 pairs). */
function hasKey(pairs: readonly WithPairNode[], key: string): boolean {
  for (let i = 0; i < pairs.length; i++) if (pairs[i]!.keyValue === key) return true;
  return false;
}

/** The first scalar value of `when.key` among `when.values` (any case). */
function valueNeeding(pairs: readonly WithPairNode[], when: { key: string; values: readonly string[] }): ScalarNode | undefined {
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!;
    if (pair.keyValue !== when.key) continue;
    const kind = pair.valueKind;
    if (kind === undefined || kind === 'list') continue;
    const v = pair.value as ScalarNode;
    if (when.values.some((w) => w.toLowerCase() === v.value.toLowerCase())) return v;
  }
  return undefined;
}

/** True when a key is needed for another's value (few are): only then is the WITH looked through. */
function someRequiredWhen(keys: readonly WithKeySpec[]): boolean {
  for (let i = 0; i < keys.length; i++) if (keys[i]!.requiredWhen) return true;
  return false;
}

/** The known value spelt `written` (a loop: a closure per pair checked was this rule's garbage). */
function valueSpelt(known: readonly EnumValue[], written: string): EnumValue | undefined {
  for (let i = 0; i < known.length; i++) if (known[i]!.value === written) return known[i];
  return undefined;
}
