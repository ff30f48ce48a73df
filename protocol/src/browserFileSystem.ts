// The file access a language server in a web worker asks of the extension: a worker has no file
// system, so the browser build of the server reads the workspace through `vscode.workspace.fs` on
// the client's side. URIs are in the server's spelling (the client's uriConverters map them).
import { RequestType } from 'vscode-languageserver-protocol';

export interface FsUriParams {
  uri: string;
}

/** vscode.FileType bits: 1 file, 2 directory, 64 symbolic link. */
export interface FsStat {
  type: number;
  size: number;
}

/** `svcsql/fs/stat`: null when the entry does not exist (or cannot be read). */
export const FsStatRequest = new RequestType<FsUriParams, FsStat | null, void>('svcsql/fs/stat');

/** `svcsql/fs/readDirectory`: [name, vscode.FileType] pairs; null when it cannot be read. */
export const FsReadDirectoryRequest = new RequestType<FsUriParams, [string, number][] | null, void>('svcsql/fs/readDirectory');

export interface FsReadFileParams extends FsUriParams {
  /** The client refuses a larger file (answers null) rather than sending it. */
  maxBytes: number;
}

/** `svcsql/fs/readFile`: the file's text (UTF-8), or null when missing, unreadable or over maxBytes. */
export const FsReadFileRequest = new RequestType<FsReadFileParams, string | null, void>('svcsql/fs/readFile');

export const FILE_TYPE = { file: 1, directory: 2, symbolicLink: 64 } as const;
