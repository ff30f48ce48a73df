// Which statements of a file `svcsql run` sends: --statement N (1-based), --line L, --all, or the
// only statement of a one-statement file. Anything else is a usage error that lists the choices.
import type { StatementInfo } from '../../core/src/index';
import { CliError } from './exitCodes';
import { escapeControls as esc } from '../../service/src/safeText';

export interface PickOptions {
  statement?: number;
  line?: number;
  all?: boolean;
}

export function describeStatement(s: StatementInfo): string {
  return esc(`statement ${s.index + 1} (line ${s.range.start.line + 1}, ${s.title}${s.name ? ` ${s.name}` : ''})`);
}

function listing(statements: StatementInfo[]): string {
  return statements
    .map(
      (s) =>
        `  ${String(s.index + 1).padStart(3)}  line ${String(s.range.start.line + 1).padEnd(5)} ${esc(`${s.title}${s.name ? ` ${s.name}` : ''}`)}`,
    )
    .join('\n');
}

/**
 * `statements`: those the caller kept (with --statement or --line only the matching one, see
 * run.ts); `total`: how many the file holds.
 */
export function pickStatements(file: string, statements: StatementInfo[], opts: PickOptions, total = statements.length): StatementInfo[] {
  const chosen = [opts.statement !== undefined, opts.line !== undefined, opts.all === true].filter(Boolean).length;
  if (chosen > 1) throw new CliError('Use only one of --statement, --line and --all.');
  if (!total) throw new CliError(`${esc(file)} holds no statements.`);
  if (opts.all) return statements;
  const more = `; run \`svcsql run ${esc(file)}\` to list them`;
  if (opts.statement !== undefined) {
    const s = statements.find((st) => st.index === opts.statement! - 1);
    if (!s)
      throw new CliError(`${esc(file)} has ${total} statement${total === 1 ? '' : 's'}; there is no statement ${opts.statement}${more}.`);
    return [s];
  }
  if (opts.line !== undefined) {
    const line0 = opts.line - 1;
    const s = statements.find((st) => st.range.start.line <= line0 && line0 <= st.range.end.line);
    if (!s) throw new CliError(`No statement of ${esc(file)} covers line ${opts.line}${more}.`);
    return [s];
  }
  if (statements.length === 1) return statements;
  throw new CliError(
    `${esc(file)} has ${statements.length} statements; choose one with --statement N or --line L, or send them all with --all:\n${listing(statements)}`,
  );
}
