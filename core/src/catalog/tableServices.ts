// Table services (clustering, compaction, cleaning, catalog sync, ...). Only the statement names
// are documented [name]; the one example alters a service of a table, head guessed.
import { argumentsOnly, guessedStatement } from './guessed';
import type { ClauseSpec, EnumValue, NameSpec, StatementSpec } from './types';

const guess = 'Syntax guessed from the statement\u2019s name only; the service decides what it accepts.';

const services: EnumValue[] = [
  { value: 'CLUSTER', doc: 'Re-cluster the table data by chosen fields.' },
  { value: 'COMPACT', doc: 'Merge small files.' },
  { value: 'CLEAN', doc: 'Remove old file versions.' },
  { value: 'METASYNC', doc: 'Sync the table to catalogs.' },
  { value: 'AUTOSAVEPOINT', doc: 'Take savepoints automatically (newer).' },
  { value: 'RESTORE', doc: 'Restore the table to a savepoint (newer).' },
];

const lake: ClauseSpec = { key: 'LAKE', value: { kind: 'string' }, refersTo: 'lake', doc: 'Lake that holds the table.' };
const database: ClauseSpec = { key: 'DATABASE', value: { kind: 'string' }, refersTo: 'database', doc: 'Database that holds the table.' };
const service: ClauseSpec = {
  key: 'SERVICE',
  value: { kind: 'enum', values: services, quoting: 'quoted', open: true },
  doc: 'Which table service.',
};

const nameOnly = (id: string, head: string[], summary: string, example: string, extra: Partial<StatementSpec> = {}): StatementSpec =>
  guessedStatement(id, head, summary, example, extra, guess);

const serviceName: NameSpec = { label: 'table service name', required: false, refersTo: 'table-service' };
const newServiceName: NameSpec = { label: 'table service name', required: false, creates: 'table-service' };
const tableName = { label: 'table name', required: false };

export const tableServiceStatements: StatementSpec[] = argumentsOnly([
  {
    id: 'alter-service-in-table',
    heads: [['ALTER', 'SERVICE', 'IN', 'TABLE']],
    summary: 'Turn a table service on or off, or change its settings.',
    doc:
      'Enables, disables or configures one service (CLUSTER, COMPACT, CLEAN, METASYNC, ...) of a table. ' +
      'Services run AUTOMATIC (default) or ON_DEMAND. ' +
      'The clauses come from an example; the leading words are a guess, so the service may expect another head.',
    certainty: 'name',
    name: { label: 'table name', required: true },
    clauses: [
      { ...lake, required: 'warn' },
      { ...database, required: 'warn' },
      { ...service, required: 'warn' },
      {
        key: 'ENABLED',
        value: {
          kind: 'enum',
          quoting: 'quoted',
          values: [
            { value: 'TRUE', doc: 'Turn the service on.' },
            { value: 'FALSE', doc: 'Turn the service off.' },
          ],
        },
        doc: "Whether the service runs ('TRUE' or 'FALSE', upper case in the example).",
      },
    ],
    with: {
      keys: [],
      keysBy: {
        clause: 'SERVICE',
        byValue: {
          CLUSTER: [
            { key: 'cluster.field.names', doc: 'Comma-separated fields to cluster the data by.' },
            { key: 'cluster.layout.strategy', doc: 'How clustered data is laid out.' },
            { key: 'cluster.frequency', doc: 'How often clustering runs.' },
          ],
          COMPACT: [
            { key: 'compaction.max.bytes', doc: 'Largest size of a compacted file, in bytes.' },
            { key: 'compaction.frequency', doc: 'How often compaction runs.' },
          ],
          CLEAN: [
            { key: 'cleaner.retention.days', doc: 'Days old file versions are kept.' },
            { key: 'cleaner.frequency', doc: 'How often cleaning runs.' },
          ],
          METASYNC: [{ key: 'metasync.catalogs', doc: 'Comma-separated catalogs the table is synced to.' }],
        },
      },
      doc: 'Settings of the chosen service.',
    },
    openEnded: true,
    example:
      "ALTER SERVICE IN TABLE orders LAKE = 'main_lake' DATABASE = 'sales' SERVICE = 'METASYNC' ENABLED = 'TRUE' WITH 'metasync.catalogs' = 'glue_catalog'",
  },
  nameOnly('create-table-service', ['CREATE', 'TABLE_SERVICE'], 'Create a table service.', 'CREATE TABLE_SERVICE orders_compaction', {
    name: newServiceName,
  }),
  nameOnly('alter-table-service', ['ALTER', 'TABLE_SERVICE'], 'Change a table service.', 'ALTER TABLE_SERVICE orders_compaction', {
    name: serviceName,
  }),
  nameOnly('delete-table-service', ['DELETE', 'TABLE_SERVICE'], 'Delete a table service.', 'DELETE TABLE_SERVICE orders_compaction', {
    name: serviceName,
  }),
  nameOnly('pause-table-service', ['PAUSE', 'TABLE_SERVICE'], 'Pause a table service.', 'PAUSE TABLE_SERVICE orders_compaction', {
    name: serviceName,
  }),
  nameOnly(
    'resume-table-service',
    ['RESUME', 'TABLE_SERVICE'],
    'Resume a paused table service.',
    'RESUME TABLE_SERVICE orders_compaction',
    { name: serviceName },
  ),
  nameOnly(
    'cancel-table-service',
    ['CANCEL', 'TABLE_SERVICE'],
    'Cancel a running table service.',
    'CANCEL TABLE_SERVICE orders_compaction',
    { name: serviceName },
  ),
  nameOnly(
    'describe-table-service',
    ['DESCRIBE', 'TABLE_SERVICE'],
    'Show the settings and state of a table service.',
    'DESCRIBE TABLE_SERVICE orders_compaction',
    { name: serviceName },
  ),
  nameOnly('show-table-services', ['SHOW', 'TABLE_SERVICES'], 'List table services.', 'SHOW TABLE_SERVICES', { lists: 'table-service' }),
  nameOnly(
    'show-runs-in-table-service',
    ['SHOW', 'RUNS', 'IN', 'TABLE_SERVICE'],
    'List the runs of a table service.',
    'SHOW RUNS IN TABLE_SERVICE orders_compaction',
    {
      name: serviceName,
    },
  ),
  nameOnly(
    'alter-services-cluster-in-table',
    ['ALTER', 'SERVICES', 'CLUSTER', 'IN', 'TABLE'],
    'Change the cluster that runs the services of a table.',
    "ALTER SERVICES CLUSTER IN TABLE orders LAKE = 'main_lake' DATABASE = 'sales'",
    {
      name: tableName,
      clauses: [
        { ...lake, certainty: 'name' },
        { ...database, certainty: 'name' },
      ],
    },
  ),
  nameOnly(
    'run-service-in-table',
    ['RUN', 'SERVICE', 'IN', 'TABLE'],
    'Run a table service once (for ON_DEMAND services).',
    "RUN SERVICE IN TABLE orders LAKE = 'main_lake' DATABASE = 'sales' SERVICE = 'COMPACT'",
    {
      name: tableName,
      clauses: [
        { ...lake, certainty: 'name' },
        { ...database, certainty: 'name' },
        { ...service, certainty: 'name' },
      ],
    },
  ),
]);
