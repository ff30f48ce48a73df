// Clusters: syntax from published client code [code]; SHOW CLUSTERS by name only.
import type { StatementSpec, WithSpec } from './types';

const clusterWith: WithSpec = {
  keys: [
    {
      key: 'worker.type',
      doc: 'Machine size of the workers.',
      values: [
        { value: 'oh-general-4', doc: 'General purpose, 4 cores.' },
        { value: 'oh-general-8', doc: 'General purpose, 8 cores.' },
        { value: 'oh-general-16', doc: 'General purpose, 16 cores.' },
        {
          value: 'oh-gpu-4',
          doc: 'GPU workers, 4 cores; for Open Engines clusters only.',
          onlyWhen: { clause: 'TYPE', value: 'OPEN_ENGINES', note: 'GPU workers are for Open Engines clusters only' },
        },
      ],
    },
  ],
  doc: 'Cluster settings.',
};

const ocu = (key: 'MAX_OCU' | 'MIN_OCU', required: boolean) => ({
  key,
  value: { kind: 'integer' as const, unit: 'compute units' },
  ...(required ? { required: true } : {}),
  doc:
    key === 'MAX_OCU'
      ? 'Largest number of compute units (OCU) the cluster may scale to.'
      : 'Smallest number of compute units (OCU) the cluster keeps.',
});

export const clusterStatements: StatementSpec[] = [
  {
    id: 'create-cluster',
    heads: [['CREATE', 'CLUSTER']],
    summary: 'Create a compute cluster.',
    doc: 'Creates a cluster of the given type that scales between MIN_OCU and MAX_OCU compute units.',
    certainty: 'code',
    name: { label: 'cluster name', required: true, creates: 'cluster' },
    clauses: [
      {
        key: 'TYPE',
        value: {
          kind: 'enum',
          quoting: 'quoted',
          open: true,
          values: [
            { value: 'SPARK', doc: 'A Spark cluster (runs jobs and flows).' },
            { value: 'Managed', doc: 'A managed cluster.' },
            // The product's cluster pages list four types; these two have no documented spelling.
            { value: 'SQL', label: 'SQL', spellingUnknown: true, doc: 'A SQL cluster.' },
            {
              value: 'OPEN_ENGINES',
              label: 'Open Engines',
              spellingUnknown: true,
              doc: 'An Open Engines cluster (the only type for GPU workers).',
            },
          ],
        },
        required: true,
        doc: 'Kind of cluster: Managed, SQL, Spark or Open Engines.',
        note: "only 'SPARK' and 'Managed' have been seen in statements; how SQL and Open Engines are spelt is not documented",
      },
      ocu('MAX_OCU', true),
      ocu('MIN_OCU', true),
    ],
    with: clusterWith,
    example: "CREATE CLUSTER etl_cluster TYPE = 'SPARK' MAX_OCU = 8 MIN_OCU = 1 WITH 'worker.type' = 'oh-general-4'",
  },
  {
    id: 'alter-cluster',
    heads: [['ALTER', 'CLUSTER']],
    summary: 'Change the state, size, name or settings of a cluster.',
    doc: 'One SET followed by any of the clauses: ALTER CLUSTER name SET MAX_OCU = 4 MIN_OCU = 1.',
    certainty: 'code',
    name: { label: 'cluster name', required: true, refersTo: 'cluster' },
    set: 'once',
    clauses: [
      { key: 'STATE', value: { kind: 'string' }, doc: 'New state of the cluster (values not documented).' },
      ocu('MAX_OCU', false),
      ocu('MIN_OCU', false),
      { key: 'NEW_NAME', value: { kind: 'string' }, doc: 'Rename the cluster.' },
    ],
    with: clusterWith,
    example: 'ALTER CLUSTER etl_cluster SET MAX_OCU = 4 MIN_OCU = 1',
  },
  {
    id: 'delete-cluster',
    heads: [['DELETE', 'CLUSTER']],
    summary: 'Delete a cluster.',
    certainty: 'code',
    name: { label: 'cluster name', required: true, refersTo: 'cluster' },
    clauses: [],
    example: 'DELETE CLUSTER etl_cluster',
  },
  {
    id: 'describe-cluster',
    heads: [['DESCRIBE', 'CLUSTER']],
    summary: 'Show the settings and state of a cluster.',
    certainty: 'code',
    name: { label: 'cluster name', required: true, refersTo: 'cluster' },
    clauses: [],
    example: 'DESCRIBE CLUSTER etl_cluster',
  },
  {
    id: 'show-clusters',
    heads: [['SHOW', 'CLUSTERS']],
    summary: 'List the clusters of the project.',
    doc: 'Lists clusters. Syntax guessed from the statement\u2019s name only.',
    certainty: 'name',
    lists: 'cluster',
    clauses: [],
    openEnded: true,
    example: 'SHOW CLUSTERS',
  },
];
