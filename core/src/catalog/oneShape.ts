// The catalog's objects rebuilt with one shape per type: every field of the type, in one order, an
// absent one undefined. Written as object literals, each with the fields it needs, the 58 statements
// had dozens of shapes (V8's hidden classes), their clauses, value shapes, WITH keys and enum values
// as many, so that every read of `spec.heads`, `clause.form` or `shape.kind` in the analysis met more
// shapes than V8 keeps apart and took its slowest kind of property read (megamorphic). One shape
// each, alternated pairs on one core at 10,000 statements: the first analysis in a process 0.95x
// (statements, clauses and names alone 0.975x), warm 0.94x; at 1,000 the first analysis 0.97x.
import type { ClauseSpec, EnumValue, GroupSpec, NameSpec, StatementSpec, ValueShape, WithKeySpec, WithSpec } from './types';

/** T with every field required: a literal of this type lists them all, so a field added to T must be added here. */
type EveryField<T> = { [K in keyof Required<T>]: T[K] };
/** The fields of every member of a union. */
type AnyMemberKey<U> = U extends unknown ? keyof U : never;
/** A union's members as one object type: every field any member has (what one shape of them holds). */
type EveryMemberField<U> = { [K in AnyMemberKey<U>]: U extends unknown ? (K extends keyof U ? U[K] : undefined) : never };

/** Rebuilds each object once: one the catalog shares (a clause of several statements) stays one object. */
function once<T extends object>(make: (o: T) => T): (o: T) => T {
  const made = new Map<T, T>();
  return (o) => {
    let out = made.get(o);
    if (!out) made.set(o, (out = make(o)));
    return out;
  };
}

/** Every rebuild, for one run over the catalog (its maps of what it made go with it). */
function rebuilders() {
  const enumValue = once((v: EnumValue): EnumValue => {
    const out: EveryField<EnumValue> = {
      value: v.value,
      doc: v.doc,
      spellingUnknown: v.spellingUnknown,
      label: v.label,
      onlyWhen: v.onlyWhen,
    };
    return out;
  });
  const enumValues = (list: EnumValue[] | undefined) => list?.map(enumValue);
  const group = (g: GroupSpec): GroupSpec => ({
    keys: g.keys.map((k) => ({ key: k.key, doc: k.doc, required: k.required, value: value(k.value) })),
  });
  const value: (v: ValueShape) => ValueShape = once((v: ValueShape): ValueShape => {
    const w = v as Partial<EveryMemberField<ValueShape>>;
    const out: EveryMemberField<ValueShape> = {
      kind: v.kind,
      examples: w.examples,
      path: w.path,
      unit: w.unit,
      min: w.min,
      values: enumValues(w.values),
      group: w.group && group(w.group),
      quoting: w.quoting,
      open: w.open,
    };
    return out as ValueShape;
  });
  const withKey = once((k: WithKeySpec): WithKeySpec => {
    const out: EveryField<WithKeySpec> = {
      key: k.key,
      doc: k.doc,
      values: enumValues(k.values),
      valuesClosed: k.valuesClosed,
      requiredWhen: k.requiredWhen,
      secret: k.secret,
      source: k.source,
    };
    return out;
  });
  const withSpec = once((w: WithSpec): WithSpec => {
    const by = w.keysBy;
    const out: EveryField<WithSpec> = {
      keys: w.keys.map(withKey),
      keysBy: by && {
        clause: by.clause,
        byValue: Object.fromEntries(Object.entries(by.byValue).map(([v, keys]) => [v, keys.map(withKey)])),
        prefixesByValue: by.prefixesByValue,
      },
      prefixes: w.prefixes,
      closed: w.closed,
      doc: w.doc,
    };
    return out;
  });
  const name = once((n: NameSpec): NameSpec => {
    const out: EveryField<NameSpec> = {
      label: n.label,
      required: n.required,
      backticked: n.backticked,
      backtickedSource: n.backtickedSource,
      dotted: n.dotted,
      creates: n.creates,
      refersTo: n.refersTo,
    };
    return out;
  });
  const clause = once((c: ClauseSpec): ClauseSpec => {
    const out: EveryField<ClauseSpec> = {
      key: c.key,
      form: c.form,
      value: c.value && value(c.value),
      required: c.required,
      doc: c.doc,
      with: c.with && withSpec(c.with),
      certainty: c.certainty,
      note: c.note,
      default: c.default,
      anyPosition: c.anyPosition,
      refersTo: c.refersTo,
      onlyWhen: c.onlyWhen,
      requiredWhen: c.requiredWhen,
    };
    return out;
  });
  const statement = (s: StatementSpec): StatementSpec => {
    const out: EveryField<StatementSpec> = {
      id: s.id,
      heads: s.heads,
      summary: s.summary,
      doc: s.doc,
      certainty: s.certainty,
      name: s.name && name(s.name),
      set: s.set,
      clauses: s.clauses.map(clause),
      fixedOrder: s.fixedOrder,
      with: s.with && withSpec(s.with),
      sources: s.sources,
      example: s.example,
      lists: s.lists,
      argumentsOnly: s.argumentsOnly,
      openEnded: s.openEnded,
      bucketPaths: s.bucketPaths,
    };
    return out;
  };
  return { statement };
}

/** The statements with their clauses, names, value shapes, WITH specs and keys and enum values of one shape per type. */
export function statementsOfOneShape(specs: readonly StatementSpec[]): StatementSpec[] {
  return specs.map(rebuilders().statement);
}
