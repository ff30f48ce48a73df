// The project's compute-unit limit [seen].
import type { StatementSpec } from './types';

export const ocuStatements: StatementSpec[] = [
  {
    id: 'alter-ocu',
    heads: [['ALTER', 'OCU']],
    summary: 'Set the most compute units (OCU) the project may use.',
    doc: "Sets the project's compute-unit limit. The limit is an unquoted integer: `'3'` is rejected by the service. Syntax seen in an example only.",
    certainty: 'seen',
    set: 'once',
    clauses: [
      {
        key: 'LIMIT',
        value: { kind: 'integer', unit: 'compute units' },
        required: true,
        doc: 'Largest total number of compute units (unquoted integer).',
      },
    ],
    example: 'ALTER OCU SET LIMIT = 3',
  },
];
