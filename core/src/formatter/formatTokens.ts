// The tokens the formatter reads (a statement's or a gap's, comments included, white space left
// out: the line breaks between two tokens are read from the text) as the scanner's typed arrays,
// not token objects: most of `svcsql format`'s run is its first call, in code V8 has not optimised,
// where making a token object (and counting its line) per token and reading its fields were a
// third of the time.
import { scanTokens } from '../syntax/scanner';
import { TokenBuffer } from '../syntax/tokenBuffer';

/** Tokens scanned at a time: the buffer grows with the tokens, not with the text's length. */
const BATCH = 1024;
/** A buffer grown past this many tokens is not kept for the next text (a large statement's arrays would stay). */
const MOST_KEPT = 1 << 16;

let kept = new TokenBuffer(BATCH);

/**
 * The tokens of `text` but white space, offsets from its start, in a buffer that the next call
 * reuses: read it before formatting another text. The formatter does not re-enter itself.
 */
export function formatTokens(text: string): TokenBuffer {
  const buf = kept;
  buf.length = 0;
  const pos = { at: 0 };
  while (scanTokens(buf, text, pos, text.length, BATCH, true) === BATCH);
  if (buf.types.length > MOST_KEPT) kept = new TokenBuffer(BATCH);
  return buf;
}
