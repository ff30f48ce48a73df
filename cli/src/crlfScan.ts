// Whether a text read as bytes in chunks holds a CRLF: the formatter writes CRLF line breaks then
// (core's lineBreakOf), and a reader of pieces must know it before the first piece is formatted.

export class CrlfScan {
  private lastWasCr = false;
  found = false;

  /** Scans the next chunk (a CRLF may straddle two); returns `found`. */
  push(bytes: Buffer): boolean {
    if (!this.found && ((this.lastWasCr && bytes[0] === 10) || bytes.includes('\r\n'))) this.found = true;
    if (bytes.length > 0) this.lastWasCr = bytes[bytes.length - 1] === 13;
    return this.found;
  }
}
