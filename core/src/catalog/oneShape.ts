// The catalog's objects rebuilt with one shape per type: every field of the type, in one order, an
// absent one undefined. Written as object literals, each with the fields it needs, the statements
// had dozens of shapes (V8's hidden classes), their clauses, value shapes, WITH keys and enum values
// as many, so that every read of `spec.heads`, `clause.form` or `shape.kind` in the analysis met more
// shapes than V8 keeps apart and took its slowest kind of property read (megamorphic). One shape
// each, alternated pairs on one core at 10,000 statements: the first analysis in a process
// 0.95-0.97x (statements, clauses and names alone 0.975x), warm 0.94x; at 1,000 the first analysis 0.97x.
import type { ClauseSpec, EnumValue, GroupSpec, NameSpec, StatementSpec, ValueShape, WithKeySpec, WithSpec } from './types';

/** Every field of T, undefined: a literal of this type lists them all, so a field added to T must be added here. */
type EveryField<T> = { [K in keyof Required<T>]: undefined };
/** The fields of every member of a union (what one shape of them holds). */
type AnyMemberKey<U> = U extends unknown ? keyof U : never;

// A new object of each type's one shape, its fields undefined, in one order. Object.assign fills in
// what an object of the catalog has: its own fields are all the type's (test/catalog/oneShape.test.ts
// checks the shapes), so the copy keeps the shape, and the copy is the engine's, not one read per
// field in code of ours, which every differently shaped object of the catalog made megamorphic.
const statementFields = (): EveryField<StatementSpec> => ({
  id: undefined,
  heads: undefined,
  summary: undefined,
  doc: undefined,
  certainty: undefined,
  name: undefined,
  set: undefined,
  clauses: undefined,
  fixedOrder: undefined,
  with: undefined,
  sources: undefined,
  example: undefined,
  lists: undefined,
  argumentsOnly: undefined,
  openEnded: undefined,
  bucketPaths: undefined,
});
const clauseFields = (): EveryField<ClauseSpec> => ({
  key: undefined,
  form: undefined,
  value: undefined,
  required: undefined,
  doc: undefined,
  with: undefined,
  certainty: undefined,
  note: undefined,
  default: undefined,
  anyPosition: undefined,
  refersTo: undefined,
  onlyWhen: undefined,
  requiredWhen: undefined,
});
const nameFields = (): EveryField<NameSpec> => ({
  label: undefined,
  required: undefined,
  backticked: undefined,
  backtickedSource: undefined,
  dotted: undefined,
  creates: undefined,
  refersTo: undefined,
});
const valueFields = (): { [K in AnyMemberKey<ValueShape>]: undefined } => ({
  kind: undefined,
  examples: undefined,
  path: undefined,
  unit: undefined,
  min: undefined,
  values: undefined,
  group: undefined,
  quoting: undefined,
  open: undefined,
});
const withFields = (): EveryField<WithSpec> => ({
  keys: undefined,
  keysBy: undefined,
  prefixes: undefined,
  closed: undefined,
  doc: undefined,
});
const withKeyFields = (): EveryField<WithKeySpec> => ({
  key: undefined,
  doc: undefined,
  values: undefined,
  valuesClosed: undefined,
  requiredWhen: undefined,
  secret: undefined,
  source: undefined,
});
const enumValueFields = (): EveryField<EnumValue> => ({
  value: undefined,
  doc: undefined,
  spellingUnknown: undefined,
  label: undefined,
  onlyWhen: undefined,
});

/** Rebuilds each object once: one the catalog shares (a clause of several statements) stays one object. */
function once<T extends object>(make: (o: T) => T): (o: T) => T {
  const made = new Map<T, T>();
  return (o) => {
    let out = made.get(o);
    if (!out) made.set(o, (out = make(o)));
    return out;
  };
}

/** The statement rebuild and the ones under it, for one run over the catalog (its maps of what it made go with it). */
function statementRebuild(): (s: StatementSpec) => StatementSpec {
  const enumValue = once((v: EnumValue): EnumValue => Object.assign(enumValueFields(), v));
  const enumValues = (list: EnumValue[] | undefined) => list?.map(enumValue);
  const group = (g: GroupSpec): GroupSpec => ({
    keys: g.keys.map((k) => ({ key: k.key, doc: k.doc, required: k.required, value: value(k.value) })),
  });
  const value: (v: ValueShape) => ValueShape = once((v: ValueShape): ValueShape => {
    const out = Object.assign(valueFields(), v) as { values?: EnumValue[]; group?: GroupSpec };
    if (out.values) out.values = enumValues(out.values);
    if (out.group) out.group = group(out.group);
    return out as ValueShape;
  });
  const withKey = once((k: WithKeySpec): WithKeySpec => {
    const out: WithKeySpec = Object.assign(withKeyFields(), k);
    if (out.values) out.values = enumValues(out.values);
    return out;
  });
  const withSpec = once((w: WithSpec): WithSpec => {
    const out: WithSpec = Object.assign(withFields(), w);
    out.keys = out.keys.map(withKey);
    const by = out.keysBy;
    if (by)
      out.keysBy = {
        clause: by.clause,
        byValue: Object.fromEntries(Object.entries(by.byValue).map(([v, keys]) => [v, keys.map(withKey)])),
        prefixesByValue: by.prefixesByValue,
      };
    return out;
  });
  const name = once((n: NameSpec): NameSpec => Object.assign(nameFields(), n));
  const clause = once((c: ClauseSpec): ClauseSpec => {
    const out: ClauseSpec = Object.assign(clauseFields(), c);
    if (out.value) out.value = value(out.value);
    if (out.with) out.with = withSpec(out.with);
    return out;
  });
  const statement = (s: StatementSpec): StatementSpec => {
    const out: StatementSpec = Object.assign(statementFields(), s);
    if (out.name) out.name = name(out.name);
    out.clauses = out.clauses.map(clause);
    if (out.with) out.with = withSpec(out.with);
    return out;
  };
  return statement;
}

/** The statements with their clauses, names, value shapes, WITH specs and keys and enum values of one shape per type. */
export function statementsOfOneShape(specs: readonly StatementSpec[]): StatementSpec[] {
  return specs.map(statementRebuild());
}
