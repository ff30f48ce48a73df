// Transformations: CREATE is stated by the reference [ref]; SHOW / DESCRIBE / DELETE known by name only.
import type { EnumValue, StatementSpec, WithKeySpec } from './types';

const types: EnumValue[] = [
  { value: 'CONVERT_CDC', doc: 'Turn change-data-capture records (Postgres, MySQL, Oracle, MongoDB) into rows.' },
  { value: 'ROW_FILTERING', doc: 'Keep only records whose field matches a condition.' },
  { value: 'DERIVED_DATE', doc: 'Add a date field derived from another field.' },
  { value: 'ADD_CURRENT_TIMESTAMP', doc: 'Add a field holding the ingestion time.' },
  { value: 'USER_PROVIDED', doc: 'Run your own transformation code (from an uploaded JAR).' },
  { value: 'DATA_MASKING', doc: 'Hash or truncate sensitive fields.' },
  { value: 'L_PARSE_JSON', doc: 'Parse JSON strings into fields.' },
  { value: 'FLATTEN_STRUCT', doc: 'Flatten nested structures into top-level fields.' },
  { value: 'EXPLODE_ARRAY', doc: 'Turn each element of an array into its own record.' },
  { value: 'VECTOR_EMBEDDING', doc: 'Add a vector embedding of a column, computed by a model.' },
];

const rf = 'row.filtering.transformation.';
const ve = 'vector.embedding.transformation.';

const byType: Record<string, WithKeySpec[]> = {
  ROW_FILTERING: [
    { key: `${rf}field`, doc: 'Field the condition tests.' },
    {
      key: `${rf}sql.operator`,
      doc: 'Comparison operator.',
      valuesClosed: true,
      values: [
        { value: 'EQ', doc: 'equal' },
        { value: 'NEQ', doc: 'not equal' },
        { value: 'GT', doc: 'greater than' },
        { value: 'GEQ', doc: 'greater than or equal' },
        { value: 'LT', doc: 'less than' },
        { value: 'LEQ', doc: 'less than or equal' },
      ],
    },
    { key: `${rf}value`, doc: 'Value the field is compared with.' },
    { key: `${rf}value.type`, doc: 'Type of the value.' },
  ],
  CONVERT_CDC: [
    {
      key: 'convert_cdc.cdc_format',
      doc: 'Format of the change records.',
      valuesClosed: true,
      values: [
        { value: 'postgresql', doc: 'PostgreSQL change records.' },
        { value: 'mysql', doc: 'MySQL change records.' },
        { value: 'oracle', doc: 'Oracle change records.' },
        { value: 'mongodb', doc: "MongoDB change records; needs 'convert_cdc.target_schema'." },
      ],
    },
    {
      key: 'convert_cdc.target_schema',
      doc: 'Schema of the resulting rows (needed for mongodb).',
      requiredWhen: { key: 'convert_cdc.cdc_format', values: ['mongodb'] },
    },
  ],
  DATA_MASKING: [
    {
      key: 'data_masking.type',
      doc: 'How fields are masked.',
      valuesClosed: true,
      values: [
        { value: 'HASHING', doc: 'Replace the value by its hash.' },
        { value: 'TRUNCATION', doc: 'Cut the value short.' },
      ],
    },
    { key: 'data_masking.fields', doc: 'Comma-separated fields to mask.' },
  ],
  L_PARSE_JSON: [
    { key: 'l_parse_json.fields', doc: 'Fields that hold JSON strings.' },
    { key: 'l_parse_json.field_schema', doc: 'Schema of the parsed JSON.' },
    { key: 'l_parse_json.nested_fields', doc: 'Nested fields to parse.' },
  ],
  VECTOR_EMBEDDING: [
    { key: `${ve}model.name`, doc: 'Embedding model to use.' },
    { key: `${ve}selected.column`, doc: 'Column to embed.' },
    { key: `${ve}new.embedding.column`, doc: 'Column that receives the embedding.' },
    { key: `${ve}api.key`, doc: "API key of the model's provider. It is a secret: avoid keeping it in shared files.", secret: true },
  ],
};

export const transformationStatements: StatementSpec[] = [
  {
    id: 'create-transformation',
    heads: [['CREATE', 'TRANSFORMATION']],
    summary: 'Create a transformation that flows can apply to records.',
    doc: 'Creates a named transformation of one TYPE; its settings are WITH pairs whose keys depend on the type. Flows list transformations in TRANSFORMATIONS.',
    certainty: 'ref',
    name: { label: 'transformation name', required: true, creates: 'transformation' },
    sources: [
      {
        page: 'CREATE TRANSFORMATION reference',
        url: 'docs.onehouse.ai/api/sql-command-reference/create-transformation',
        says: "CREATE TRANSFORMATION `<name>` TYPE = {'CONVERT_CDC'| … } WITH 'key1' = 'value1', 'key2' = 'value2' .... (TYPE first, the WITH pairs last)",
      },
    ],
    clauses: [
      {
        key: 'TYPE',
        value: { kind: 'enum', values: types, quoting: 'quoted' },
        required: true,
        doc: 'Kind of transformation.',
      },
    ],
    with: {
      keys: [],
      // DERIVED_DATE keys are only known by their prefix.
      keysBy: { clause: 'TYPE', byValue: byType, prefixesByValue: { DERIVED_DATE: ['derived.date.transformation.'] } },
      doc: "Settings of the transformation; DERIVED_DATE keys start with 'derived.date.transformation.'.",
    },
    example:
      "CREATE TRANSFORMATION big_orders TYPE = 'ROW_FILTERING' WITH 'row.filtering.transformation.field' = 'amount', 'row.filtering.transformation.sql.operator' = 'GT', 'row.filtering.transformation.value' = '100', 'row.filtering.transformation.value.type' = 'int'",
  },
  {
    id: 'show-transformations',
    heads: [['SHOW', 'TRANSFORMATIONS']],
    summary: 'List the transformations of the project.',
    doc: 'Lists transformations. Syntax guessed from the statement\u2019s name only.',
    certainty: 'name',
    lists: 'transformation',
    clauses: [],
    openEnded: true,
    example: 'SHOW TRANSFORMATIONS',
  },
  {
    id: 'describe-transformation',
    heads: [['DESCRIBE', 'TRANSFORMATION']],
    summary: 'Show the type and settings of a transformation.',
    doc: 'Describes a transformation. Syntax guessed from the statement\u2019s name only.',
    certainty: 'name',
    name: { label: 'transformation name', required: true, refersTo: 'transformation' },
    clauses: [],
    openEnded: true,
    example: 'DESCRIBE TRANSFORMATION big_orders',
  },
  {
    id: 'delete-transformation',
    heads: [['DELETE', 'TRANSFORMATION']],
    summary: 'Delete a transformation.',
    doc: 'Deletes a transformation; named in the vendor\u2019s documents beside CREATE TRANSFORMATION. Syntax guessed from the statement\u2019s name only. Transformation names are case-insensitive (the service lower-cases them).',
    certainty: 'name',
    name: { label: 'transformation name', required: true, refersTo: 'transformation' },
    clauses: [],
    openEnded: true,
    example: 'DELETE TRANSFORMATION big_orders',
  },
];
