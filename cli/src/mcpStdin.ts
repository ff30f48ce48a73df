// stdin for `svcsql mcp`, one newline-delimited JSON-RPC message at a time, with a size limit. The
// SDK's stdio transport closes the whole connection when a message exceeds its buffer; here an
// oversized message is dropped alone (never held in memory whole) and its request, when its id can
// be read from the message's start or end, gets a JSON-RPC error saying why. The server goes on.
import { Transform, type TransformCallback } from 'node:stream';

/** The largest message passed on: a 1,000,000-character text argument, JSON-escaped, fits. */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
/** How much of an oversized message's start and end is kept to find its id. */
const EDGE_BYTES = 512;

export interface Oversized {
  bytes: number;
  /** The request id, when one could be read (SDK clients write it last). */
  id?: string | number;
}

function idIn(text: string, which: 'first' | 'last'): string | number | undefined {
  const matches = [...text.matchAll(/"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")/g)];
  const last = (which === 'first' ? matches[0] : matches.at(-1))?.[1];
  if (last === undefined) return undefined;
  try {
    return JSON.parse(last) as string | number;
  } catch {
    return undefined;
  }
}

export class LineLimiter extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside an oversized line: its first bytes, its last bytes, and its size so far. */
  private dropping: { head: Buffer; tail: Buffer; bytes: number } | undefined;

  constructor(
    private readonly onOversized: (o: Oversized) => void,
    private readonly limit = MAX_MESSAGE_BYTES,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl === -1 ? chunk.length : nl;
      const piece = chunk.subarray(start, end);
      if (this.dropping) this.keepEdges(piece);
      else if (this.pendingBytes + piece.length > this.limit) {
        const head = Buffer.concat([...this.pending, piece]).subarray(0, EDGE_BYTES);
        this.dropping = { head: Buffer.from(head), tail: Buffer.alloc(0), bytes: this.pendingBytes };
        this.pending = [];
        this.pendingBytes = 0;
        this.keepEdges(piece);
      } else {
        this.pending.push(piece);
        this.pendingBytes += piece.length;
      }
      if (nl === -1) break;
      this.endLine();
      start = nl + 1;
    }
    done();
  }

  private keepEdges(piece: Buffer): void {
    const d = this.dropping!;
    d.bytes += piece.length;
    d.tail = Buffer.concat([d.tail, piece.subarray(Math.max(0, piece.length - EDGE_BYTES))]);
    if (d.tail.length > EDGE_BYTES) d.tail = d.tail.subarray(d.tail.length - EDGE_BYTES);
  }

  private endLine(): void {
    if (this.dropping) {
      const d = this.dropping;
      this.dropping = undefined;
      this.onOversized({ bytes: d.bytes, id: idIn(d.tail.toString('utf8'), 'last') ?? idIn(d.head.toString('utf8'), 'first') });
      return;
    }
    this.pending.push(Buffer.from('\n'));
    this.push(Buffer.concat(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
  }

  override _flush(done: TransformCallback): void {
    if (this.pendingBytes) this.push(Buffer.concat(this.pending));
    done();
  }
}
