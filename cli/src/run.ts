// `svcsql run FILE`: send statements through the shared service client, in file order.
// Statements with lint errors block the whole run (nothing is sent) unless --force, because
// statements of one file often depend on each other and a submit cannot be taken back.
import type { CoreDiagnostic, StatementInfo } from '../../core/src/index';
import { secretValues } from '../../core/src/secretValues';
import { analyzeFile } from './analyzeFile';
import type { RunResult } from '../../service/src/index';
import { connect, describeEvent, timeoutMs, verboseLine, type CommonFlags } from './connect';
import { CliError, EXIT } from './exitCodes';
import { displayPath } from './files';
import { oneBased } from './reportFormats/positions';
import { oneLine } from './reportFormats/text';
import { watchInterrupt } from './interrupt';
import { addSecret, colorsFor, stderrStream, writeErr, writeOut } from './output';
import { describeStatement, pickStatements, type PickOptions } from './pick';
import { createProgress } from './progress';
import { readProblem } from './segments';
import { entryFor, renderEntry, statementFields, type Entry } from './render';
import { escapeControls as esc, jsonText } from '../../service/src/safeText';
import { succeeded } from '../../service/src/runStates';

export interface RunFlags extends CommonFlags, PickOptions {
  force?: boolean;
  keepGoing?: boolean;
}

/**
 * The file's statements, piece by piece (analyzeFile). What is kept: with --statement or --line
 * only the chosen statement, with --all every statement (each is sent), with neither every
 * statement's place and title (listed when there is a choice to make) and the first one's text;
 * and only the error diagnostics of kept statements (what the lint gate prints). So a large file
 * needs memory for one piece at a time plus what is sent or printed.
 */
async function readStatements(
  file: string,
  pick: PickOptions,
): Promise<{ statements: StatementInfo[]; diagnostics: CoreDiagnostic[]; total: number }> {
  const statements: StatementInfo[] = [];
  const diagnostics: CoreDiagnostic[] = [];
  let total = 0;
  const chosen = (s: StatementInfo) =>
    pick.statement !== undefined
      ? s.index + 1 === pick.statement
      : pick.line !== undefined
        ? s.range.start.line <= pick.line - 1 && pick.line - 1 <= s.range.end.line
        : true;
  try {
    await analyzeFile(file, (piece) => {
      total += piece.statements.length;
      const kept: StatementInfo[] = [];
      for (const s of piece.statements) {
        if (!chosen(s)) continue;
        kept.push(
          pick.all === true || pick.statement !== undefined || pick.line !== undefined || s.index === 0 ? s : { ...s, sendText: '' },
        );
      }
      statements.push(...kept);
      // Diagnostics are in file order, as are statements: one walk pairs them.
      let k = 0;
      for (const d of piece.diagnostics) {
        if (d.severity !== 'error') continue;
        while (k < kept.length && !inside(d, kept[k]!) && before(kept[k]!, d)) k++;
        if (k < kept.length && inside(d, kept[k]!)) diagnostics.push(d);
      }
    });
  } catch (err) {
    const why = readProblem(err);
    throw new CliError(`${esc(file)}: ${why}.`);
  }
  return { statements, diagnostics, total };
}

/** The statement ends before the diagnostic starts. */
function before(s: StatementInfo, d: CoreDiagnostic): boolean {
  const e = s.range.end;
  const p = d.range.start;
  return e.line < p.line || (e.line === p.line && e.character < p.character);
}

function inside(d: CoreDiagnostic, s: StatementInfo): boolean {
  const l = d.range.start.line;
  const c = d.range.start.character;
  const { start, end } = s.range;
  return (l > start.line || (l === start.line && c >= start.character)) && (l < end.line || (l === end.line && c <= end.character));
}

export async function runCommand(fileArg: string, flags: RunFlags): Promise<number> {
  const file = displayPath(fileArg);
  const { statements, diagnostics, total } = await readStatements(fileArg, flags);
  const picked = pickStatements(file, statements, flags, total);
  const out = colorsFor(1, flags.color !== false);
  const entries: Entry[] = [];
  const finish = (code: number) => {
    if (flags.json) writeOut(jsonText({ file, ok: code === EXIT.ok, results: entries }) + '\n');
    return code;
  };

  const blocked = flags.force ? [] : picked.filter((s) => s.hasErrors);
  if (blocked.length) {
    for (const s of picked) {
      const errs = blocked.includes(s) ? diagnostics.filter((d) => d.severity === 'error' && inside(d, s)) : [];
      const e: Entry = { ...statementFields(s), state: 'not-sent' };
      if (errs.length)
        e.error = {
          kind: 'lint',
          message: `${errs.length} lint error${errs.length === 1 ? '' : 's'}; not sent (use --force to send anyway)`,
        };
      entries.push(e);
      if (!blocked.includes(s)) continue;
      writeErr(`svcsql: ${describeStatement(s)} has lint errors and was not sent (use --force to send it anyway):\n`);
      for (const d of errs) {
        const p = oneBased(d.range);
        writeErr(`  ${esc(file)}:${p.line}:${p.column} ${d.severity} ${d.code} ${esc(oneLine(d.message))}\n`);
      }
    }
    writeErr(`svcsql: nothing was sent.\n`);
    return finish(EXIT.failed);
  }

  // Secret WITH values (the catalog marks them) are sent, never printed: an echo shows ***.
  for (const s of picked) for (const v of secretValues(s.sendText)) addSecret(v.value);
  const client = connect(flags);
  const limit = timeoutMs(flags);
  const progress = createProgress(stderrStream());
  const interrupt = watchInterrupt(() => progress.note('Cancelling (press Ctrl+C again to quit at once)…'));
  let failed = false;
  try {
    for (const [i, s] of picked.entries()) {
      const label = esc(`[${i + 1}/${picked.length}] ${s.title}${s.name ? ` ${s.name}` : ''} (line ${s.range.start.line + 1})`);
      if (interrupt.interrupted || (failed && !flags.keepGoing)) {
        entries.push({ ...statementFields(s), state: 'skipped' });
        if (!flags.json) writeOut(renderEntry(label, entries.at(-1)!, out));
        continue;
      }
      const startedAt = Date.now();
      const result: RunResult = await client.run(s.sendText, {
        signal: interrupt.signal,
        ...(limit !== undefined ? { timeoutMs: limit } : {}),
        onEvent: (e) => {
          progress.update(label, describeEvent(e));
          verboseLine(
            flags,
            `${label} +${((e.at - startedAt) / 1000).toFixed(3)} s ${e.state}${e.apiStatus ? ` ${esc(e.apiStatus)}` : ''}`,
          );
        },
      });
      progress.stop();
      const entry = entryFor(result, s);
      entries.push(entry);
      verboseLine(flags, `${label} finished ${result.state} after ${((result.endedAt - result.startedAt) / 1000).toFixed(3)} s`);
      if (!flags.json) writeOut(renderEntry(label, entry, out, file));
      if (!succeeded(result.state)) failed = true;
    }
  } finally {
    progress.stop();
    interrupt.dispose();
  }
  if (interrupt.interrupted) return finish(EXIT.interrupted);
  return finish(failed ? EXIT.failed : EXIT.ok);
}
