// apiResponse objects shaped like the service's (as its reference pages show them): the statement's
// leading words in camelCase + 'ApiResponse'. Objects are kept per project and kind
// (objectStore.ts, seeded from seedObjects.ts): CREATE adds, DELETE removes, SHOW lists, DESCRIBE shows.
import { randomUUID } from 'node:crypto';
import type { Outcome } from './options';
import { clauseFields, ProjectObjects } from './objectStore';
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

export class ObjectStore {
  private readonly byProject = new Map<string, ProjectObjects>();

  private project(project: string): ProjectObjects {
    let objects = this.byProject.get(project);
    if (!objects) this.byProject.set(project, (objects = new ProjectObjects()));
    return objects;
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

  private successBody(
    project: string,
    title: string,
    verb: string,
    word: string,
    name: string | undefined,
    statement: string,
  ): Record<string, unknown> {
    if (title === 'RUN JOB') return { jobRunId: `run-${randomUUID().slice(0, 8)}`, jobName: name ?? '' };
    if (title === 'DESCRIBE JOB_RUN') {
      const jobName = /JOB_NAME\s*=\s*'([^']*)'/i.exec(statement)?.[1] ?? '';
      return {
        sparkJobRun: { jobRunId: name ?? '', jobName, status: 'SUCCEEDED', startTime: new Date(Date.now() - 60_000).toISOString() },
      };
    }
    if (title.startsWith('SHOW POLICIES')) return { queryResultPath: `s3://emulator-results/policies/${randomUUID()}.json` };
    const objects = this.project(project);
    switch (verb) {
      case 'SHOW': {
        // { showClustersApiResponse: { clusters: [{ name, …fields }] } }
        const plural = camelKey(title.split(/\s+/).slice(1).join(' ')) || 'items';
        const lake = word === 'database' ? clauseFields(statement).lake : undefined;
        const listed = objects
          .list(word)
          .filter((o) => lake === undefined || String(o.fields.lake ?? '').toLowerCase() === String(lake).toLowerCase());
        return { [plural]: listed.map((o) => ({ name: o.name, ...o.fields })) };
      }
      case 'DESCRIBE': {
        const found = name ? objects.get(word, name) : undefined;
        if (!found) return { [word]: { name: name ?? '', status: 'UNKNOWN_TO_EMULATOR' } };
        return { [word]: { name: found.name, status: 'ACTIVE', ...found.fields, createdAt: found.createdAt } };
      }
      case 'CREATE':
      case 'UPLOAD':
        if (name) objects.add(word, name, clauseFields(statement));
        return { name: name ?? '', status: 'CREATED' };
      case 'DELETE':
        if (name) objects.remove(word, name);
        return { name: name ?? '', status: 'DELETED' };
      default:
        return name ? { name, status: 'OK' } : { status: 'OK' };
    }
  }
}
