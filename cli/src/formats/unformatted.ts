// What `svcsql format` reports: the files it changed (or, with --check, would change), one path
// per line, or as GitHub workflow annotations at the first changed line of each changed statement.
import { escapeData, escapeProperty } from './github';

/** 1-based lines of one changed region: from its first changed character to its end. */
export interface ChangedLines {
  line: number;
  endLine: number;
}

export interface Unformatted {
  /** As displayed (relative, forward slashes). */
  path: string;
  /** Changed regions, in file order. */
  changes: ChangedLines[];
}

export function unformattedText(files: readonly Unformatted[]): string {
  return files.map((f) => f.path + '\n').join('');
}

/** Line breaks (LF, CRLF, a lone CR) in text[from, to): CRLF counts once, at its LF. */
export function lineBreaksIn(text: string, from = 0, to = text.length): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

/**
 * Changed lines, fed the old text of consecutive segments (together, the whole file) in order:
 * `svcsql format --check` reads a file piece by piece, and keeps only a line count of what passed.
 */
export class ChangeLines {
  /** 0-based line where the next segment starts. */
  private line = 0;
  readonly changes: ChangedLines[] = [];

  /** A segment whose old text `oldText` becomes `newText`. */
  segment(oldText: string, newText: string): void {
    if (oldText !== newText) {
      let same = 0;
      while (same < oldText.length && oldText.charCodeAt(same) === newText.charCodeAt(same)) same++;
      const line = this.line + lineBreaksIn(oldText, 0, same) + 1;
      const endLine = Math.max(line, this.line + lineBreaksIn(oldText) + 1);
      this.changes.push({ line, endLine });
    }
    this.line += lineBreaksIn(oldText);
  }
}

/** `check`: the run fails on these (errors); otherwise they were reformatted (notices). */
export function unformattedGithub(files: readonly Unformatted[], check: boolean): string {
  const out: string[] = [];
  const command = check ? 'error' : 'notice';
  const message = check ? 'Not formatted as svcsql format would write it (run svcsql format).' : 'Reformatted by svcsql format.';
  for (const f of files) {
    // Changes that share lines make one annotation.
    const ranges: ChangedLines[] = [];
    for (const { line, endLine } of f.changes) {
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
