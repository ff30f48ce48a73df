// One file's text for the index, read synchronously (an index worker thread; the server's thread in
// short slices): open, read into this thread's buffer (at most maxBytes + 1 bytes), close. No fstat:
// the read's length says whether the file is too large, and a folder fails the read (EISDIR). The
// stat, its Stats object and readFileSync's options were a third of a file's read (1,000 files of
// ~10 KB: 64 → 45 ms). The walk reached the path through real folders.
import { closeSync, openSync, readSync } from 'node:fs';
import { Outcome } from './indexWorkerMessages';

const FIRST_SIZE = 64 * 1024;
/** A buffer grown past this for a large file is not kept for the next one. */
const KEEP_SIZE = 1024 * 1024;
let kept = Buffer.allocUnsafeSlow(FIRST_SIZE);

/** The file's text, or why there is none. */
export function readIndexText(path: string, maxBytes: number): string | Outcome.Gone | Outcome.TooLarge {
  let fd: number | undefined;
  let buffer = kept;
  try {
    fd = openSync(path, 'r');
    const limit = maxBytes + 1;
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const larger = Buffer.allocUnsafeSlow(Math.min(limit, buffer.length * 2));
        buffer.copy(larger, 0, 0, length);
        buffer = larger;
      }
      const n = readSync(fd, buffer, length, Math.min(buffer.length, limit) - length, null);
      if (n === 0) break;
      length += n;
      if (length >= limit) break;
    }
    if (length > maxBytes) return Outcome.TooLarge;
    return buffer.toString('utf8', 0, length);
  } catch {
    return Outcome.Gone;
  } finally {
    if (fd !== undefined) closeSync(fd);
    if (buffer.length <= KEEP_SIZE) kept = buffer;
  }
}
