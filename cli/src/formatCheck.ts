// `svcsql format --check` of one file, piece by piece (segments.ts): memory holds one piece and its
// formatting, whatever the file's size. The pieces end where statements end, so formatting them
// in turn (core FormatStream) gives exactly the whole file's formatting.
import { createReadStream } from 'node:fs';
import { FormatStream, lineBreakOf, type FormatOptions } from '../../core/src/index';
import { ChangeLines, type ChangedLines } from './reportFormats/unformatted';
import { readSegments, SEGMENT_LIMITS, type SegmentLimits } from './segments';

/** lineBreakOf (core/src/format) of a file read in pieces, read as a stream first: CRLF when it has any. */
async function hasCrlf(file: string): Promise<boolean> {
  let lastWasCr = false;
  for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 })) {
    const bytes = chunk as Buffer;
    if (lastWasCr && bytes[0] === 10) return true;
    if (bytes.includes('\r\n')) return true;
    lastWasCr = bytes[bytes.length - 1] === 13;
  }
  return false;
}

/**
 * Checks a file and returns how many changed regions it has (0: it is formatted). `each` is handed
 * them piece by piece, in file order; without it, the check stops at the first change (a list of
 * paths needs no more).
 */
export async function checkFile(
  file: string,
  options: Partial<FormatOptions>,
  each?: (changes: ChangedLines[]) => void | Promise<void>,
  limits: SegmentLimits = SEGMENT_LIMITS,
): Promise<number> {
  let stream: FormatStream | undefined;
  const lines = new ChangeLines();
  let count = 0;
  const handOver = async () => {
    if (!lines.changes.length) return;
    count += lines.changes.length;
    await each?.(lines.changes.splice(0));
  };
  for await (const segment of readSegments(file, limits)) {
    // A small file, read whole, has its line breaks at hand: no read stream (whose modules Node
    // compiles from source under the CLI's V8 flags: v8Flags.ts) for it.
    stream ??= new FormatStream(segment.whole ? lineBreakOf(segment.text) : (await hasCrlf(file)) ? '\r\n' : '\n', options);
    for (const edit of stream.push(segment.text)) lines.segment(edit.oldText, edit.newText);
    await handOver();
    if (!each && count) return count;
  }
  // (readSegments yields one piece at least, an empty file's included.)
  stream ??= new FormatStream('\n', options);
  const last = stream.end();
  lines.segment(last.oldText, last.newText);
  await handOver();
  return count;
}
