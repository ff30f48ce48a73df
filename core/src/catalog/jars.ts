// JARs (code for jobs and user-provided transformations): known by name only [name];
// UPLOAD JAR's WITH keys are given, the rest is a guess.
import { GUESSED } from './guessed';
import type { NameSpec, StatementSpec, WithSpec } from './types';

const location: WithSpec = {
  keys: [
    { key: 's3.path', doc: 'Where the JAR lies in S3: s3://bucket/path/app.jar.' },
    { key: 'gcs.path', doc: 'Where the JAR lies in Google Cloud Storage: gs://bucket/path/app.jar.' },
  ],
  doc: "Location of the JAR: 's3.path' or 'gcs.path'.",
};

const jarName: NameSpec = { label: 'JAR name', required: true, refersTo: 'jar' };
const newJarName: NameSpec = { label: 'JAR name', required: true, creates: 'jar' };

export const jarStatements: StatementSpec[] = [
  {
    id: 'upload-jar',
    heads: [['UPLOAD', 'JAR']],
    summary: 'Upload a JAR from S3 or GCS for jobs and transformations.',
    doc: `Registers a JAR stored in S3 ('s3.path') or GCS ('gcs.path'). The documentation lists this statement by name with its WITH key; the rest is a guess.`,
    certainty: 'name',
    name: newJarName,
    clauses: [],
    with: location,
    openEnded: true,
    example: "UPLOAD JAR transforms_v1 WITH 's3.path' = 's3://my-bucket/jars/transforms-1.0.jar'",
  },
  {
    id: 'replace-jar',
    heads: [['REPLACE', 'JAR']],
    summary: 'Replace an uploaded JAR with a new file.',
    doc: `Replaces a JAR; the WITH keys are assumed to be those of UPLOAD JAR. ${GUESSED}`,
    certainty: 'name',
    name: jarName,
    clauses: [],
    with: location,
    openEnded: true,
    example: "REPLACE JAR transforms_v1 WITH 's3.path' = 's3://my-bucket/jars/transforms-1.1.jar'",
  },
  {
    id: 'describe-jar',
    heads: [['DESCRIBE', 'JAR']],
    summary: 'Show the details of an uploaded JAR.',
    doc: `Describes a JAR. ${GUESSED}`,
    certainty: 'name',
    name: jarName,
    clauses: [],
    openEnded: true,
    example: 'DESCRIBE JAR transforms_v1',
  },
  {
    id: 'delete-jar',
    heads: [['DELETE', 'JAR']],
    summary: 'Delete an uploaded JAR.',
    doc: `Deletes a JAR. ${GUESSED}`,
    certainty: 'name',
    name: jarName,
    clauses: [],
    openEnded: true,
    example: 'DELETE JAR transforms_v1',
  },
];
