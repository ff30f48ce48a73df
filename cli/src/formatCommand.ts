// `svcsql format`: rewrites .svcsql files in the canonical layout (the formatter, core/src/formatter), or with
// --check only reports the files that would change. `-` formats stdin to stdout. A file is read as
// lint reads it (segments.ts: at once when small, else in pieces) and formatted piece by piece
// (formatCheck.ts); it is written synchronously: node:fs/promises is among the modules Node compiles
// from source under the CLI's V8 flags (v8Flags.ts), and one file is formatted at a time anyway.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { FormatOptions } from '../../core/src/index';
import { EXIT, CliError } from './exitCodes';
import { collectFiles, displayPath } from './files';
import { formatFileInTurn, formatSegmentsInTurn, type PieceHandlers } from './formatCheck';
import { GithubAnnotations, unformattedText, writeAnnotations, type ChangedLines } from './reportFormats/unformatted';
import { writeErr, writeOut, writeOutInTurn } from './output';
import { largeInput } from './launch/v8Flags';
import { FileTooLargeError, readProblem, segmentsOf } from './segments';
import { readsStdin, readStdin, STDIN_PATH } from './stdinInput';

export interface FormatCommandFlags {
  check?: boolean;
  indent: number;
  tabs?: boolean;
  lineWidth: number;
  /** `--format`: how the changed files are listed (commander names the field after the flag). */
  format: 'text' | 'github';
}

/**
 * `--check` of one file or of stdin, named `path`: with `--format github` each piece's annotations
 * are written as they come, else the path once a change is found (`check` stops there). Returns how
 * many changed regions `check` found.
 */
async function checkAndReport(
  path: string,
  flags: FormatCommandFlags,
  check: (handlers: PieceHandlers) => Promise<number>,
): Promise<number> {
  const github = flags.format === 'github' ? new GithubAnnotations(path, true) : undefined;
  const count = await check(
    github
      ? {
          each: (changes) => writeAnnotations(github, changes, writeOutInTurn),
        }
      : {},
  );
  if (count) await writeOutInTurn(github ? github.end() : unformattedText([path]));
  return count;
}

/** Writes `chunks` over `file`, truncating it first as writeFileSync does (the same file: its mode and links kept). */
function writeChunks(file: string, chunks: readonly Buffer[]): void {
  const fd = openSync(file, 'w');
  try {
    for (const chunk of chunks) for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at);
  } finally {
    closeSync(fd);
  }
}

/**
 * `format -`: stdin formatted piece by piece (segments.ts' pieces through core's FormatStream: the
 * same text as formatting it whole), each piece's text written as it is done; with `--check`, as a
 * file is checked, under the name `<stdin>`.
 */
async function formatStdin(options: Partial<FormatOptions>, flags: FormatCommandFlags): Promise<number> {
  try {
    const input = await readStdin();
    largeInput.inputToRead(input.bytes);
    const segments = segmentsOf(input.texts());
    const eol = () => (input.crlf ? '\r\n' : '\n');
    if (!flags.check) {
      await formatSegmentsInTurn(segments, eol, options, { write: writeOutInTurn });
      return EXIT.ok;
    }
    const count = await checkAndReport(STDIN_PATH, flags, (handlers) => formatSegmentsInTurn(segments, eol, options, handlers));
    return count ? EXIT.failed : EXIT.ok;
  } catch (err) {
    // Too much to hold, or no statement boundary for a piece's worth of text: exit 2 with the reason.
    if (err instanceof FileTooLargeError) throw new CliError(`${STDIN_PATH}: ${err.message}.`);
    throw err;
  }
}

export async function formatCommand(paths: string[], flags: FormatCommandFlags): Promise<number> {
  const options: Partial<FormatOptions> = { indentSize: flags.indent, useTabs: flags.tabs === true, lineWidth: flags.lineWidth };
  if (readsStdin(paths)) return formatStdin(options, flags);

  const set = await collectFiles(paths);
  const problems = [...set.problems];
  /** The changed files' paths, as displayed. */
  const changed: string[] = [];
  if (flags.check) {
    // Piece by piece, each file's result written as soon as it is known: memory holds one piece.
    for (const file of set.files) {
      const path = displayPath(file);
      try {
        if (await checkAndReport(path, flags, (handlers) => formatFileInTurn(file, options, handlers))) changed.push(path);
      } catch (err) {
        problems.push(`${path}: ${readProblem(err)}.`);
      }
    }
    return summarize(set, problems, changed, true);
  }
  // Piece by piece too: the formatted text is kept as bytes (outside V8's heap) until the file is
  // read to its end, then written over it; the file's text and its formatting as whole strings
  // took ~17 times the file's size (22 MB: 372 MB). Its changed lines are kept only for
  // `--format github`, whose notices name them, and written once the file is; the list of paths
  // needs none of them.
  const github = flags.format === 'github';
  for (const file of set.files) {
    const path = displayPath(file);
    const out: Buffer[] = [];
    const changes: ChangedLines[] = [];
    let count: number;
    try {
      count = await formatFileInTurn(file, options, {
        each: github ? (found) => void pushAll(changes, found) : undefined,
        write: (text) => void out.push(Buffer.from(text, 'utf8')),
      });
    } catch (err) {
      problems.push(`${path}: ${readProblem(err)}.`);
      continue;
    }
    if (!count) continue;
    changed.push(path);
    try {
      writeChunks(file, out);
    } catch (err) {
      problems.push(`${path}: cannot write (${(err as NodeJS.ErrnoException).code ?? 'error'}).`);
    }
    if (github) {
      const annotations = new GithubAnnotations(path, false);
      await writeAnnotations(annotations, changes, writeOutInTurn);
      await writeOutInTurn(annotations.end());
    }
  }
  if (!github) writeOut(unformattedText(changed));
  return summarize(set, problems, changed, false);
}

/** `list.push(...items)` without spreading a piece's changes (thousands) as arguments. */
function pushAll<T>(list: T[], items: readonly T[]): void {
  for (const item of items) list.push(item);
}

/** The problems and the count line on stderr, and the exit code. */
function summarize(set: { files: string[]; notes: string[] }, problems: string[], changed: readonly string[], check: boolean): number {
  for (const p of problems) writeErr(`svcsql: ${p}\n`);
  for (const n of set.notes) writeErr(`svcsql: ${n}\n`);
  const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
  writeErr(
    check
      ? `${changed.length ? `${files(changed.length)} of ${set.files.length} would be reformatted` : `${files(set.files.length)} already formatted`}.\n`
      : `${files(changed.length)} of ${set.files.length} reformatted.\n`,
  );
  if (problems.length) return EXIT.usage;
  return check && changed.length ? EXIT.failed : EXIT.ok;
}
