// The messages between the server and its index worker threads (server/src/host/indexWorkers.ts,
// server/src/host/indexWorker.ts).

/** Server → worker: files to read and index. */
export interface WorkerBatch {
  id: number;
  paths: string[];
  maxBytes: number;
}

/**
 * Worker → server: one file. With `data`, its objects (FileObjects.parts(): `data` and `meta`
 * transferred, the strings as `joined` and `ends`); `empty`: a file that names nothing; else as IndexedRead (tooLarge, error, or gone
 * when neither).
 */
export interface WorkerRead {
  path: string;
  data?: Int32Array;
  meta?: Uint8Array;
  /** The string table joined, and where each string ends in it (transferred). */
  joined?: string;
  ends?: Int32Array;
  empty?: boolean;
  hash?: string;
  tooLarge?: boolean;
  error?: string;
}

export interface WorkerResult {
  id: number;
  reads: WorkerRead[];
}
