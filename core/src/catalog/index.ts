// The whole dialect catalog and small lookups over it.
import { clusterStatements } from './clusters';
import { flowStatements } from './flows';
import { jarStatements } from './jars';
import { jobStatements } from './jobs';
import { lakeStatements } from './lakes';
import { ocuStatements } from './ocu';
import { policyStatements } from './policies';
import { sourceStatements } from './sources';
import { tableServiceStatements } from './tableServices';
import { transformationStatements } from './transformations';
import { objectKinds } from './objectKinds';
import { statementsOfOneShape } from './oneShape';
import type { Catalog, ClauseSpec, EnumValue, ObjectKind, ObjectKindSpec, StatementSpec } from './types';

export type * from './types';

/**
 * The catalog files' statements as they wrote them: `catalog` holds them rebuilt (oneShape.ts), and
 * is what everything reads; test/catalog/oneShape.test.ts compares the two.
 */
export const writtenStatements: readonly StatementSpec[] = [
  ...flowStatements,
  ...clusterStatements,
  ...jobStatements,
  ...ocuStatements,
  ...tableServiceStatements,
  ...transformationStatements,
  ...lakeStatements,
  ...sourceStatements,
  ...jarStatements,
  ...policyStatements,
];

export const catalog: Catalog = { statements: statementsOfOneShape(writtenStatements) };

const byId = new Map(catalog.statements.map((s) => [s.id, s]));

export function statementById(id: string): StatementSpec | undefined {
  return byId.get(id);
}

export interface HeadEntry {
  head: string[];
  spec: StatementSpec;
}

// Longest first, so that a matcher trying heads in order picks SHOW POLICIES DIFF before SHOW POLICIES.
const heads: readonly HeadEntry[] = catalog.statements
  .flatMap((spec) => spec.heads.map((head) => ({ head, spec })))
  .sort((a, b) => b.head.length - a.head.length);

/** Every head with its spec, longest first (stable within a length). */
export function allHeads(): readonly HeadEntry[] {
  return heads;
}

const verbSet: ReadonlySet<string> = new Set(heads.map((h) => h.head[0]!.toUpperCase()));

/** The upper-case first words of all heads (CREATE, ALTER, SHOW, ...). */
export function verbs(): ReadonlySet<string> {
  return verbSet;
}

/** The clause of a spec with the given key, matched case-insensitively and ignoring extra spaces. */
export function clauseOf(spec: StatementSpec, key: string): ClauseSpec | undefined {
  const k = key.trim().replace(/\s+/g, ' ').toUpperCase();
  return spec.clauses.find((c) => c.key === k);
}

export { objectKinds } from './objectKinds';

const kindSpecs = new Map(objectKinds.map((k) => [k.kind, k]));

export function objectKindSpec(kind: ObjectKind): ObjectKindSpec {
  return kindSpecs.get(kind)!;
}

/** The statements whose name creates an object of the kind (CREATE CLUSTER, UPLOAD JAR). */
export function statementsCreating(kind: ObjectKind): StatementSpec[] {
  return catalog.statements.filter((s) => s.name?.creates === kind);
}

/** The statements whose name is that of an existing object of the kind (ALTER / DELETE / DESCRIBE / RUN …). */
export function statementsNaming(kind: ObjectKind): StatementSpec[] {
  return catalog.statements.filter((s) => s.name?.refersTo === kind);
}

/** The SHOW statement that lists the kind, if the catalog knows one. */
export function statementListing(kind: ObjectKind): StatementSpec | undefined {
  return catalog.statements.find((s) => s.lists === kind);
}

/** The DESCRIBE statement of the kind, if the catalog knows one. */
export function statementDescribing(kind: ObjectKind): StatementSpec | undefined {
  return statementsNaming(kind).find((s) => s.heads[0]![0] === 'DESCRIBE');
}

/** The kinds the catalog can list with a SHOW statement, in catalog order. */
export function listableKinds(): ObjectKindSpec[] {
  return objectKinds.filter((k) => statementListing(k.kind));
}

/**
 * The key under which the service would consider two names the same: backticks (or the quotes of a
 * string value) are not part of a name, and every kind compares case-insensitively (see ObjectKindSpec).
 */
export function objectNameKey(written: string): string {
  const t = written.trim();
  const unwrapped = t.length >= 2 && (t[0] === '`' || t[0] === "'") && t[t.length - 1] === t[0] ? t.slice(1, -1) : t;
  return unquotedNameKey(unwrapped);
}

/** objectNameKey of a name whose quotes are already off (a string's value): names compare without case. */
export function unquotedNameKey(name: string): string {
  return name.toLowerCase();
}

/** Upper case without spaces, '_' or '-': how a value of unknown spelling is compared ('Open Engines' = 'OPEN_ENGINES'). */
function looseSpelling(text: string): string {
  return text.toUpperCase().replace(/[\s_-]+/g, '');
}

export interface EnumMatch {
  value: EnumValue;
  /** 'exact': as the catalog writes it; 'case': differs in case only; 'guessed': a value whose spelling is unknown, matched loosely. */
  how: 'exact' | 'case' | 'guessed';
}

/** Which of the values a written value stands for, if any. A trailing S is ignored for guessed spellings (OPEN_ENGINE). */
export function matchEnumValue(values: readonly EnumValue[], written: string): EnumMatch | undefined {
  const exact = values.find((v) => !v.spellingUnknown && v.value === written);
  if (exact) return { value: exact, how: 'exact' };
  const upper = written.toUpperCase();
  const cased = values.find((v) => !v.spellingUnknown && v.value.toUpperCase() === upper);
  if (cased) return { value: cased, how: 'case' };
  const loose = looseSpelling(written).replace(/S$/, '');
  const sameLoosely = (v: EnumValue) => [v.value, v.label ?? v.value].some((t) => looseSpelling(t).replace(/S$/, '') === loose);
  const guessed = values.find((v) => v.spellingUnknown && sameLoosely(v));
  return guessed ? { value: guessed, how: 'guessed' } : undefined;
}
