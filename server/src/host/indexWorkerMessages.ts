// The messages between the server and its index worker threads (server/src/host/indexWorkers.ts,
// server/src/host/indexWorker.ts).
import type { FileObjectParts } from '../../../core/src/index';

/** Server → worker: files to read and index. */
export interface WorkerBatch {
  id: number;
  paths: string[];
  maxBytes: number;
  /**
   * Sent while the server holds V8's young generation (youngGeneration.ts): the V8 flags are not
   * the process's usual ones, and the worker's launcher writes no code cache entry.
   */
  youngGenerationHeld?: boolean;
}

/** What became of one file of a batch (WorkerResult.outcomes). */
export const enum Outcome {
  /** Gone (missing, not a file, unreadable). */
  Gone = 0,
  TooLarge = 1,
  /** The core could not read it: the error is in WorkerResult.errors. */
  Failed = 2,
  /** Indexed: its objects (maybe none) are in WorkerResult.files. */
  Indexed = 3,
}

/**
 * Worker → server: a whole batch in one message (cloned; a message per file cost about an eighth
 * of the worker's time in postMessage, npm run bench: workspace index). File i of the batch has
 * outcome `outcomes[i]`; the indexed ones' objects are `files`, in the batch's order. Each file's
 * own arrays and strings, not the batch's packed into a few arrays: they were packed to be
 * transferred, and packing them (and cutting the strings out again in the server) cost more than
 * cloning them.
 */
export interface WorkerResult {
  id: number;
  outcomes: Uint8Array;
  files: FileObjectParts[];
  /** The indexed files' textHash, in order. */
  hashes: string[];
  /** The errors of Failed files, in order. */
  errors: string[];
}
