// The JSON encoder for messages the server writes over stdio. publishDiagnostics carries every
// diagnostic of a document after each keystroke; in a 10,000-statement file that is ~160 KB of
// JSON whose objects are nearly all the ones sent last time (the server keeps them, see
// server.ts). Serialising them again was the largest single cost of a keystroke (`npm run bench`,
// `node --cpu-prof`), so each diagnostic's JSON is kept with it and the message is joined from
// those pieces. Everything else goes through JSON.stringify as the default encoder does.
import type { Message } from 'vscode-languageserver/node';

/** UTF-8 JSON of a diagnostic object; valid because the server never mutates one it has published. */
const pieces = new WeakMap<object, Buffer>();

function pieceOf(diagnostic: object): Buffer {
  let bytes = pieces.get(diagnostic);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(diagnostic), 'utf8');
    pieces.set(diagnostic, bytes);
  }
  return bytes;
}

interface PublishParams {
  uri: string;
  version?: number;
  diagnostics: object[];
}

function isPublish(msg: Message): msg is Message & { method: string; params: PublishParams } {
  const m = msg as { method?: unknown; params?: { diagnostics?: unknown } };
  return m.method === 'textDocument/publishDiagnostics' && Array.isArray(m.params?.diagnostics);
}

const COMMA = 44; // ','
const TAIL = Buffer.from(']}}');

/**
 * The last publish of a document: its diagnostics, the message, where the diagnostics' JSON
 * starts in it, and where each diagnostic's JSON ends (from that start).
 */
interface Published {
  /** The array the publish was given, not a copy: the server never changes a list it has published (it may publish the same one again). */
  diagnostics: readonly object[];
  message: Buffer;
  bodyStart: number;
  /** ends[i]: where diagnostic i's JSON ends, from bodyStart; only the first diagnostics.length are valid. */
  ends: Int32Array;
  /** The memory `message` lies in (it may be longer). */
  store: Buffer;
  /** The memory of the publish before it, written out by now: the next message of the document is built in it. */
  spare: Buffer | undefined;
  /** The ends of the publish before it, free by now: the next publish's ends are written in it. */
  spareEnds: Int32Array | undefined;
}

/** By URI; small lists are not kept (joining their pieces costs nothing). */
const lastPublished = new Map<string, Published>();
const KEEP_FROM = 32;

/** Work counted by the tests: diagnostics whose JSON the last publish joined piece by piece. */
export const encoderWork = { pieces: 0 };

/** The pieces of the diagnostics between the runs kept from the last publish (a keystroke's few). */
const middle: Buffer[] = [];

/**
 * The message: `head`, the JSON of `diagnostics` joined with commas, then TAIL; and where each
 * diagnostic's JSON ends in it (from the end of `head`). A keystroke changes the diagnostics of a
 * statement or two: the runs before and after them that are the very objects of the last publish
 * are copied from its message as two blocks, not as a thousand pieces (that copying was a third of
 * a keystroke's time in a 10,000-statement file). Written straight into `store`, with no list of
 * parts or of ends made per publish: those arrays were half of what a keystroke left to the
 * garbage collector at 100,000 statements.
 */
function build(
  head: Buffer,
  diagnostics: readonly object[],
  prev: Published | undefined,
  keep: boolean,
): { message: Buffer; store: Buffer; ends: Int32Array } {
  const n = diagnostics.length;
  let prefix = 0;
  let suffix = 0;
  if (prev) {
    const m = prev.diagnostics.length;
    while (prefix < n && prefix < m && diagnostics[prefix] === prev.diagnostics[prefix]) prefix++;
    while (suffix < n - prefix && suffix < m - prefix && diagnostics[n - 1 - suffix] === prev.diagnostics[m - 1 - suffix]) suffix++;
  }
  const ends = prev?.spareEnds !== undefined && prev.spareEnds.length >= n ? prev.spareEnds : new Int32Array(n + (n >> 2));
  // The lengths first: the body is the prefix's JSON, the middle's pieces and the suffix's JSON, comma-separated.
  const prefixLength = prefix > 0 ? prev!.ends[prefix - 1]! : 0;
  middle.length = 0;
  let length = prefixLength;
  encoderWork.pieces = 0;
  for (let i = prefix; i < n - suffix; i++) {
    const piece = pieceOf(diagnostics[i]!);
    middle.push(piece);
    if (i > 0) length++;
    length += piece.length;
    encoderWork.pieces++;
  }
  let suffixFrom = 0;
  let suffixTo = 0;
  if (suffix > 0) {
    const m = prev!.diagnostics.length;
    const first = m - suffix;
    // The previous JSON of the suffix, from its first diagnostic (after the comma before it) to the end.
    suffixFrom = first === 0 ? 0 : prev!.ends[first - 1]! + 1;
    suffixTo = prev!.ends[m - 1]!;
    if (n - suffix > 0) length++;
    length += suffixTo - suffixFrom;
  }
  const total = head.length + length + TAIL.length;
  const store = !keep
    ? Buffer.allocUnsafe(total)
    : prev?.spare !== undefined && prev.spare.length >= total
      ? prev.spare
      : Buffer.allocUnsafeSlow(total + (total >> 2));
  // Then the bytes, and each diagnostic's end.
  let at = head.copy(store, 0);
  const bodyStart = at;
  if (prefix > 0) {
    at += prev!.message.copy(store, at, prev!.bodyStart, prev!.bodyStart + prefixLength);
    ends.set(prev!.ends.subarray(0, prefix));
  }
  for (let k = 0, i = prefix; k < middle.length; k++, i++) {
    if (i > 0) store[at++] = COMMA;
    at += middle[k]!.copy(store, at);
    ends[i] = at - bodyStart;
  }
  middle.length = 0;
  if (suffix > 0) {
    if (n - suffix > 0) store[at++] = COMMA;
    const by = at - bodyStart - suffixFrom;
    at += prev!.message.copy(store, at, prev!.bodyStart + suffixFrom, prev!.bodyStart + suffixTo);
    const m = prev!.diagnostics.length;
    for (let i = n - suffix, j = m - suffix; i < n; i++, j++) ends[i] = prev!.ends[j]! + by;
  }
  at += TAIL.copy(store, at);
  return { message: store.subarray(0, at), store, ends };
}

/**
 * The message as UTF-8 JSON, equal (once parsed) to JSON.stringify(msg). Kept as bytes: joining
 * the pieces as strings and encoding the result cost as much as the JSON.stringify it replaced.
 *
 * The bytes of a publish of KEEP_FROM or more diagnostics are valid until the next-but-one publish
 * of the same document, which is built in the same memory: vscode-jsonrpc's writer writes one
 * message at a time (encode, then write, then the next), so by then they have been written out.
 */
export function encodeMessage(msg: Message): Buffer {
  if (!isPublish(msg)) return Buffer.from(JSON.stringify(msg), 'utf8');
  const { diagnostics, ...rest } = msg.params;
  const others = JSON.stringify(rest).slice(1, -1);
  const head = Buffer.from(
    `{"jsonrpc":${JSON.stringify(msg.jsonrpc)},"method":"textDocument/publishDiagnostics","params":{${others}${others ? ',' : ''}"diagnostics":[`,
    'utf8',
  );
  const uri = typeof rest.uri === 'string' ? rest.uri : undefined;
  const prev = uri === undefined ? undefined : lastPublished.get(uri);
  const keep = uri !== undefined && diagnostics.length >= KEEP_FROM;
  const { message, store, ends } = build(head, diagnostics, prev, keep);
  if (uri !== undefined) {
    if (keep)
      lastPublished.set(uri, {
        diagnostics,
        message,
        bodyStart: head.length,
        ends,
        store,
        spare: prev?.store,
        spareEnds: prev?.ends,
      });
    else lastPublished.delete(uri);
  }
  return message;
}

/** A content-type encoder for vscode-jsonrpc's StreamMessageWriter (its charset is always UTF-8 here). */
export const cachingJsonEncoder = {
  name: 'application/json',
  encode(msg: Message): Promise<Uint8Array> {
    try {
      return Promise.resolve(encodeMessage(msg));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  },
};
