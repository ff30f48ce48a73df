// The service reports parse errors as HTTP 400 + grpc-status 3 with the parser's text in a
// percent-encoded grpc-message header (gRPC encoding: only %XX, '+' is a literal plus).

const PREFIX = /^\s*Invalid sql query:\s*/i;

/** Percent-decodes a grpc-message; malformed escapes are kept as written instead of throwing. */
export function decodeGrpcMessage(encoded: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    const ch = encoded[i]!;
    if (ch === '%' && /^[0-9a-fA-F]{2}$/.test(encoded.slice(i + 1, i + 3))) {
      bytes.push(parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      // Non-escaped characters are ASCII per the gRPC spec; encode anyway to stay safe.
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Uint8Array.from(bytes));
}

export interface SyntaxDetail {
  /** The parser's text without the 'Invalid sql query:' prefix. */
  text: string;
  line?: number;
  column?: number;
  expected?: string[];
}

function unquote(token: string): string {
  const t = token.trim();
  return t.length >= 2 && t.startsWith("'") && t.endsWith("'") ? t.slice(1, -1) : t;
}

/** Splits ANTLR's `{'A', 'B', ','}` set; a quoted token may itself be a comma. */
function splitTokenSet(inner: string): string[] {
  const out: string[] = [];
  const re = /'(?:[^'\\]|\\.)*'|<[^>]*>|[^,\s][^,]*/g;
  for (const m of inner.matchAll(re)) {
    const token = unquote(m[0]);
    if (token) out.push(token);
  }
  return out;
}

/** Strips the prefix and finds `line L:C` and the expected tokens in an ANTLR-style message. */
export function parseSyntaxMessage(decoded: string): SyntaxDetail {
  const text = decoded.replace(PREFIX, '').trim();
  const detail: SyntaxDetail = { text };
  const pos = /\bline\s+(\d+):(\d+)/i.exec(text);
  if (pos) {
    detail.line = Number(pos[1]);
    detail.column = Number(pos[2]);
  }
  const exp = /\bexpecting\s+(\{[^}]*\}|'(?:[^'\\]|\\.)*'|<[^>]*>|\S+)/i.exec(text);
  if (exp) {
    const what = exp[1]!;
    detail.expected = what.startsWith('{') ? splitTokenSet(what.slice(1, -1)) : [unquote(what)];
  } else {
    // ANTLR's single-token insertion: "missing ')' at '<EOF>'".
    const missing = /\bmissing\s+('(?:[^'\\]|\\.)*'|<[^>]*>|\S+)/i.exec(text);
    if (missing) detail.expected = [unquote(missing[1]!)];
  }
  return detail;
}
