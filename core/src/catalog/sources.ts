// Sources and catalogs: known by name only [name].
import { argumentsOnly, guessedStatement } from './guessed';
import type { StatementSpec } from './types';

export const sourceStatements: StatementSpec[] = argumentsOnly([
  guessedStatement(
    'create-source',
    ['CREATE', 'SOURCE'],
    'Create a source that flows read from (e.g. Kafka).',
    'CREATE SOURCE kafka_source',
    {
      name: { label: 'source name', required: true, creates: 'source' },
      with: { keys: [], doc: 'Source settings (keys not documented).' },
    },
  ),
  guessedStatement('delete-source', ['DELETE', 'SOURCE'], 'Delete a source.', 'DELETE SOURCE kafka_source', {
    name: { label: 'source name', required: true, refersTo: 'source' },
  }),
  guessedStatement('show-sources', ['SHOW', 'SOURCES'], 'List the sources of the project.', 'SHOW SOURCES', { lists: 'source' }),
  guessedStatement('create-catalog', ['CREATE', 'CATALOG'], 'Create a catalog that tables are synced to.', 'CREATE CATALOG glue_catalog', {
    name: { label: 'catalog name', required: true, creates: 'catalog' },
    with: { keys: [], doc: 'Catalog settings (keys not documented).' },
  }),
  guessedStatement('delete-catalog', ['DELETE', 'CATALOG'], 'Delete a catalog.', 'DELETE CATALOG glue_catalog', {
    name: { label: 'catalog name', required: true, refersTo: 'catalog' },
  }),
  guessedStatement('show-catalogs', ['SHOW', 'CATALOGS'], 'List the catalogs of the project.', 'SHOW CATALOGS', { lists: 'catalog' }),
]);
