// What the agent tools' hosts read of a workspace: the index's rules (core/src/workspace/readableFiles.ts),
// for the hosts that check a path or walk a file system themselves (the extension's, the MCP server's),
// and how large a file the tools take, with the words that say why one is not read.
import { MAX_TEXT_CHARS } from './toolSpecs';

export { isSvcsqlName, MAX_IGNORE_FILE_BYTES } from '../../core/src/workspace/readableFiles';

/** The most bytes a file the tools read may take: MAX_TEXT_CHARS characters at up to four bytes each in UTF-8. */
export const MAX_FILE_BYTES = MAX_TEXT_CHARS * 4;

/** Why a file of `bytes` bytes is not read (asked before reading it), or undefined. */
export function fileSizeProblem(bytes: number): string | undefined {
  return bytes > MAX_FILE_BYTES
    ? `it is ${bytes.toLocaleString('en')} bytes; the tools read files up to ${MAX_FILE_BYTES.toLocaleString('en')}.`
    : undefined;
}

/** Why a text of `chars` characters is not taken, or undefined. */
export function textSizeProblem(chars: number): string | undefined {
  return chars > MAX_TEXT_CHARS
    ? `it holds ${chars.toLocaleString('en')} characters; the tools read up to ${MAX_TEXT_CHARS.toLocaleString('en')}.`
    : undefined;
}
