// apiResponse objects shaped like the service's (as its reference pages show them): the statement's
// leading words in camelCase + 'ApiResponse'. Objects created with CREATE are remembered per
// project so SHOW and DESCRIBE answer something consistent during a demo.
import { randomUUID } from 'node:crypto';
import type { Outcome } from './options';
import { statementTitle } from './syntaxCheck';

/** 'SHOW FLOWS' → 'showFlows', 'DESCRIBE JOB_RUN' → 'describeJobRun'. */
export function camelKey(title: string): string {
  const parts = title
    .toLowerCase()
    .split(/[\s_]+/)
    .filter(Boolean);
  return parts.map((p, i) => (i === 0 ? p : p[0]!.toUpperCase() + p.slice(1))).join('');
}

/** Singular object word of a title: 'SHOW FLOWS' → 'flow', 'CREATE TABLE_SERVICE' → 'tableService'. */
function objectWord(title: string): string {
  const words = title.split(/\s+/).slice(1);
  const key = camelKey(words.join(' ')) || 'object';
  if (key.endsWith('ies')) return key.slice(0, -3) + 'y';
  return key.endsWith('s') ? key.slice(0, -1) : key;
}

const SAMPLES: Record<string, string[]> = {
  flow: ['orders_flow', 'clicks_flow'],
  cluster: ['spark_small'],
  job: ['nightly_compaction'],
  lake: ['lake'],
  database: ['sales'],
  transformation: ['mask_emails'],
  source: ['kafka_orders'],
  catalog: ['glue'],
};

export class ObjectStore {
  private readonly byProject = new Map<string, Map<string, Set<string>>>();

  private kind(project: string, word: string): Set<string> {
    let kinds = this.byProject.get(project);
    if (!kinds) this.byProject.set(project, (kinds = new Map()));
    let names = kinds.get(word);
    if (!names) kinds.set(word, (names = new Set(SAMPLES[word] ?? [])));
    return names;
  }

  /** The apiResponse for a statement that reached its final status. */
  respond(project: string, statement: string, outcome: Outcome, requestId: string): Record<string, unknown> {
    const { title, name: rawName } = statementTitle(statement);
    const verb = title.split(/\s+/)[0] ?? '';
    const key = `${camelKey(title) || 'statement'}ApiResponse`;
    const name = rawName?.replace(/^`|`$/g, '');
    const word = objectWord(title);
    if (outcome === 'FAILED') {
      return { [key]: {}, error: { code: 'EMULATED_FAILURE', message: `The emulator was told to fail request ${requestId}.` } };
    }
    if (outcome === 'INVALID') {
      return { [key]: {}, error: { code: 'INVALID_ARGUMENT', message: 'The emulator was told to mark this statement invalid.' } };
    }
    const body = this.successBody(project, title, verb, word, name, statement);
    const response: Record<string, unknown> = { [key]: body };
    if (outcome === 'SUCCESS_PARTIAL') response.warnings = ['The emulator was told to report a partial success: some items were skipped.'];
    return response;
  }

  private successBody(project: string, title: string, verb: string, word: string, name: string | undefined, statement: string): Record<string, unknown> {
    if (title === 'RUN JOB') return { jobRunId: `run-${randomUUID().slice(0, 8)}`, jobName: name ?? '' };
    if (title === 'DESCRIBE JOB_RUN') {
      const jobName = /JOB_NAME\s*=\s*'([^']*)'/i.exec(statement)?.[1] ?? '';
      return { sparkJobRun: { jobRunId: name ?? '', jobName, status: 'SUCCEEDED', startTime: new Date(Date.now() - 60_000).toISOString() } };
    }
    if (title.startsWith('SHOW POLICIES')) return { queryResultPath: `s3://emulator-results/policies/${randomUUID()}.json` };
    const names = this.kind(project, word);
    switch (verb) {
      case 'SHOW': {
        const plural = camelKey(title.split(/\s+/).slice(1).join(' ')) || 'items';
        return { [plural]: [...names].map((n) => ({ name: n, status: 'ACTIVE' })) };
      }
      case 'DESCRIBE':
        return { [word]: { name: name ?? '', status: name && names.has(name) ? 'ACTIVE' : 'UNKNOWN_TO_EMULATOR' } };
      case 'CREATE':
      case 'UPLOAD':
        if (name) names.add(name);
        return { name: name ?? '', status: 'CREATED' };
      case 'DELETE':
        if (name) names.delete(name);
        return { name: name ?? '', status: 'DELETED' };
      default:
        return name ? { name, status: 'OK' } : { status: 'OK' };
    }
  }
}
