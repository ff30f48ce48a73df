// stdin as it arrives for `svcsql lint -`, and read whole for `svcsql format -`, as bytes: Buffers live outside V8's heap, where the whole
// input as one string, formatted whole beside it, took ~22 times its size (200 MB piped in: 4.4 GB).
// What the formatter must know before its first piece (whether there is a CRLF anywhere) is known
// once it is read; the text is then handed out decoded, a chunk at a time, each chunk let go as it
// is read, so that memory falls as the output is written.
import { CrlfScan } from './crlfScan';
import { decodedUtf8, decodedUtf8Async } from './fileChunks';
import { CliError } from './exitCodes';
import { largeInput } from './launch/v8Flags';
import { FileTooLargeError } from './segments';

/** What the CLI calls stdin where it names a file (`svcsql lint -`, `svcsql format --check -`). */
export const STDIN_PATH = '<stdin>';

/** Whether the paths name stdin (`-`), which stands alone: exit 2 when it is mixed with files. */
export function readsStdin(paths: readonly string[]): boolean {
  if (!paths.includes('-')) return false;
  if (paths.length > 1) throw new CliError('`-` (stdin) cannot be mixed with files.');
  return true;
}

/**
 * stdin's text as it arrives, decoded, for a reader that needs nothing of the whole text before its
 * first piece (`svcsql lint -`): nothing is held but the piece being cut, whatever the input's size.
 */
export function stdinTexts(source: AsyncIterable<unknown> = process.stdin): AsyncGenerator<string> {
  return decodedUtf8Async(source, (chunk) => largeInput.inputToRead(chunk.length));
}

/** The most stdin `format -` holds (it must read all of it before its first piece: see above). */
export const MAX_STDIN_BYTES = 512 * 1024 * 1024;

export interface StdinInput {
  bytes: number;
  crlf: boolean;
  /** The text, decoded as a file's read stream decodes it; once only. */
  texts(): Generator<string>;
}

const EMPTY = Buffer.alloc(0);

/** The chunks in order, each let go once it is taken. */
function* takenInTurn(chunks: Buffer[]): Generator<Buffer> {
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    chunks[i] = EMPTY;
    yield chunk;
  }
}

export function readStdin(): Promise<StdinInput> {
  return readInput(process.stdin, MAX_STDIN_BYTES, () => process.stdin.destroy());
}

/** readStdin of any source of byte chunks; `stop` is called when it is refused as too large. */
export async function readInput(
  source: AsyncIterable<unknown> | Iterable<Buffer>,
  maxBytes: number,
  stop: () => void = () => {},
): Promise<StdinInput> {
  const chunks: Buffer[] = [];
  const crlf = new CrlfScan();
  let bytes = 0;
  for await (const chunk of source) {
    const b = chunk as Buffer;
    bytes += b.length;
    if (bytes > maxBytes) {
      stop();
      throw new FileTooLargeError(
        `too large to read from stdin (more than ${Math.round(maxBytes / 1048576)} MB, all held until the end); give the file's path instead`,
      );
    }
    crlf.push(b);
    chunks.push(b);
  }
  return {
    bytes,
    crlf: crlf.found,
    texts: () => decodedUtf8(takenInTurn(chunks)),
  };
}
