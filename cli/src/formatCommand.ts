// `svcsql format`: rewrites .svcsql files in the canonical layout (the formatter, core/src/formatter), or with
// --check only reports the files that would change. `-` formats stdin to stdout.
// Files read and written synchronously, as lint's: node:fs/promises is among the modules Node
// compiles from source under the CLI's V8 flags (v8Flags.ts), and one file is formatted at a time anyway.
import { readFileSync, writeFileSync } from 'node:fs';
import { formatSegments, type FormatOptions } from '../../core/src/index';
import { EXIT, CliError } from './exitCodes';
import { collectFiles, displayPath } from './files';
import { checkFile } from './formatCheck';
import { ChangeLines, GithubAnnotations, unformattedGithub, unformattedText, type Unformatted } from './reportFormats/unformatted';
import { writeErr, writeOut, writeOutInTurn } from './output';
import { largeInput } from './launch/v8Flags';
import { FileTooLargeError } from './segments';

export interface FormatCommandFlags {
  check?: boolean;
  indent: number;
  tabs?: boolean;
  lineWidth: number;
  /** `--format`: how the changed files are listed (commander names the field after the flag). */
  format: 'text' | 'github';
}

const BOM = '\uFEFF';

/** The formatted text, and the lines where it differs from the input (for annotations). */
function formatted(text: string, options: Partial<FormatOptions>): { text: string; changes: Unformatted['changes'] } {
  const segments = formatSegments(text, undefined, options);
  const lines = new ChangeLines();
  for (const s of segments) lines.segment(text.slice(s.span.start, s.span.end), s.newText);
  return { text: segments.map((s) => s.newText).join(''), changes: lines.changes };
}

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (d: string) => (data += d));
    process.stdin.on('end', () => resolve(data));
    process.stdin.on('error', reject);
  });
}

export async function formatCommand(paths: string[], flags: FormatCommandFlags): Promise<number> {
  const options: Partial<FormatOptions> = { indentSize: flags.indent, useTabs: flags.tabs === true, lineWidth: flags.lineWidth };
  if (paths.includes('-')) {
    if (paths.length > 1) throw new CliError('`-` (stdin) cannot be mixed with files.');
    const input = await readStdin();
    largeInput.inputToRead(input.length);
    const bom = input.startsWith(BOM) ? BOM : '';
    const result = formatted(input.slice(bom.length), options);
    if (!flags.check) {
      writeOut(bom + result.text);
      return EXIT.ok;
    }
    const list: Unformatted[] = result.changes.length ? [{ path: '<stdin>', changes: result.changes }] : [];
    writeOut(flags.format === 'github' ? unformattedGithub(list, true) : unformattedText(list));
    return list.length ? EXIT.failed : EXIT.ok;
  }

  const set = await collectFiles(paths);
  const problems = [...set.problems];
  const changed: Unformatted[] = [];
  if (flags.check) {
    // Piece by piece, each file's result written as soon as it is known: memory holds one piece.
    for (const file of set.files) {
      const path = displayPath(file);
      const github = flags.format === 'github' ? new GithubAnnotations(path, true) : undefined;
      try {
        const count = await checkFile(
          file,
          options,
          github &&
            (async (changes) => {
              let text = '';
              for (const c of changes) text += github.add(c);
              if (text) await writeOutInTurn(text);
            }),
        );
        if (!count) continue;
        changed.push({ path, changes: [] });
        await writeOutInTurn(github ? github.end() : unformattedText([{ path, changes: [] }]));
      } catch (err) {
        const why = err instanceof FileTooLargeError ? err.message : `cannot read (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
        problems.push(`${path}: ${why}.`);
      }
    }
    return summarize(set, problems, changed, true);
  }
  for (const file of set.files) {
    let raw: string;
    try {
      raw = readFileSync(file, 'utf8');
      largeInput.inputToRead(raw.length);
    } catch (err) {
      problems.push(`${displayPath(file)}: cannot read (${(err as NodeJS.ErrnoException).code ?? 'error'}).`);
      continue;
    }
    const bom = raw.startsWith(BOM) ? BOM : '';
    const text = raw.slice(bom.length);
    const result = formatted(text, options);
    if (!result.changes.length) continue;
    changed.push({ path: displayPath(file), changes: result.changes });
    try {
      writeFileSync(file, bom + result.text, 'utf8');
    } catch (err) {
      problems.push(`${displayPath(file)}: cannot write (${(err as NodeJS.ErrnoException).code ?? 'error'}).`);
    }
  }
  writeOut(flags.format === 'github' ? unformattedGithub(changed, false) : unformattedText(changed));
  return summarize(set, problems, changed, false);
}

/** The problems and the count line on stderr, and the exit code. */
function summarize(set: { files: string[]; notes: string[] }, problems: string[], changed: Unformatted[], check: boolean): number {
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
