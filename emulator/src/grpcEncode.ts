// gRPC's percent-encoding of grpc-message: bytes outside printable ASCII, and '%', become %XX.
export function encodeGrpcMessage(text: string): string {
  let out = '';
  for (const b of Buffer.from(text, 'utf8')) {
    out += b >= 0x20 && b <= 0x7e && b !== 0x25 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
