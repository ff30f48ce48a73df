// The messages between the server and its index worker threads (server/src/host/indexWorkers.ts,
// server/src/host/indexWorker.ts).

/** Server → worker: files to read and index. */
export interface WorkerBatch {
  id: number;
  paths: string[];
  maxBytes: number;
}

/** What became of one file of a batch (WorkerResult.outcomes). */
export const enum Outcome {
  /** Gone (missing, not a file, unreadable). */
  Gone = 0,
  TooLarge = 1,
  /** The core could not read it: the error is in WorkerResult.errors. */
  Failed = 2,
  /** Indexed: its objects (maybe none) are in the batch's arrays. */
  Indexed = 3,
}

/**
 * Worker → server: a whole batch in a few arrays (one message, cloned), the files in the batch's order. A message per file with its own arrays cost
 * about an eighth of the worker's time in postMessage (npm run bench: workspace index).
 *
 * File i has outcome `outcomes[i]`; an indexed one owns `counts[3i]` occurrences, `counts[3i + 1]`
 * strings and `counts[3i + 2]` ints of `data`, following those of the files before it: its slices
 * of `data` (4 or 6 ints per occurrence, core/src/workspace/objectOccurrence.ts) and `meta` (a
 * byte each) are FileObjects.parts()'s, its strings end at `ends[k]` in `joined`.
 */
export interface WorkerResult {
  id: number;
  outcomes: Uint8Array;
  counts: Int32Array;
  data: Int32Array;
  meta: Uint8Array;
  joined: string;
  ends: Int32Array;
  /** The indexed files' textHash, in order. */
  hashes: string[];
  /** The errors of Failed files, in order. */
  errors: string[];
}
