// `svcsql format`: rewrites .svcsql files in the canonical layout (the formatter, core/src/formatter), or with
// --check only reports the files that would change. `-` formats stdin to stdout.
import { readFile, writeFile } from 'node:fs/promises';
import { SvcSqlDocument, formatSegments, type FormatOptions } from '../../core/src/index';
import { EXIT, CliError } from './exitCodes';
import { collectFiles, displayPath } from './files';
import { unformattedGithub, unformattedText, type Unformatted } from './reportFormats/unformatted';
import { writeErr, writeOut } from './output';

export interface FormatCommandFlags {
  check?: boolean;
  indent: number;
  tabs?: boolean;
  lineWidth: number;
  /** `--format`: how the changed files are listed (commander names the field after the flag). */
  format: 'text' | 'github';
}

const BOM = '\uFEFF';

/** The formatted text, and where it first differs from the input (for annotations). */
function formatted(text: string, options: Partial<FormatOptions>): { text: string; changes: { start: number; end: number }[] } {
  const segments = formatSegments(text, new SvcSqlDocument(text).statements(), options);
  const changes: { start: number; end: number }[] = [];
  for (const s of segments) {
    const old = text.slice(s.span.start, s.span.end);
    if (old === s.newText) continue;
    let same = 0;
    while (same < old.length && old.charCodeAt(same) === s.newText.charCodeAt(same)) same++;
    changes.push({ start: s.span.start + same, end: s.span.end });
  }
  return { text: segments.map((s) => s.newText).join(''), changes };
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
    const bom = input.startsWith(BOM) ? BOM : '';
    const result = formatted(input.slice(bom.length), options);
    if (!flags.check) {
      writeOut(bom + result.text);
      return EXIT.ok;
    }
    const list: Unformatted[] = result.changes.length ? [{ path: '<stdin>', text: input.slice(bom.length), changes: result.changes }] : [];
    writeOut(flags.format === 'github' ? unformattedGithub(list, true) : unformattedText(list));
    return list.length ? EXIT.failed : EXIT.ok;
  }

  const set = await collectFiles(paths);
  const problems = [...set.problems];
  const changed: Unformatted[] = [];
  for (const file of set.files) {
    let raw: string;
    try {
      raw = await readFile(file, 'utf8');
    } catch (err) {
      problems.push(`${displayPath(file)}: cannot read (${(err as NodeJS.ErrnoException).code ?? 'error'}).`);
      continue;
    }
    const bom = raw.startsWith(BOM) ? BOM : '';
    const text = raw.slice(bom.length);
    const result = formatted(text, options);
    if (!result.changes.length) continue;
    changed.push({ path: displayPath(file), text, changes: result.changes });
    if (flags.check) continue;
    try {
      await writeFile(file, bom + result.text, 'utf8');
    } catch (err) {
      problems.push(`${displayPath(file)}: cannot write (${(err as NodeJS.ErrnoException).code ?? 'error'}).`);
    }
  }
  for (const p of problems) writeErr(`svcsql: ${p}\n`);
  for (const n of set.notes) writeErr(`svcsql: ${n}\n`);
  writeOut(flags.format === 'github' ? unformattedGithub(changed, flags.check === true) : unformattedText(changed));
  const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
  writeErr(
    flags.check
      ? `${changed.length ? `${files(changed.length)} of ${set.files.length} would be reformatted` : `${files(set.files.length)} already formatted`}.\n`
      : `${files(changed.length)} of ${set.files.length} reformatted.\n`,
  );
  if (problems.length) return EXIT.usage;
  return flags.check && changed.length ? EXIT.failed : EXIT.ok;
}
