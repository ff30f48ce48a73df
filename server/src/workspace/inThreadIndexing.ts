// Reads and indexes the files a workspace walk found, in the server's own thread: the browser
// build's way (scripts/browserBuild.mjs swaps server/src/host/indexWorkers.ts for this module), and
// the Node build's when it has no worker thread. The Node build hands the same work to worker
// threads (server/src/host/indexWorkers.ts), which answer with the same IndexedRead.
import { readFile, stat } from '../host/fs';
import { objectsOfText, type FileObjects } from '../../../core/src/index';
import { PathFeed } from './pathFeed';
import { textHash } from './textHash';

/** One file's outcome: its objects, or why it has none (gone when neither is set). */
export interface IndexedRead {
  path: string;
  objects?: FileObjects;
  /** Over maxBytes: not read. */
  tooLarge?: boolean;
  /** The core could not read it (the file costs its own entry, never the index). */
  error?: string;
  /** textHash of the text read (BOM taken off), with objects. */
  hash?: string;
}

export interface IndexPool {
  /**
   * Reads and indexes each path (found by the walk, which reached it through real folders: no
   * realpath needed; a PathFeed while the walk goes on), handing each outcome to `each` as it
   * comes. Stops starting new work once `cancelled()` holds.
   */
  run(paths: readonly string[] | PathFeed, maxBytes: number, each: (read: IndexedRead) => void, cancelled: () => boolean): Promise<void>;
  /** Frees what the pool holds (its threads); it is not used again. */
  close(): void;
}

export const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** The objects of a file's text, or the error that kept the core from reading them. */
export function indexText(path: string, text: string): IndexedRead {
  try {
    const stripped = stripBom(text);
    return { path, objects: objectsOfText(stripped), hash: textHash(stripped) };
  } catch (e) {
    return { path, error: e instanceof Error ? e.message : String(e) };
  }
}

/** File reads in flight: the reads of later files overlap the analysis of earlier ones. */
const READS_IN_FLIGHT = 32;
/** Synchronous work between two yields to the event loop (LSP requests are answered in between). */
const SLICE_MS = 8;
const yieldToEventLoop = () => new Promise<void>((r) => setImmediate(r));

async function readOne(path: string, maxBytes: number): Promise<IndexedRead | string> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return { path };
    if (info.size > maxBytes) return { path, tooLarge: true };
    return await readFile(path, 'utf8');
  } catch {
    return { path };
  }
}

export const feedOf = (paths: readonly string[] | PathFeed): PathFeed => (paths instanceof PathFeed ? paths : PathFeed.of(paths));

export async function indexInThread(
  paths: readonly string[] | PathFeed,
  maxBytes: number,
  each: (read: IndexedRead) => void,
  cancelled: () => boolean,
): Promise<void> {
  const feed = feedOf(paths);
  let sliceStart = performance.now();
  const reads: Promise<IndexedRead | string>[] = [];
  /** Reads [i, i + READS_IN_FLIGHT) of the paths come so far are started. */
  const startReads = (i: number) => {
    for (let j = i; j < Math.min(i + READS_IN_FLIGHT, feed.length); j++) reads[j] ??= readOne(feed.at(j), maxBytes);
  };
  for (let i = 0; ; i++) {
    while (i >= feed.length && !feed.ended) await feed.more();
    if (i >= feed.length || cancelled()) return;
    startReads(i);
    const read = await reads[i]!;
    delete reads[i];
    if (cancelled()) return;
    startReads(i + 1);
    each(typeof read === 'string' ? indexText(feed.at(i), read) : read);
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
}

/** The pool of the browser build: this thread. */
export function createIndexPool(): IndexPool {
  return { run: indexInThread, close: () => undefined };
}
