// Flows (older name: stream captures). CREATE and ALTER are stated by the reference [ref];
// DELETE / DESCRIBE / SHOW are known by name only.
import type { ClauseCondition, ClauseSpec, EnumValue, SourceRef, StatementSpec, ValueShape, WithKeySpec } from './types';

// The vendor pages the flow rules rest on (docs.onehouse.ai).
const flowConfigsPage = { page: 'Flow Configurations page', url: 'docs.onehouse.ai/product/ingest-data/flows/flow-configs' };
const alterFlowPage = { page: 'ALTER FLOW reference', url: 'docs.onehouse.ai/api/sql-command-reference/alter-capture-stream' };
const createFlowPage = {
  page: 'CREATE STREAM CAPTURE reference',
  url: 'docs.onehouse.ai/docs/api/sql-command-reference/create-stream-capture',
};
const terraformFlowPage = { page: "Terraform provider's onehouse_flow page", url: 'docs.onehouse.ai/terraform-provider/resources/flow' };

const appendOnly = (says: string, page: Omit<SourceRef, 'says'> = flowConfigsPage): ClauseCondition => ({
  clause: 'WRITE_MODE',
  values: ['IMMUTABLE'],
  what: 'append-only (IMMUTABLE) flows',
  source: { ...page, says },
});
const mutableOnly = (says: string): ClauseCondition => ({
  clause: 'WRITE_MODE',
  values: ['MUTABLE'],
  what: 'MUTABLE flows',
  source: { ...flowConfigsPage, says },
});

const performanceProfileRule = appendOnly('PERFORMANCE_PROFILE: … Only available for Flows in Append-only write mode.', alterFlowPage);
/** The flow-configs page: "Sorting Key Fields … Append-only write mode only"; the Terraform provider's example sorts a MUTABLE flow. */
const sortingKeyRule: ClauseCondition = {
  ...appendOnly('Sorting Key Fields … Append-only write mode only'),
  disputedBy: {
    ...terraformFlowPage,
    says: 'its example "Flow with partitioning, transformations, and validations" sets sorting_key_fields on a MUTABLE flow',
  },
};
const precombineRule = mutableOnly('Precombine Key Fields … Mutable write mode only');
/** The flow-configs page needs record keys for MUTABLE flows; the Terraform provider's Kafka example has none. */
const recordKeyRule: ClauseCondition = {
  ...mutableOnly('Record Key Fields … required for Mutable write mode'),
  disputedBy: {
    ...terraformFlowPage,
    says: 'its example "Kafka flow with schema registry" is a MUTABLE flow without record_key_fields',
  },
};
const clauseOrderSource: SourceRef = {
  ...createFlowPage,
  says: 'The order of fields must be maintained as specified in the syntax above.',
};

const performanceProfiles: EnumValue[] = [
  { value: 'BALANCED', doc: 'Balance between write and read speed.' },
  { value: 'FASTEST_READ', doc: 'Optimise the table layout for queries.' },
  { value: 'FASTEST_WRITE', doc: 'Optimise for ingestion speed.' },
];

const validations: EnumValue[] = [
  { value: 'schemavalidation', doc: 'Quarantine records that do not match the schema.' },
  { value: 'timestampvalidation', doc: 'Quarantine records with invalid timestamps.' },
];

const dateFormat: ValueShape = { kind: 'string', examples: ['yyyy-mm-dd', 'yyyy/mm/dd', 'yyyymmdd'] };

const performanceProfile = (onlyWhen?: ClauseCondition): ClauseSpec => ({
  key: 'PERFORMANCE_PROFILE',
  value: { kind: 'enum', values: performanceProfiles, quoting: 'quoted' },
  doc: 'Trade-off between write and read speed.',
  note: 'only for append-only (IMMUTABLE) flows',
  ...(onlyWhen ? { onlyWhen } : {}),
});
const minSync: ClauseSpec = {
  key: 'MIN_SYNC_FREQUENCY_MINS',
  value: { kind: 'integer', unit: 'minutes' },
  doc: 'Minimum time between two syncs into the table, in minutes (unquoted integer).',
};
const transformations: ClauseSpec = {
  key: 'TRANSFORMATIONS',
  value: { kind: 'stringList' },
  refersTo: 'transformation',
  doc: 'Names of transformations applied to records, in order.',
};
const validationsClause: ClauseSpec = {
  key: 'VALIDATIONS',
  value: { kind: 'stringList', values: validations },
  doc: 'Record validations; records that fail go to quarantine.',
};
const quarantine: ClauseSpec = {
  key: 'QUARANTINE_ENABLED',
  value: { kind: 'boolean' },
  doc: "Whether records that fail validation are kept in a quarantine table ('true' or 'false').",
};

/**
 * The WITH keys the vendor documents for a flow's source, on any page: CREATE FLOW and ALTER FLOW SET
 * SOURCE take the same union (a key one page shows is not unknown on the other).
 */
const flowSourceWithKeys: WithKeySpec[] = [
  {
    key: 'kafka.topic.name',
    doc: 'The Kafka topic the flow reads.',
    source: { ...createFlowPage, says: "WITH 'kafka.topic.name' = …" },
  },
  {
    key: 'kafka.topic.type',
    doc: 'The kind of topic.',
    values: [{ value: 'event' }],
    source: { ...createFlowPage, says: "'kafka.topic.type' = 'event'" },
  },
  {
    key: 'kafka.startingOffsets',
    doc: 'Where to start reading the topic.',
    values: [{ value: 'earliest' }, { value: 'latest' }],
    source: { ...alterFlowPage, says: "'kafka.startingOffsets' = 'latest' (the Alter Source example)" },
  },
  {
    key: 'kafka.topic.schema.name',
    doc: 'Name of the schema of the topic.',
    source: { ...alterFlowPage, says: "'kafka.topic.schema.name' = 'kafka-topic-name-value' (the Alter Source example)" },
  },
];

const createFlow: StatementSpec = {
  id: 'create-flow',
  heads: [
    ['CREATE', 'FLOW'],
    ['CREATE', 'STREAM', 'CAPTURE'],
  ],
  summary: 'Create a flow that ingests a source into a lake table.',
  doc:
    'Creates a flow (older name: stream capture) that continuously writes records from a source into a table of a lake database. ' +
    'The clauses must appear in the order the reference shows. CREATE STREAM CAPTURE is the older name of the same statement.',
  certainty: 'ref',
  name: { label: 'flow name', required: true, creates: 'flow' },
  fixedOrder: true,
  sources: [
    clauseOrderSource,
    performanceProfileRule.source,
    precombineRule.source,
    sortingKeyRule.source,
    sortingKeyRule.disputedBy!,
    recordKeyRule.source,
    recordKeyRule.disputedBy!,
  ],
  clauses: [
    { key: 'SOURCE', value: { kind: 'string' }, required: true, refersTo: 'source', doc: 'Name of the source to read from.' },
    { key: 'LAKE', value: { kind: 'string' }, required: true, refersTo: 'lake', doc: 'Lake that holds the target table.' },
    { key: 'DATABASE', value: { kind: 'string' }, required: true, refersTo: 'database', doc: 'Database that holds the target table.' },
    { key: 'TABLE_NAME', value: { kind: 'string' }, required: true, doc: 'Name of the target table.' },
    {
      key: 'WRITE_MODE',
      value: {
        kind: 'enum',
        quoting: 'quoted',
        values: [
          { value: 'IMMUTABLE', doc: 'Append only: records are never updated.' },
          { value: 'MUTABLE', doc: 'Records with the same key are updated (upserts).' },
        ],
      },
      required: true,
      doc: 'Whether records are appended only or may be updated.',
    },
    {
      key: 'CLUSTER',
      value: { kind: 'string' },
      refersTo: 'cluster',
      required: 'warn',
      doc: 'Cluster that runs the flow.',
      note: "required by the newer reference, but the reference's own example omits it",
    },
    performanceProfile({
      ...performanceProfileRule,
      source: { ...flowConfigsPage, says: 'Performance Profile … Append-only write mode only' },
    }),
    { key: 'SOURCE_DATA_SCHEMA', value: { kind: 'string' }, doc: 'Schema of the source records.' },
    { key: 'CATALOGS', value: { kind: 'stringList' }, refersTo: 'catalog', doc: 'Catalogs the table is synced to.' },
    transformations,
    {
      key: 'RECORD_KEY_FIELDS',
      value: { kind: 'stringList' },
      requiredWhen: recordKeyRule,
      doc: 'Fields that identify a record.',
      note: 'needed by MUTABLE flows (the flow-configs page; a Terraform example omits it)',
    },
    {
      key: 'PARTITION_KEY_FIELDS',
      value: {
        kind: 'groupList',
        group: {
          keys: [
            { key: 'field', doc: 'Field to partition by.', required: true, value: { kind: 'string' } },
            {
              key: 'partition_type',
              doc: "How the field is turned into a partition: '' (as is) or a date type.",
              required: true,
              value: {
                kind: 'enum',
                quoting: 'quoted',
                values: [
                  { value: '', doc: 'Use the value as is.' },
                  { value: 'DATE_STRING', doc: 'The field is a date string.' },
                  { value: 'EPOCH_MILLIS', doc: 'The field is a time in milliseconds since the epoch.' },
                  { value: 'EPOCH_MICROS', doc: 'The field is a time in microseconds since the epoch.' },
                ],
              },
            },
            { key: 'input_format', doc: 'Date pattern of the field (for date types).', required: false, value: dateFormat },
            { key: 'output_format', doc: 'Date pattern of the partition path (for date types).', required: false, value: dateFormat },
          ],
        },
      },
      doc: 'Partition groups: (field = ... partition_type = ... input_format = ... output_format = ..., ...).',
    },
    {
      key: 'PRECOMBINE_KEY_FIELD',
      value: { kind: 'string' },
      onlyWhen: precombineRule,
      doc: 'Field that picks the newest of records with the same key.',
      note: 'only for MUTABLE flows',
    },
    {
      key: 'SORTING_KEY_FIELDS',
      value: { kind: 'stringList' },
      onlyWhen: sortingKeyRule,
      doc: 'Fields the table data is sorted by.',
      note: 'for append-only (IMMUTABLE) flows by the flow-configs page; a Terraform example uses it with MUTABLE',
    },
    minSync,
    quarantine,
    validationsClause,
    {
      key: 'TABLE_TYPE',
      value: {
        kind: 'enum',
        quoting: 'quoted',
        values: [
          { value: 'COPY_ON_WRITE', doc: 'Rewrite files on update: faster reads.' },
          { value: 'MERGE_ON_READ', doc: 'Log updates and merge when reading: faster writes (the default).' },
        ],
      },
      certainty: 'name',
      default: 'MERGE_ON_READ',
      anyPosition: true,
      doc: 'Storage type of the table.',
      note: "the table type exists in the vendor's CLI and Terraform provider; its SQL clause name and position are not documented",
    },
  ],
  with: {
    keys: flowSourceWithKeys,
    doc: 'Source settings, e.g. the Kafka topic (the keys the vendor documents for CREATE and ALTER FLOW).',
  },
  example: `CREATE FLOW orders_flow
  SOURCE = 'kafka_source'
  LAKE = 'main_lake'
  DATABASE = 'sales'
  TABLE_NAME = 'orders'
  WRITE_MODE = 'MUTABLE'
  CLUSTER = 'flow_cluster'
  RECORD_KEY_FIELDS = ('order_id')
  PARTITION_KEY_FIELDS = (field = 'created_at' partition_type = 'DATE_STRING' input_format = 'yyyy-mm-dd' output_format = 'yyyy/mm/dd')
  PRECOMBINE_KEY_FIELD = 'updated_at'
  MIN_SYNC_FREQUENCY_MINS = 5
  QUARANTINE_ENABLED = 'true'
  VALIDATIONS = ('schemavalidation', 'timestampvalidation')
  WITH 'kafka.topic.name' = 'orders', 'kafka.topic.type' = 'event'`,
};

const alterFlow: StatementSpec = {
  id: 'alter-flow',
  heads: [
    ['ALTER', 'FLOW'],
    ['ALTER', 'STREAM', 'CAPTURE'],
  ],
  summary: 'Change one thing about a flow: its state, source, cluster or settings.',
  doc:
    'Applies exactly one SET action to a flow (older name: stream capture). ' +
    'To change several things, send several ALTER FLOW statements.',
  certainty: 'ref',
  name: { label: 'flow name', required: true, refersTo: 'flow' },
  set: 'oneAction',
  sources: [{ ...alterFlowPage, says: 'You must use exactly one of the optional parameters in the query.' }, performanceProfileRule.source],
  clauses: [
    {
      key: 'STATE',
      value: {
        kind: 'enum',
        quoting: 'either',
        values: [
          { value: 'PAUSE', doc: 'Stop ingesting; the flow can be resumed.' },
          { value: 'RESUME', doc: 'Continue a paused flow.' },
          { value: 'CLEAN_AND_RESTART', doc: 'Drop the ingested data and start again from the beginning.' },
        ],
      },
      doc: 'Pause, resume or restart the flow (older pages quote the value).',
    },
    {
      key: 'SOURCE',
      value: { kind: 'string' },
      refersTo: 'source',
      doc: 'Switch the flow to another source.',
      with: { keys: flowSourceWithKeys, doc: 'Settings of the new source (the same keys as CREATE FLOW).' },
    },
    { key: 'CLUSTER', value: { kind: 'string' }, refersTo: 'cluster', doc: 'Move the flow to another cluster.' },
    performanceProfile(),
    minSync,
    transformations,
    validationsClause,
    quarantine,
    {
      key: 'ADVANCED_CONFIGS',
      form: 'flag',
      doc: "Set advanced settings, given as WITH pairs whose keys start with 'flow.' (older: 'streamCapture.').",
      with: { keys: [], prefixes: ['flow.', 'streamCapture.'], doc: "Keys prefixed 'flow.' (older: 'streamCapture.')." },
    },
  ],
  example: 'ALTER FLOW orders_flow SET STATE = PAUSE',
};

const nameOnly = 'Syntax guessed from the statement\u2019s name only.';

const deleteFlow: StatementSpec = {
  id: 'delete-flow',
  heads: [
    ['DELETE', 'FLOW'],
    ['DELETE', 'STREAM', 'CAPTURE'],
  ],
  summary: 'Delete a flow.',
  doc: `Deletes a flow. ${nameOnly} DELETE STREAM CAPTURE (the older name) is a guess too.`,
  certainty: 'name',
  name: { label: 'flow name', required: true, refersTo: 'flow' },
  clauses: [],
  openEnded: true,
  example: 'DELETE FLOW orders_flow',
};

const describeFlow: StatementSpec = {
  id: 'describe-flow',
  heads: [
    ['DESCRIBE', 'FLOW'],
    ['DESCRIBE', 'STREAM', 'CAPTURE'],
  ],
  summary: 'Show the settings and state of a flow.',
  doc: `Describes a flow. ${nameOnly} DESCRIBE STREAM CAPTURE (the older name) is a guess too.`,
  certainty: 'name',
  name: { label: 'flow name', required: true, refersTo: 'flow' },
  clauses: [],
  openEnded: true,
  example: 'DESCRIBE FLOW orders_flow',
};

const showFlows: StatementSpec = {
  id: 'show-flows',
  heads: [
    ['SHOW', 'FLOWS'],
    ['SHOW', 'STREAM', 'CAPTURES'],
  ],
  summary: 'List the flows of the project.',
  doc: `Lists flows. ${nameOnly} SHOW STREAM CAPTURES (the older name) is a guess too.`,
  certainty: 'name',
  lists: 'flow',
  clauses: [],
  openEnded: true,
  example: 'SHOW FLOWS',
};

export const flowStatements: StatementSpec[] = [createFlow, alterFlow, deleteFlow, describeFlow, showFlows];
