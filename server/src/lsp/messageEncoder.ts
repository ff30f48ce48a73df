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

const COMMA = Buffer.from(',');
const TAIL = Buffer.from(']}}');

/**
 * The last publish of a document: its diagnostics, the message, where the diagnostics' JSON
 * starts in it, and where each diagnostic's JSON ends (from that start).
 */
interface Published {
  diagnostics: readonly object[];
  message: Buffer;
  bodyStart: number;
  ends: number[];
  /** The memory `message` lies in (it may be longer). */
  store: Buffer;
  /** The memory of the publish before it, written out by now: the next message of the document is built in it. */
  spare: Buffer | undefined;
}

/** By URI; small lists are not kept (joining their pieces costs nothing). */
const lastPublished = new Map<string, Published>();
const KEEP_FROM = 32;

/** Work counted by the tests: diagnostics whose JSON the last publish joined piece by piece. */
export const encoderWork = { pieces: 0 };

/**
 * The JSON of `diagnostics` joined with commas, as parts for one Buffer.concat, and where each
 * diagnostic's JSON ends in it. A keystroke changes the diagnostics of a statement or two: the
 * runs before and after them that are the very objects of the last publish are copied from its
 * message as two blocks, not as a thousand pieces (that copying was a third of a keystroke's
 * time in a 10,000-statement file).
 */
function bodyParts(diagnostics: readonly object[], prev: Published | undefined): { parts: Buffer[]; ends: number[] } {
  const n = diagnostics.length;
  const parts: Buffer[] = [];
  const ends: number[] = [];
  let prefix = 0;
  let suffix = 0;
  if (prev) {
    const m = prev.diagnostics.length;
    while (prefix < n && prefix < m && diagnostics[prefix] === prev.diagnostics[prefix]) prefix++;
    while (suffix < n - prefix && suffix < m - prefix && diagnostics[n - 1 - suffix] === prev.diagnostics[m - 1 - suffix]) suffix++;
  }
  let length = 0;
  if (prefix > 0) {
    length = prev!.ends[prefix - 1]!;
    parts.push(prev!.message.subarray(prev!.bodyStart, prev!.bodyStart + length));
    for (let i = 0; i < prefix; i++) ends.push(prev!.ends[i]!);
  }
  encoderWork.pieces = 0;
  for (let i = prefix; i < n - suffix; i++) {
    if (i > 0) {
      parts.push(COMMA);
      length++;
    }
    const piece = pieceOf(diagnostics[i]!);
    parts.push(piece);
    length += piece.length;
    ends.push(length);
    encoderWork.pieces++;
  }
  if (suffix > 0) {
    const m = prev!.diagnostics.length;
    const first = m - suffix;
    // The previous JSON of the suffix, from its first diagnostic (after the comma before it) to the end.
    const from = first === 0 ? 0 : prev!.ends[first - 1]! + 1;
    const to = prev!.ends[m - 1]!;
    if (n - suffix > 0) {
      parts.push(COMMA);
      length++;
    }
    parts.push(prev!.message.subarray(prev!.bodyStart + from, prev!.bodyStart + to));
    const by = length - from;
    for (let i = first; i < m; i++) ends.push(prev!.ends[i]! + by);
  }
  return { parts, ends };
}

/**
 * `parts` joined into `spare` when it is large enough, else into new memory with room to grow. A
 * publish of a thousand diagnostics is ~230 KB: in new memory each time, the kernel's zeroing of its
 * fresh pages cost up to ~1.3 ms, twenty times the copy itself (`npm run bench`, CPU time).
 */
function join(parts: readonly Buffer[], spare: Buffer | undefined): { message: Buffer; store: Buffer } {
  let length = 0;
  for (let i = 0; i < parts.length; i++) length += parts[i]!.length;
  const store = spare !== undefined && spare.length >= length ? spare : Buffer.allocUnsafeSlow(length + (length >> 2));
  let at = 0;
  for (let i = 0; i < parts.length; i++) at += parts[i]!.copy(store, at);
  return { message: store.subarray(0, length), store };
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
  const { parts, ends } = bodyParts(diagnostics, prev);
  const keep = uri !== undefined && diagnostics.length >= KEEP_FROM;
  const { message, store } = keep
    ? join([head, ...parts, TAIL], prev?.spare)
    : { message: Buffer.concat([head, ...parts, TAIL]), store: undefined };
  if (uri !== undefined) {
    if (store) lastPublished.set(uri, { diagnostics: [...diagnostics], message, bodyStart: head.length, ends, store, spare: prev?.store });
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
