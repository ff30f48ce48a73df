// What `svcsql format` reports: the files it changed (or, with --check, would change), one path
// per line, or as GitHub workflow annotations at the first changed line of each changed statement.
import { escapeData, escapeProperty } from './github';

export interface Unformatted {
  /** As displayed (relative, forward slashes). */
  path: string;
  /** The file's text before formatting. */
  text: string;
  /** Changed regions, offsets into text. */
  changes: { start: number; end: number }[];
}

export function unformattedText(files: readonly Unformatted[]): string {
  return files.map((f) => f.path + '\n').join('');
}

/** Offsets where each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

/** 1-based line of an offset. */
function lineOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** `check`: the run fails on these (errors); otherwise they were reformatted (notices). */
export function unformattedGithub(files: readonly Unformatted[], check: boolean): string {
  const out: string[] = [];
  const command = check ? 'error' : 'notice';
  const message = check ? 'Not formatted as svcsql format would write it (run svcsql format).' : 'Reformatted by svcsql format.';
  for (const f of files) {
    const starts = lineStarts(f.text);
    // Changes that share lines make one annotation.
    const ranges: { line: number; endLine: number }[] = [];
    for (const c of f.changes) {
      const line = lineOf(starts, c.start);
      const endLine = Math.max(line, lineOf(starts, c.end));
      const previous = ranges[ranges.length - 1];
      if (previous && line <= previous.endLine) previous.endLine = Math.max(previous.endLine, endLine);
      else ranges.push({ line, endLine });
    }
    for (const { line, endLine } of ranges) {
      const props = [`file=${escapeProperty(f.path)}`, `line=${line}`, `endLine=${endLine}`, `title=${escapeProperty('svcsql format')}`];
      out.push(`::${command} ${props.join(',')}::${escapeData(message)}`);
    }
  }
  return out.length ? out.join('\n') + '\n' : '';
}
