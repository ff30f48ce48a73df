// One file's text for the index, read synchronously (an index worker thread; the server's thread in
// short slices): open, size check, read, close. The walk reached the path through real folders.
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { Outcome } from './indexWorkerMessages';

/** The file's text, or why there is none. */
export function readIndexText(path: string, maxBytes: number): string | Outcome.Gone | Outcome.TooLarge {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const info = fstatSync(fd);
    if (!info.isFile()) return Outcome.Gone;
    if (info.size > maxBytes) return Outcome.TooLarge;
    return readFileSync(fd, 'utf8');
  } catch {
    return Outcome.Gone;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
