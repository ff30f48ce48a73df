// The kinds of object the service holds. Which statement creates, names or lists each kind, and
// which clause refers to which kind, is said on the statements themselves (NameSpec.creates /
// refersTo, ClauseSpec.refersTo, StatementSpec.lists): the "References between objects" table of
// the dialect, as data.
import type { ObjectKindSpec } from './types';

export const objectKinds: ObjectKindSpec[] = [
  { kind: 'lake', label: 'lake', plural: 'lakes', caseInsensitive: true },
  { kind: 'database', label: 'database', plural: 'databases', caseInsensitive: true },
  { kind: 'cluster', label: 'cluster', plural: 'clusters', caseInsensitive: true },
  { kind: 'source', label: 'source', plural: 'sources', caseInsensitive: true },
  { kind: 'catalog', label: 'catalog', plural: 'catalogs', caseInsensitive: true },
  { kind: 'transformation', label: 'transformation', plural: 'transformations', caseInsensitive: true },
  { kind: 'flow', label: 'flow', plural: 'flows', caseInsensitive: true },
  { kind: 'job', label: 'job', plural: 'jobs', caseInsensitive: true },
  { kind: 'jar', label: 'JAR', plural: 'JARs', caseInsensitive: true },
  { kind: 'table-service', label: 'table service', plural: 'table services', caseInsensitive: true },
];
