// Which WITH keys apply where: the statement's WITH or the clause's that owns it, and keys that
// depend on another clause's value (transformation TYPE, table SERVICE); and values that apply
// only with another clause's value (GPU workers on Open Engines clusters).
import { matchEnumValue } from './catalog/index';
import type { EnumValue, StatementSpec, WithKeySpec, WithSpec } from './catalog/types';
import type { ResolvedStatement } from './model/resolved';
import type { ScalarNode } from './syntax/elements';

/** The WITH spec in force for a WITH keyword at `withStart` (statement-relative offset). */
export function withSpecAt(resolved: ResolvedStatement, withStart: number): WithSpec | undefined {
  // A clause owns the WITH that follows it directly (ALTER FLOW ... SET SOURCE = 'x' WITH ...).
  let owner: (typeof resolved.clauses)[number] | undefined;
  for (const c of resolved.clauses) if (c.span.end <= withStart) owner = c;
  if (owner?.spec?.with && (!owner.with || owner.with.keyword.start === withStart)) return owner.spec.with;
  return resolved.spec?.with;
}

export interface ApplicableKey extends WithKeySpec {
  /** For keys that depend on a clause value: 'TYPE = ROW_FILTERING'. */
  condition?: string;
}

/**
 * The keys a WITH accepts here. Keys that depend on a clause value are those of the value given
 * in the statement; when it is not given yet, all of them, each with its condition.
 */
export function applicableKeys(spec: WithSpec, resolved: ResolvedStatement): ApplicableKey[] {
  const keys: ApplicableKey[] = [...spec.keys];
  const by = spec.keysBy;
  if (!by) return keys;
  const given = resolved.clauses.find((c) => c.key === by.clause)?.value;
  const value = given && given.kind !== 'list' ? (given as ScalarNode).value.toUpperCase() : undefined;
  if (value !== undefined && by.byValue[value]) return keys.concat(by.byValue[value]!);
  if (value !== undefined) return keys;
  for (const [v, list] of Object.entries(by.byValue)) {
    for (const k of list) keys.push({ ...k, condition: `${by.clause} = ${v}` });
  }
  return keys;
}

export interface ApplicablePrefix {
  prefix: string;
  /** For prefixes that depend on a clause value: 'TYPE = DERIVED_DATE'. */
  condition?: string;
}

/** The key prefixes a WITH accepts here, chosen like applicableKeys. */
export function applicablePrefixes(spec: WithSpec, resolved: ResolvedStatement): ApplicablePrefix[] {
  const prefixes: ApplicablePrefix[] = (spec.prefixes ?? []).map((prefix) => ({ prefix }));
  const by = spec.keysBy;
  if (!by?.prefixesByValue) return prefixes;
  const given = resolved.clauses.find((c) => c.key === by.clause)?.value;
  const value = given && given.kind !== 'list' ? (given as ScalarNode).value.toUpperCase() : undefined;
  if (value !== undefined) return prefixes.concat((by.prefixesByValue[value] ?? []).map((prefix) => ({ prefix })));
  for (const [v, list] of Object.entries(by.prefixesByValue)) {
    for (const prefix of list) prefixes.push({ prefix, condition: `${by.clause} = ${v}` });
  }
  return prefixes;
}

/** Every prefix a WITH spec knows, whatever the clause values (for hover). */
export function allPrefixes(spec: WithSpec): string[] {
  return [...(spec.prefixes ?? []), ...Object.values(spec.keysBy?.prefixesByValue ?? {}).flat()];
}

/** Every key a statement knows anywhere (for hover on a key whatever its context). */
export function allKeys(spec: StatementSpec): WithKeySpec[] {
  const specs = [spec.with, ...spec.clauses.map((c) => c.with)].filter((w): w is WithSpec => !!w);
  return specs.flatMap((w) => [...w.keys, ...Object.values(w.keysBy?.byValue ?? {}).flat()]);
}

/**
 * The clause value that rules out a value whose onlyWhen it does not meet (TYPE = 'SPARK' for the
 * GPU worker type), as written; undefined when the value has no such condition, or the clause is
 * missing (ALTER CLUSTER has no TYPE) or its value is not recognised.
 */
export function unmetCondition(value: EnumValue, resolved: ResolvedStatement): ScalarNode | undefined {
  const when = value.onlyWhen;
  if (!when) return undefined;
  const clause = resolved.clauses.find((c) => c.spec?.key === when.clause);
  const shape = clause?.spec?.value;
  const given = clause?.value;
  if (!given || given.kind === 'list' || shape?.kind !== 'enum') return undefined;
  const match = matchEnumValue(shape.values, given.value);
  return match && match.value.value !== when.value ? given : undefined;
}
