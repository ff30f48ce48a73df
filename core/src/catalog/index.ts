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
import type { Catalog, ClauseSpec, StatementSpec } from './types';

export type * from './types';

export const catalog: Catalog = {
  statements: [
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
  ],
};

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
