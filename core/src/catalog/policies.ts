// Access policies of catalogs [ref], and table grants [seen].
import type { ClauseSpec, StatementSpec } from './types';

const catalog: ClauseSpec = {
  key: 'CATALOG',
  value: { kind: 'name' },
  refersTo: 'catalog',
  required: true,
  doc: 'Catalog whose policies are meant (a bare name).',
};

const catalogGuess: ClauseSpec = {
  key: 'CATALOG',
  value: { kind: 'name' },
  refersTo: 'catalog',
  certainty: 'name',
  doc: 'Catalog whose policies are changed (a bare name).',
  note: 'guessed by analogy with SHOW POLICIES; the reference elides the words before CHANGES_PATH',
};

const changesPath: ClauseSpec = {
  key: 'CHANGES_PATH',
  value: { kind: 'string', examples: ['s3://my-bucket/policies/changes.json'] },
  required: true,
  doc: 'Path of the file that holds the policy changes to apply.',
};

const changes = (verb: 'IMPORT' | 'SYNC' | 'GRANT' | 'REVOKE', summary: string): StatementSpec => ({
  id: `${verb.toLowerCase()}-policies`,
  heads: [[verb, 'POLICIES']],
  summary,
  doc: `${summary} The reference states \`${verb} POLICIES … CHANGES_PATH = str\` and leaves the words between open, so other clauses are tolerated.`,
  certainty: 'ref',
  clauses: [catalogGuess, changesPath],
  openEnded: true,
  example: `${verb} POLICIES CATALOG = glue_catalog CHANGES_PATH = 's3://my-bucket/policies/changes.json'`,
});

export const policyStatements: StatementSpec[] = [
  {
    id: 'show-policies',
    heads: [['SHOW', 'POLICIES']],
    summary: 'Show the access policies of a catalog.',
    doc: 'Writes the policies of a catalog to a result file; the response carries `showPoliciesApiResponse.queryResultPath`.',
    certainty: 'ref',
    clauses: [catalog],
    example: 'SHOW POLICIES CATALOG = glue_catalog',
  },
  {
    id: 'show-policies-diff',
    heads: [['SHOW', 'POLICIES', 'DIFF']],
    summary: 'Show how the policies of a catalog would change on import or sync.',
    certainty: 'ref',
    clauses: [
      catalog,
      {
        key: 'FOR',
        form: 'keyword',
        value: {
          kind: 'enum',
          quoting: 'bare',
          values: [
            { value: 'IMPORT', doc: 'Changes an IMPORT POLICIES would make.' },
            { value: 'SYNC', doc: 'Changes a SYNC POLICIES would make.' },
          ],
        },
        required: true,
        doc: 'Which operation to compare for: FOR IMPORT or FOR SYNC (no =).',
      },
    ],
    example: 'SHOW POLICIES DIFF CATALOG = glue_catalog FOR IMPORT',
  },
  changes('IMPORT', 'Import access policies into a catalog.'),
  changes('SYNC', 'Sync access policies of a catalog.'),
  changes('GRANT', 'Grant access policies listed in a changes file.'),
  changes('REVOKE', 'Revoke access policies listed in a changes file.'),
  {
    id: 'grant-select-on-table',
    heads: [['GRANT', 'SELECT', 'ON', 'TABLE']],
    summary: 'Let a role read a table.',
    doc: 'Grants read access on a table, named lake.db.table, to a role. Seen in an example only.',
    certainty: 'seen',
    name: { label: 'table (lake.db.table)', required: true, dotted: true },
    clauses: [
      {
        key: 'TO ROLE',
        form: 'keyword',
        value: { kind: 'name' },
        required: true,
        doc: 'Role that receives the grant (a bare name, no =).',
      },
    ],
    example: 'GRANT SELECT ON TABLE main_lake.sales.orders TO ROLE analysts',
  },
];
