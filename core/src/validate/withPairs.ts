// WITH pairs: where a WITH may stand, which keys are known (by statement, by the value of another
// clause, by prefix), and repeated keys. Values of keys with known values are checked in withValues.ts.
import type { Certainty, WithKeySpec, WithSpec } from '../catalog/types';
import type { ResolvedClause } from '../model/resolved';
import type { ScalarNode, WithNode, WithPairNode } from '../syntax/elements';
import { didYouMean } from './didYouMean';
import { repeatedKeys } from './repeatedKeys';
import { joinOr, quote } from '../describe';
import { counted, listFull, report, type KnownContext } from './context';
import { clauseCertainty, guessNote, headOf, severityFor } from './severity';
import { checkRequiredWithKeys, checkWithValue } from './withValues';

export function checkWith(ctx: KnownContext): void {
  const { spec, resolved } = ctx;
  const clauses = resolved.clauses;
  for (let c = 0; c < clauses.length; c++) {
    const clause = clauses[c]!;
    if (clause.with && clause.spec?.with)
      checkPairs(ctx, clause.with, clause.spec.with, clause.spec.key, clauseCertainty(spec, clause.spec));
    else if (clause.spec?.form === 'flag' && clause.spec.with && !clause.with) {
      report(
        ctx,
        clause.keySpan,
        severityFor(clauseCertainty(spec, clause.spec)),
        'missing-with',
        `${clause.spec.key} is followed by WITH 'key' = 'value' pairs${guessNote(ctx, clause.spec)}.`,
      );
    }
  }
  for (let i = 0; i < resolved.with.length; i++) {
    const node = resolved.with[i]!;
    if (!spec.with) {
      const owners = spec.clauses.filter((c) => c.with).map((c) => c.key);
      const where = owners.length ? `; only ${joinOr(owners)} take WITH pairs, right after their value` : '';
      const severity = spec.openEnded ? 'information' : severityFor(spec.certainty);
      report(ctx, node.keyword, severity, 'unexpected-with', `${headOf(ctx)} takes no WITH here${where}${guessNote(ctx)}.`);
      continue;
    }
    if (i > 0) {
      report(ctx, node.keyword, 'warning', 'duplicate-with', 'A second WITH: put all pairs in one WITH, separated by commas.');
    }
    checkPairs(ctx, node, spec.with, headOf(ctx), spec.certainty);
  }
}

const NO_PREFIXES: readonly string[] = [];

type KnownKeys = {
  keys: readonly WithKeySpec[];
  prefixes: readonly string[];
  by?: { clause: string; value: string };
  /** The keys by name (the first of a name, as a search in order finds), for fixed keys: made once. */
  byKey?: ReadonlyMap<string, WithKeySpec>;
};

/** knownKeys of the WITH specs whose keys depend on nothing written: worked out once per spec (read only). */
const fixedKeys = new WeakMap<WithSpec, KnownKeys | undefined>();

/** The known key spelt `key`, if any (a loop: a closure per pair was this rule's garbage). */
function keySpecOf(known: KnownKeys | undefined, key: string): WithKeySpec | undefined {
  if (!known) return undefined;
  if (known.byKey) return known.byKey.get(key);
  const keys = known.keys;
  for (let i = 0; i < keys.length; i++) if (keys[i]!.key === key) return keys[i];
  return undefined;
}

function byName(keys: readonly WithKeySpec[]): Map<string, WithKeySpec> {
  const map = new Map<string, WithKeySpec>();
  for (const k of keys) if (!map.has(k.key)) map.set(k.key, k);
  return map;
}

/** The keys known for this use of WITH, or undefined when they are not known. */
function knownKeys(ctx: KnownContext, withSpec: WithSpec): KnownKeys | undefined {
  // Most WITH specs have fixed keys: the catalog's own lists, no copy per statement.
  if (!withSpec.keysBy) {
    if (fixedKeys.has(withSpec)) return fixedKeys.get(withSpec);
    const prefixes = withSpec.prefixes ?? NO_PREFIXES;
    const known =
      withSpec.keys.length === 0 && prefixes.length === 0 ? undefined : { keys: withSpec.keys, prefixes, byKey: byName(withSpec.keys) };
    fixedKeys.set(withSpec, known);
    return known;
  }
  const keys = [...withSpec.keys];
  const prefixes = [...(withSpec.prefixes ?? [])];
  let by: { clause: string; value: string } | undefined;
  if (withSpec.keysBy) {
    const clause: ResolvedClause | undefined = ctx.resolved.clauses.find((c) => c.spec?.key === withSpec.keysBy!.clause);
    const value = clause?.value && clause.value.kind !== 'list' ? clause.value.value.toUpperCase() : undefined;
    const extra = value !== undefined ? withSpec.keysBy.byValue[value] : undefined;
    const extraPrefixes = value !== undefined ? withSpec.keysBy.prefixesByValue?.[value] : undefined;
    // Keys depend on a value we do not know them for (USER_PROVIDED, RESTORE, or none given): say nothing.
    if (!extra && !extraPrefixes) return undefined;
    keys.push(...(extra ?? []));
    prefixes.push(...(extraPrefixes ?? []));
    by = { clause: withSpec.keysBy.clause, value: value! };
  }
  if (keys.length === 0 && prefixes.length === 0) return undefined;
  return { keys, prefixes, by };
}

function checkPairs(ctx: KnownContext, node: WithNode, withSpec: WithSpec, owner: string, certainty: Certainty): void {
  const known = knownKeys(ctx, withSpec);
  // A WITH has a few pairs: a look back costs less than a table per WITH; a long one (hostile input) gets the table.
  const pairs = node.pairs;
  const repeated = pairs.length > 16 ? repeatedKeys(pairs) : undefined;
  /** What an unknown key's message says of the known keys: the same for every pair, written at the first. */
  let described: DescribedKeys | undefined;
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!;
    const key = pair.keyValue;
    if (pair.keyKind !== 'string') {
      // The reference's grammar has only quoted keys (WITH 'k' = 'v'): a bare key is a syntax error there.
      if (listFull(ctx)) counted(ctx, 'error', 'unquoted-with-key');
      else
        report(
          ctx,
          pair.key.span,
          'error',
          'unquoted-with-key',
          `WITH keys are quoted strings; the service's grammar rejects a bare key: write ${quote(key)}.`,
          { replacement: quote(key), fixTitle: `Quote: ${quote(key)}` },
        );
    }
    const valueKind = pair.valueKind;
    if (valueKind === 'name' || valueKind === 'integer') {
      if (listFull(ctx)) counted(ctx, 'warning', 'unquoted-with-value');
      else {
        const value = pair.value as ScalarNode;
        const q = quote(value.value);
        report(ctx, value.span, 'warning', 'unquoted-with-value', `WITH values are quoted strings: write ${q}.`, {
          replacement: q,
          fixTitle: `Quote: ${q}`,
        });
      }
    }
    if (repeated ? repeated[i] === 1 : keyBefore(pairs, i, key)) {
      if (listFull(ctx)) counted(ctx, 'warning', 'duplicate-with-key');
      else
        report(
          ctx,
          pair.key.span,
          'warning',
          'duplicate-with-key',
          `${quote(key)} is given twice in this WITH; the service may reject it or keep either value.`,
        );
    }
    const keySpec = keySpecOf(known, key);
    if (keySpec) checkWithValue(ctx, pair, keySpec, certainty);
    if (!known || keySpec || known.prefixes.some((p) => key.startsWith(p))) continue;
    if (listFull(ctx)) {
      counted(ctx, 'information', 'unknown-with-key');
      continue;
    }
    described ??= describeKnown(known, owner);
    const suggestion = didYouMean(key, described.names);
    const elsewhere = known.by ? otherValueOf(withSpec, key) : undefined;
    const why = elsewhere
      ? `; it is a key of ${known.by!.clause} '${elsewhere}'`
      : suggestion
        ? `; did you mean ${quote(suggestion)}?`
        : '';
    const tail = withSpec.closed ? '' : ' The service may accept other keys.';
    const data =
      suggestion && !elsewhere
        ? { replacement: pair.keyKind === 'string' ? quote(suggestion) : suggestion, fixTitle: `Change to ${quote(suggestion)}` }
        : undefined;
    report(
      ctx,
      pair.key.span,
      'information',
      'unknown-with-key',
      `${quote(key)} is not a known WITH key of ${described.forWhat}${why} (known: ${described.knownText}).${tail}`,
      data,
    );
  }
  if (known) checkRequiredWithKeys(ctx, node, known.keys, certainty);
}

interface DescribedKeys {
  names: string[];
  /** The use of WITH: its owner, and the value its keys depend on. */
  forWhat: string;
  /** The known keys and prefixes, quoted. */
  knownText: string;
}

function describeKnown(known: KnownKeys, owner: string): DescribedKeys {
  const names = known.keys.map((k) => k.key);
  const listed = names.length ? joinOr(names.map(quote)) : '';
  const prefixText = known.prefixes.length ? `keys starting with ${joinOr(known.prefixes.map(quote))}` : '';
  return {
    names,
    forWhat: known.by ? `${owner} with ${known.by.clause} '${known.by.value}'` : owner,
    knownText: [listed, prefixText].filter(Boolean).join(', or '),
  };
}

/** True when a pair before pairs[i] has the key `key`. */
function keyBefore(pairs: readonly WithPairNode[], i: number, key: string): boolean {
  for (let j = 0; j < i; j++) if (pairs[j]!.keyValue === key) return true;
  return false;
}

/** The other value of the keyed clause whose keys include `key` (a CONVERT_CDC key under ROW_FILTERING). */
function otherValueOf(withSpec: WithSpec, key: string): string | undefined {
  for (const [value, keys] of Object.entries(withSpec.keysBy?.byValue ?? {})) if (keys.some((k) => k.key === key)) return value;
  for (const [value, prefixes] of Object.entries(withSpec.keysBy?.prefixesByValue ?? {}))
    if (prefixes.some((p) => key.startsWith(p))) return value;
  return undefined;
}
