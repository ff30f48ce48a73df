// The tools that ask the service: list_objects, describe_object, run_statement, request_status.
// They use the one service client (rate limit, retries, error decoding) and its answers are read
// as the Service Objects view reads them (service/src/results/names.ts).
import { analyze, maskSecretValues, secretValues, type ObjectKind, type StatementInfo } from '../../core/src/index';
import { statementDescribing, statementListing } from '../../core/src/catalog/index';
import { formatError, Redactor, ServiceRequestError, type RunResult, type ServiceClient } from '../../service/src/index';
import { namesInResponse } from '../../service/src/results/names';
import { isRunning, succeeded } from '../../service/src/runStates';

export interface ServiceAccess {
  client: ServiceClient;
  /** The profile the connection is of, named in every answer. */
  profile: string;
}

export class ToolError extends Error {}

export interface ServiceToolOptions {
  signal?: AbortSignal;
  /** How long a read (SHOW, DESCRIBE) may take. */
  readWaitMs: number;
  /** How long run_statement waits before it answers with the request id. */
  runWaitMs: number;
}

/** What a run ended with (RunResult without its timings): also what a surface's own runner reports. */
export type RunOutcome = Pick<RunResult, 'state' | 'requestId' | 'apiStatus' | 'apiResponse' | 'error'>;

/** A statement ready to send: the text, its title, and how it may be shown (secret values masked). */
export interface Sendable {
  text: string;
  title: string;
  shown: string;
  /** Secret WITH values of the statement: never in an answer, even when the service echoes them. */
  secrets: string[];
}

/**
 * How a surface sends run_statement's statement. VS Code passes its runner, so that the run is in the
 * Requests view like any other; the default is the service client alone.
 */
export type Submitter = (access: ServiceAccess, statement: Sendable, o: ServiceToolOptions) => Promise<RunOutcome>;

const clientSubmitter: Submitter = (access, statement, o) =>
  access.client.run(statement.text, { signal: o.signal, timeoutMs: o.runWaitMs });

function outcome(result: RunOutcome): Record<string, unknown> {
  return {
    state: result.state,
    ...(result.requestId ? { requestId: result.requestId } : {}),
    ...(result.apiStatus !== undefined ? { apiStatus: result.apiStatus } : {}),
    ...(result.error ? { error: formatError(result.error) } : {}),
    ...(result.error?.line !== undefined ? { errorLine: result.error.line, errorColumn: result.error.column } : {}),
  };
}

function failed(result: RunOutcome): boolean {
  return !succeeded(result.state);
}

/** SHOW for one kind: the names read from the answer. */
export async function listObjects(access: ServiceAccess, kind: ObjectKind, o: ServiceToolOptions): Promise<string> {
  const spec = statementListing(kind);
  if (!spec) throw new ToolError(`Objects of kind ${kind} cannot be listed.`);
  const statement = spec.heads[0]!.join(' ');
  const result = await access.client.run(statement, { signal: o.signal, timeoutMs: o.readWaitMs });
  if (failed(result)) throw new ToolError(`${statement} (profile "${access.profile}") did not succeed: ${JSON.stringify(outcome(result))}`);
  const reading = namesInResponse(result.apiResponse);
  const base = { profile: access.profile, kind, statement, requestId: result.requestId };
  if (!reading.ok)
    return JSON.stringify(
      {
        ...base,
        problem: `No names could be read from the answer (${reading.problem}); the answer follows.`,
        apiResponse: result.apiResponse,
      },
      null,
      2,
    );
  return JSON.stringify(
    { ...base, count: reading.names.length, names: reading.names, ...(reading.skipped ? { skipped: reading.skipped } : {}) },
    null,
    2,
  );
}

/** How a name is written after DESCRIBE: bare when it is a plain name, else backticked. */
function writtenName(name: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) return name;
  if (/[`\r\n]/.test(name)) throw new ToolError('name may not hold backticks or line breaks.');
  return `\`${name}\``;
}

export async function describeObject(access: ServiceAccess, kind: ObjectKind, name: string, o: ServiceToolOptions): Promise<string> {
  const spec = statementDescribing(kind);
  if (!spec) throw new ToolError(`Objects of kind ${kind} cannot be described.`);
  const statement = `${spec.heads[0]!.join(' ')} ${writtenName(name)}`;
  const result = await access.client.run(statement, { signal: o.signal, timeoutMs: o.readWaitMs });
  if (failed(result)) throw new ToolError(`${statement} (profile "${access.profile}") did not succeed: ${JSON.stringify(outcome(result))}`);
  return JSON.stringify({ profile: access.profile, statement, requestId: result.requestId, apiResponse: result.apiResponse }, null, 2);
}

export type RunCheck = { ok: true; statement: StatementInfo; shown: string } | { ok: false; message: string };

/** The one statement of `text`, or why it may not be sent: not exactly one statement, or lint errors. */
export function checkRunnable(text: string): RunCheck {
  const analysis = analyze(text);
  const statements = analysis.statements.filter((s) => s.sendText.trim() !== '');
  if (statements.length !== 1)
    return {
      ok: false,
      message: `run_statement takes exactly one statement; the text holds ${statements.length}. Run them one at a time.`,
    };
  const statement = statements[0]!;
  const errors = analysis.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) {
    const listed = errors.slice(0, 20).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}: ${d.message}`);
    return {
      ok: false,
      message: `Not run: the statement has ${errors.length} lint error(s). Fix them first (lint shows them all):\n${listed.join('\n')}`,
    };
  }
  return { ok: true, statement, shown: maskSecretValues(statement.sendText.trim()) };
}

export async function runStatement(
  access: ServiceAccess,
  check: { statement: StatementInfo; shown: string },
  o: ServiceToolOptions,
  submit: Submitter = clientSubmitter,
): Promise<{ text: string; isError: boolean }> {
  const { statement } = check;
  const title = `${statement.title}${statement.name ? ` ${statement.name}` : ''}`;
  const secrets = secretValues(statement.sendText).map((v) => v.value);
  const result = await submit(access, { text: statement.sendText, title, shown: check.shown, secrets }, o);
  const body: Record<string, unknown> = { profile: access.profile, statement: title, ...outcome(result) };
  if (result.apiResponse !== undefined) body.apiResponse = result.apiResponse;
  const pending = (result.state === 'timed-out' || isRunning(result.state)) && result.requestId !== undefined;
  if (pending)
    body.note = `Still running after ${Math.round(o.runWaitMs / 1000)} s: ask request_status with requestId ${result.requestId} later.`;
  return { text: new Redactor(secrets, '***').text(JSON.stringify(body, null, 2)), isError: failed(result) && !pending };
}

export async function requestStatus(access: ServiceAccess, requestId: string, o: ServiceToolOptions): Promise<string> {
  try {
    const answer = await access.client.status(requestId, o.signal);
    return JSON.stringify({ profile: access.profile, requestId, apiStatus: answer.apiStatus, apiResponse: answer.apiResponse }, null, 2);
  } catch (err) {
    if (err instanceof ServiceRequestError)
      throw new ToolError(`The status of ${requestId} could not be read: ${formatError(err.serviceError)}`);
    throw err;
  }
}
