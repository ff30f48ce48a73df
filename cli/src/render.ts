// How a run outcome looks: a text block for people (stdout) and a JSON entry for machines.
import { formatError, serviceErrorRange, type RunResult, type ServiceError } from '../../service/src/index';
import type { StatementInfo } from '../../core/src/index';
import { stdoutStream, type Colors } from './output';
import { escapeControls as esc, jsonText } from '../../service/src/safeText';
import { isRunState, stateTone } from '../../service/src/runStates';
import { isTabular, outputWidth, renderResultText } from './resultTable';

/** Terminal states plus the two outcomes of statements this CLI decided not to send. */
export type EntryState = RunResult['state'] | 'not-sent' | 'skipped';

export interface ErrorEntry {
  kind: ServiceError['kind'] | 'lint';
  message: string;
  httpStatus?: number;
  /** Parse errors: where in the file (1-based line and column). */
  line?: number;
  column?: number;
  expected?: string[];
}

export interface Entry {
  /** 1-based statement number in the file. */
  statement?: number;
  /** 1-based first line of the statement. */
  line?: number;
  title?: string;
  name?: string;
  state: EntryState;
  requestId?: string;
  apiStatus?: string;
  apiResponse?: unknown;
  error?: ErrorEntry;
  durationMs?: number;
}

/** A service parse error as a 1-based file position (UTF-16 columns, as lint prints): the extension's answer too. */
export function filePosition(s: StatementInfo, err: ServiceError): { line: number; column: number } | undefined {
  const range = serviceErrorRange(err, { start: s.range.start, text: s.sendText });
  return range && { line: range.start.line + 1, column: range.start.character + 1 };
}

export function statementFields(s: StatementInfo): Pick<Entry, 'statement' | 'line' | 'title' | 'name'> {
  const f: Pick<Entry, 'statement' | 'line' | 'title' | 'name'> = { statement: s.index + 1, line: s.range.start.line + 1, title: s.title };
  if (s.name) f.name = s.name;
  return f;
}

export function entryFor(result: RunResult, s?: StatementInfo): Entry {
  const e: Entry = { ...(s ? statementFields(s) : {}), state: result.state, durationMs: result.endedAt - result.startedAt };
  if (result.requestId !== undefined) e.requestId = result.requestId;
  if (result.apiStatus !== undefined) e.apiStatus = result.apiStatus;
  if (result.apiResponse !== undefined) e.apiResponse = result.apiResponse;
  if (result.error) {
    const err = result.error;
    const out: ErrorEntry = { kind: err.kind, message: formatError(err) };
    if (err.httpStatus !== undefined) out.httpStatus = err.httpStatus;
    const pos = s ? filePosition(s, err) : undefined;
    if (pos) Object.assign(out, pos);
    if (err.expected?.length) out.expected = err.expected;
    e.error = out;
  }
  return e;
}

function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((l) => by + l)
    .join('\n');
}

/** The text block for one outcome. `label` names it ('[1/2] CREATE FLOW f (line 3)'); `file` prefixes positions. */
export function renderEntry(label: string, e: Entry, c: Colors, file?: string): string {
  // A run's state in its tone (service/src/runStates.ts), as the extension shows it; the CLI's own: skipped yellow, not sent red.
  const tone = isRunState(e.state) ? stateTone(e.state) : e.state === 'skipped' ? 'warn' : 'bad';
  const state = (tone === 'ok' ? c.green : tone === 'bad' ? c.red : c.yellow)(e.state);
  const took =
    e.durationMs !== undefined && e.state !== 'not-sent' && e.state !== 'skipped' ? ` in ${(e.durationMs / 1000).toFixed(1)} s` : '';
  // Everything but the state and the duration came from a file, the command line or the service.
  const lines = [`${c.bold(esc(label))}: ${state}${took}`];
  if (e.requestId) lines.push(`  request id: ${esc(e.requestId)}`);
  if (e.apiStatus) lines.push(`  apiStatus: ${esc(e.apiStatus)}`);
  if (e.error) {
    const at = e.error.line !== undefined && file ? ` (${esc(file)}:${e.error.line}:${e.error.column})` : '';
    lines.push(`  ${c.red('error')}: ${esc(e.error.message)}${at}`);
  }
  if (e.apiResponse !== undefined && isTabular(e.title)) {
    // SHOW and DESCRIBE: the table the results panel shows; --json has the response whole.
    lines.push('  apiResponse (--json prints it whole):', renderResultText(e.apiResponse, outputWidth(stdoutStream()), '    ').trimEnd());
  } else if (e.apiResponse !== undefined) lines.push('  apiResponse:', indent(jsonText(e.apiResponse), '    '));
  return lines.join('\n') + '\n';
}
