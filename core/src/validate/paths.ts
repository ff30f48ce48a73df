// Paths that must end a certain way: the value of a clause whose shape says so (BUCKET_PATH), and,
// in statements whose clause for it is not documented (CREATE / ALTER LAKE), any value that looks
// like a bucket path. Warnings: the rule is documented, where it applies is partly a guess.
import type { PathRule } from '../catalog/types';
import type { ScalarNode, ValueNode, WithNode } from '../syntax/elements';
import type { Severity } from '../types';
import { quote } from '../describe';
import { nearSyntaxIssue, report, type KnownContext } from './context';
import { clauseCertainty, guessNote, headOf, severityFor } from './severity';

/** scheme://something: s3://bucket/dir, gs://…, abfss://…. */
const bucketLike = /^[a-z][a-z0-9+.-]*:\/\/\S/i;

export function checkPaths(ctx: KnownContext): void {
  const { spec, resolved } = ctx;
  let checked: Set<ValueNode> | undefined; // made for the few statements with a path clause
  const clauses = resolved.clauses;
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i]!;
    const shape = clause.spec?.value;
    if (shape?.kind !== 'string' || !shape.path || clause.value?.kind !== 'string') continue;
    (checked ??= new Set()).add(clause.value);
    // The rule is documented; a stated clause makes it an error, a guessed one (BUCKET_PATH) a warning.
    const stated = !guessNote(ctx, clause.spec);
    checkEnd(
      ctx,
      clause.value,
      shape.path,
      severityFor(clauseCertainty(spec, clause.spec)),
      stated ? '' : ` (how ${headOf(ctx)} names ${shape.path.what} is not documented; ${clause.spec!.key} is a guess)`,
    );
  }
  const rule = spec.bucketPaths;
  if (!rule) return;
  // The clauses' values, then the pairs' of the statement's WITHs, then of the clauses' WITHs:
  // visited in place (a list of them all was made for every such statement).
  for (let i = 0; i < clauses.length; i++) checkBucketLike(ctx, clauses[i]!.value, rule, checked);
  for (let i = 0; i < resolved.with.length; i++) checkPairsBucketLike(ctx, resolved.with[i], rule, checked);
  for (let i = 0; i < clauses.length; i++) checkPairsBucketLike(ctx, clauses[i]!.with, rule, checked);
}

function checkPairsBucketLike(ctx: KnownContext, node: WithNode | undefined, rule: PathRule, checked: Set<ValueNode> | undefined): void {
  if (!node) return;
  // Only a string value's node is made (see WithPair).
  for (let i = 0; i < node.pairs.length; i++)
    if (node.pairs[i]!.valueKind === 'string') checkBucketLike(ctx, node.pairs[i]!.value, rule, checked);
}

/** A value that looks like a bucket path in a statement whose clause for it is not documented. */
function checkBucketLike(ctx: KnownContext, value: ValueNode | undefined, rule: PathRule, checked: Set<ValueNode> | undefined): void {
  if (value?.kind !== 'string' || checked?.has(value) || !bucketLike.test(value.value)) return;
  checkEnd(ctx, value, rule, 'warning', ` (it looks like one; how ${headOf(ctx)} names ${rule.what} is not documented)`);
}

function checkEnd(ctx: KnownContext, value: ScalarNode, rule: PathRule, severity: Severity, note: string): void {
  // An open string's text is not what the person means yet: the syntax error comes first.
  if (value.value === '' || value.value.endsWith(rule.endsWith) || nearSyntaxIssue(ctx, value.span)) return;
  const fixed = quote(value.value + rule.endsWith);
  report(ctx, value.span, severity, 'path-end', `${capitalise(rule.what)} must end with ${quote(rule.endsWith)}: write ${fixed}${note}.`, {
    replacement: fixed,
    fixTitle: `Add ${quote(rule.endsWith)}: ${fixed}`,
  });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
