// Lakes and databases: SHOW LAKES seen in an example [seen]; the rest known by name only.
// A lake has a type (MANAGED or OBSERVED), a bucket path ending with '/', and a default services
// cluster; how statements spell these is not documented, so the clauses below are guesses and the
// bucket path rule also holds for any value that looks like one.
import { argumentsOnly, GUESSED, guessedStatement } from './guessed';
import type { ClauseSpec, PathRule, StatementSpec, WithSpec } from './types';

const lakeOf: ClauseSpec = {
  key: 'LAKE',
  value: { kind: 'string' },
  refersTo: 'lake',
  certainty: 'name',
  doc: 'Lake that holds the database.',
  note: 'guessed by analogy with CREATE FLOW; not documented for this statement',
};

const bucketPath: PathRule = { endsWith: '/', what: "a lake's bucket path" };
const notSpelt = 'the product documents this setting of a lake; how statements spell the clause is not documented';
const lakeClauses: ClauseSpec[] = [
  {
    key: 'TYPE',
    value: {
      kind: 'enum',
      quoting: 'quoted',
      values: [
        { value: 'MANAGED', doc: 'A managed lake.' },
        { value: 'OBSERVED', doc: 'An observed lake.' },
      ],
    },
    certainty: 'name',
    doc: 'Kind of lake: MANAGED or OBSERVED.',
    note: notSpelt,
  },
  {
    key: 'BUCKET_PATH',
    value: { kind: 'string', examples: ['s3://bucket/lake/'], path: bucketPath },
    certainty: 'name',
    doc: "Bucket path that holds the lake's data.",
    note: notSpelt,
  },
];
const lakeWith: WithSpec = { keys: [], doc: 'Lake settings (keys not documented).' };
const lakeDoc =
  "A lake has a type (MANAGED or OBSERVED), a bucket path that must end with '/', and a default services cluster; " +
  'how statements spell these is not documented.';

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
  ...argumentsOnly([
    guessedStatement('create-lake', ['CREATE', 'LAKE'], 'Create a lake.', 'CREATE LAKE main_lake', {
      doc: `Create a lake. ${GUESSED} ${lakeDoc}`,
      name: { label: 'lake name', required: true, creates: 'lake' },
      clauses: lakeClauses,
      bucketPaths: bucketPath,
      with: lakeWith,
    }),
    guessedStatement('alter-lake', ['ALTER', 'LAKE'], 'Change a lake.', 'ALTER LAKE main_lake', {
      doc: `Change a lake. ${GUESSED} ${lakeDoc}`,
      name: { label: 'lake name', required: true, refersTo: 'lake' },
      bucketPaths: bucketPath,
      with: lakeWith,
    }),
    guessedStatement('delete-lake', ['DELETE', 'LAKE'], 'Delete a lake.', 'DELETE LAKE main_lake', {
      name: { label: 'lake name', required: true, refersTo: 'lake' },
    }),
    guessedStatement(
      'create-database',
      ['CREATE', 'DATABASE'],
      'Create a database in a lake.',
      "CREATE DATABASE sales LAKE = 'main_lake'",
      {
        name: { label: 'database name', required: true, creates: 'database' },
        clauses: [lakeOf],
      },
    ),
    guessedStatement('delete-database', ['DELETE', 'DATABASE'], 'Delete a database.', "DELETE DATABASE sales LAKE = 'main_lake'", {
      name: { label: 'database name', required: true, refersTo: 'database' },
      clauses: [lakeOf],
    }),
    guessedStatement('show-databases', ['SHOW', 'DATABASES'], 'List databases.', 'SHOW DATABASES', {
      lists: 'database',
      clauses: [lakeOf],
    }),
  ]),
];
