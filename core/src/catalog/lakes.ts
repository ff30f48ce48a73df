// Lakes and databases: SHOW LAKES seen in an example [seen]; the rest known by name only.
import type { ClauseSpec, StatementSpec } from './types';

const guess = 'Syntax guessed from the statement\u2019s name only.';
const lakeOf: ClauseSpec = {
  key: 'LAKE',
  value: { kind: 'string' },
  refersTo: 'lake',
  certainty: 'name',
  doc: 'Lake that holds the database.',
  note: 'guessed by analogy with CREATE FLOW; not documented for this statement',
};

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

export const lakeStatements: StatementSpec[] = [
  {
    id: 'show-lakes',
    heads: [['SHOW', 'LAKES']],
    summary: 'List the lakes of the project.',
    doc: 'Lists lakes. Seen in an example.',
    certainty: 'seen',
    lists: 'lake',
    clauses: [],
    example: 'SHOW LAKES',
  },
  simple('create-lake', ['CREATE', 'LAKE'], 'Create a lake.', 'CREATE LAKE main_lake', {
    name: { label: 'lake name', required: true, creates: 'lake' },
    with: { keys: [], doc: 'Lake settings (keys not documented).' },
  }),
  simple('alter-lake', ['ALTER', 'LAKE'], 'Change a lake.', 'ALTER LAKE main_lake', {
    name: { label: 'lake name', required: true, refersTo: 'lake' },
    with: { keys: [], doc: 'Lake settings (keys not documented).' },
  }),
  simple('delete-lake', ['DELETE', 'LAKE'], 'Delete a lake.', 'DELETE LAKE main_lake', { name: { label: 'lake name', required: true, refersTo: 'lake' } }),
  simple('create-database', ['CREATE', 'DATABASE'], 'Create a database in a lake.', "CREATE DATABASE sales LAKE = 'main_lake'", {
    name: { label: 'database name', required: true, creates: 'database' },
    clauses: [lakeOf],
  }),
  simple('delete-database', ['DELETE', 'DATABASE'], 'Delete a database.', "DELETE DATABASE sales LAKE = 'main_lake'", {
    name: { label: 'database name', required: true, refersTo: 'database' },
    clauses: [lakeOf],
  }),
  simple('show-databases', ['SHOW', 'DATABASES'], 'List databases.', 'SHOW DATABASES', { lists: 'database', clauses: [lakeOf] }),
];
