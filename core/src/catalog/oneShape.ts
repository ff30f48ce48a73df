// The catalog's statements, clauses and names rebuilt as objects of one shape per type: every field
// of the type, in one order, an absent one undefined. Written as object literals, each with the
// fields it needs, the 58 statements had dozens of shapes (V8's hidden classes) and their clauses
// as many, so that every read of `spec.heads` or `clause.form` in the analysis met more shapes than
// V8 keeps apart and took its slowest kind of property read (megamorphic). One shape each, alternated
// pairs (11, 10,000 statements): the first analysis in a process 0.97x, warm 0.94x.
import type { ClauseSpec, NameSpec, StatementSpec } from './types';

/** T with every field required: a literal of this type lists them all, so a field added to T must be added here. */
type EveryField<T> = { [K in keyof Required<T>]: T[K] };

function nameOfOneShape(n: NameSpec): NameSpec {
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
}

function clauseOfOneShape(c: ClauseSpec): ClauseSpec {
  const out: EveryField<ClauseSpec> = {
    key: c.key,
    form: c.form,
    value: c.value,
    required: c.required,
    doc: c.doc,
    with: c.with,
    certainty: c.certainty,
    note: c.note,
    default: c.default,
    anyPosition: c.anyPosition,
    refersTo: c.refersTo,
    onlyWhen: c.onlyWhen,
    requiredWhen: c.requiredWhen,
  };
  return out;
}

/** The statements of one shape; a clause (or name) object that several statements share stays one object. */
export function statementsOfOneShape(specs: readonly StatementSpec[]): StatementSpec[] {
  const clauses = new Map<ClauseSpec, ClauseSpec>();
  const names = new Map<NameSpec, NameSpec>();
  const clause = (c: ClauseSpec): ClauseSpec => {
    let made = clauses.get(c);
    if (!made) clauses.set(c, (made = clauseOfOneShape(c)));
    return made;
  };
  const name = (n: NameSpec | undefined): NameSpec | undefined => {
    if (!n) return undefined;
    let made = names.get(n);
    if (!made) names.set(n, (made = nameOfOneShape(n)));
    return made;
  };
  return specs.map((s) => {
    const out: EveryField<StatementSpec> = {
      id: s.id,
      heads: s.heads,
      summary: s.summary,
      doc: s.doc,
      certainty: s.certainty,
      name: name(s.name),
      set: s.set,
      clauses: s.clauses.map(clause),
      fixedOrder: s.fixedOrder,
      with: s.with,
      sources: s.sources,
      example: s.example,
      lists: s.lists,
      argumentsOnly: s.argumentsOnly,
      openEnded: s.openEnded,
      bucketPaths: s.bucketPaths,
    };
    return out;
  });
}
