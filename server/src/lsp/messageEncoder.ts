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

/**
 * The message as UTF-8 JSON, equal (once parsed) to JSON.stringify(msg). Kept as bytes: joining
 * the pieces as strings and encoding the result cost as much as the JSON.stringify it replaced.
 */
export function encodeMessage(msg: Message): Buffer {
  if (!isPublish(msg)) return Buffer.from(JSON.stringify(msg), 'utf8');
  const { diagnostics, ...rest } = msg.params;
  const others = JSON.stringify(rest).slice(1, -1);
  const parts: Buffer[] = [
    Buffer.from(
      `{"jsonrpc":${JSON.stringify(msg.jsonrpc)},"method":"textDocument/publishDiagnostics","params":{${others}${others ? ',' : ''}"diagnostics":[`,
      'utf8',
    ),
  ];
  for (let i = 0; i < diagnostics.length; i++) {
    if (i > 0) parts.push(COMMA);
    parts.push(pieceOf(diagnostics[i]!));
  }
  parts.push(Buffer.from(']}}'));
  return Buffer.concat(parts);
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
