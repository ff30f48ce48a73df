// Sources and catalogs: known by name only [name].
import type { StatementSpec } from './types';

const guess = 'Syntax guessed from the statement\u2019s name only.';

const simple = (id: string, head: string[], summary: string, example: string, extra: Partial<StatementSpec> = {}): StatementSpec => ({
  id,
  heads: [head],
  summary,
  doc: `${summary} ${guess}`,
  certainty: 'name',
  clauses: [],
  openEnded: true,
  example,
  ...extra,
});

export const sourceStatements: StatementSpec[] = [
  simple('create-source', ['CREATE', 'SOURCE'], 'Create a source that flows read from (e.g. Kafka).', 'CREATE SOURCE kafka_source', {
    name: { label: 'source name', required: true, creates: 'source' },
    with: { keys: [], doc: 'Source settings (keys not documented).' },
  }),
  simple('delete-source', ['DELETE', 'SOURCE'], 'Delete a source.', 'DELETE SOURCE kafka_source', {
    name: { label: 'source name', required: true, refersTo: 'source' },
  }),
  simple('show-sources', ['SHOW', 'SOURCES'], 'List the sources of the project.', 'SHOW SOURCES', { lists: 'source' }),
  simple('create-catalog', ['CREATE', 'CATALOG'], 'Create a catalog that tables are synced to.', 'CREATE CATALOG glue_catalog', {
    name: { label: 'catalog name', required: true, creates: 'catalog' },
    with: { keys: [], doc: 'Catalog settings (keys not documented).' },
  }),
  simple('delete-catalog', ['DELETE', 'CATALOG'], 'Delete a catalog.', 'DELETE CATALOG glue_catalog', {
    name: { label: 'catalog name', required: true, refersTo: 'catalog' },
  }),
  simple('show-catalogs', ['SHOW', 'CATALOGS'], 'List the catalogs of the project.', 'SHOW CATALOGS', { lists: 'catalog' }),
];
