// Jobs and job runs: syntax from published client code [code].
import type { ClauseSpec, SourceRef, StatementSpec } from './types';

/** The Airflow provider builds CANCEL JOB_RUN with the run id in backticks, and says so. */
const runIdSource: SourceRef = {
  page: 'Airflow provider (OnehouseCancelJobRunOperator)',
  url: 'github.com/onehouseinc/airflow-providers-onehouse (airflow_providers_onehouse/operators)',
  says: ':param job_run_id: ID of the Job run to cancel (should be surrounded by backticks).',
};

const cluster: ClauseSpec = { key: 'CLUSTER', value: { kind: 'string' }, refersTo: 'cluster', doc: 'Cluster that runs the job.' };
const parameters: ClauseSpec = {
  key: 'PARAMETERS',
  value: { kind: 'stringList' },
  doc: "Arguments of the job, e.g. ('--class', 'com.example.Main', 'app.jar') or a Python script and its arguments.",
};
const jobName: ClauseSpec = {
  key: 'JOB_NAME',
  value: { kind: 'string' },
  required: true,
  refersTo: 'job',
  doc: 'Name of the job the run belongs to.',
};

export const jobStatements: StatementSpec[] = [
  {
    id: 'create-job',
    heads: [['CREATE', 'JOB']],
    summary: 'Create a Python or JAR job that runs on a cluster.',
    certainty: 'code',
    name: { label: 'job name', required: true, creates: 'job' },
    clauses: [
      {
        key: 'TYPE',
        value: {
          kind: 'enum',
          quoting: 'quoted',
          values: [
            { value: 'PYTHON', doc: 'A Python script.' },
            { value: 'JAR', doc: 'A Java/Scala JAR (see UPLOAD JAR).' },
          ],
        },
        required: true,
        doc: 'Kind of job.',
      },
      { ...parameters, required: true },
      { ...cluster, required: true },
    ],
    example: "CREATE JOB nightly_report TYPE = 'PYTHON' PARAMETERS = ('report.py', '--day', 'yesterday') CLUSTER = 'etl_cluster'",
  },
  {
    id: 'alter-job',
    heads: [['ALTER', 'JOB']],
    summary: 'Change the cluster or parameters of a job.',
    doc: "SET comes before every clause: ALTER JOB name SET CLUSTER = 'c' SET PARAMETERS = (...).",
    certainty: 'code',
    name: { label: 'job name', required: true, refersTo: 'job' },
    set: 'each',
    clauses: [cluster, parameters],
    example: "ALTER JOB nightly_report SET CLUSTER = 'etl_cluster' SET PARAMETERS = ('report.py', '--day', 'today')",
  },
  {
    id: 'run-job',
    heads: [['RUN', 'JOB']],
    summary: 'Start a run of a job; the response holds the run id.',
    doc: 'Starts a job run. The response carries `runJobApiResponse.jobRunId`, used by DESCRIBE JOB_RUN and CANCEL JOB_RUN.',
    certainty: 'code',
    name: { label: 'job name', required: true, refersTo: 'job' },
    clauses: [],
    example: 'RUN JOB nightly_report',
  },
  {
    id: 'delete-job',
    heads: [['DELETE', 'JOB']],
    summary: 'Delete a job.',
    certainty: 'code',
    name: { label: 'job name', required: true, refersTo: 'job' },
    clauses: [],
    example: 'DELETE JOB nightly_report',
  },
  {
    id: 'describe-job',
    heads: [['DESCRIBE', 'JOB']],
    summary: 'Show the settings of a job.',
    certainty: 'code',
    name: { label: 'job name', required: true, refersTo: 'job' },
    clauses: [],
    example: 'DESCRIBE JOB nightly_report',
  },
  {
    id: 'describe-job-run',
    heads: [['DESCRIBE', 'JOB_RUN']],
    summary: 'Show the status of a job run.',
    doc: 'The run id is written in backticks. The response carries `describeJobRunApiResponse.sparkJobRun.status`.',
    certainty: 'code',
    name: { label: 'run id', required: true, backticked: true, backtickedSource: runIdSource },
    clauses: [jobName],
    example: "DESCRIBE JOB_RUN `run-0123` JOB_NAME = 'nightly_report'",
  },
  {
    id: 'cancel-job-run',
    heads: [['CANCEL', 'JOB_RUN']],
    summary: 'Cancel a running job run.',
    doc: 'The run id is written in backticks.',
    certainty: 'code',
    name: { label: 'run id', required: true, backticked: true, backtickedSource: runIdSource },
    clauses: [jobName],
    example: "CANCEL JOB_RUN `run-0123` JOB_NAME = 'nightly_report'",
  },
];
