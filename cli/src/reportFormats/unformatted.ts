// What `svcsql format` reports: the files it changed (or, with --check, would change), one path
// per line, or as GitHub workflow annotations at the first changed line of each changed statement.
import { escapeData, escapeProperty } from './github';

/** 1-based lines of one changed region: from its first changed character to its end. */
export interface ChangedLines {
  line: number;
  endLine: number;
}

/** The changed files, a path (as displayed: relative, forward slashes) a line. */
export function unformattedText(paths: readonly string[]): string {
  return paths.map((p) => p + '\n').join('');
}

/**
 * Line breaks (LF, CRLF, a lone CR) in text[from, to): CRLF counts once, at its LF. Found by
 * indexOf, not a loop over every character: a format --check runs this over the whole file, mostly
 * in code V8 has not optimised, where a call of the native search costs less than a few characters
 * of a loop (and a file without CR is searched for one once).
 */
export function lineBreaksIn(text: string, from = 0, to = text.length): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  for (let i = text.indexOf('\r', from); i >= 0 && i < to; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 10) n++;
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

/**
 * One file's GitHub annotations, written as its changes come (`svcsql format --check` of a file
 * with a million changes holds none of them): changes that share lines make one annotation.
 * `check`: the run fails on these (errors); otherwise they were reformatted (notices).
 */
export class GithubAnnotations {
  private pending: ChangedLines | undefined;
  /** What every annotation of the file says but its lines: escaped once (a file may have a million). */
  private readonly head: string;
  private readonly tail: string;

  constructor(path: string, check: boolean) {
    const message = check ? 'Not formatted as svcsql format would write it (run svcsql format).' : 'Reformatted by svcsql format.';
    this.head = `::${check ? 'error' : 'notice'} file=${escapeProperty(path)},`;
    this.tail = `,title=${escapeProperty('svcsql format')}::${escapeData(message)}\n`;
  }

  /** The annotations this change completes ('' or lines ending in a line break). */
  add({ line, endLine }: ChangedLines): string {
    const previous = this.pending;
    if (previous && line <= previous.endLine) {
      previous.endLine = Math.max(previous.endLine, endLine);
      return '';
    }
    this.pending = { line, endLine };
    return previous ? this.annotation(previous) : '';
  }

  /** The last annotation. */
  end(): string {
    const last = this.pending;
    this.pending = undefined;
    return last ? this.annotation(last) : '';
  }

  private annotation({ line, endLine }: ChangedLines): string {
    return `${this.head}line=${line},endLine=${endLine}${this.tail}`;
  }
}

/**
 * The annotations these changes complete, written a part of about 64 KB at a time as they are made
 * (a file may have a million: its annotations as one string were hundreds of MB); the caller writes
 * `end()` once the file's changes are all given.
 */
export async function writeAnnotations(
  annotations: GithubAnnotations,
  changes: readonly ChangedLines[],
  write: (text: string) => Promise<void>,
): Promise<void> {
  let text = '';
  for (const c of changes) {
    text += annotations.add(c);
    if (text.length >= 65536) {
      await write(text);
      text = '';
    }
  }
  if (text) await write(text);
}
