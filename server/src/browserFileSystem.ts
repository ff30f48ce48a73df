// The part of node:fs/promises the workspace index uses (readdir, realpath, stat, readFile), for the
// browser build of the server (swapped in by scripts/bundle.mjs): a web worker has no file system,
// so each call is a request to the extension, which reads through vscode.workspace.fs.
import { FILE_TYPE, FsReadDirectoryRequest, FsReadFileRequest, FsStatRequest, type FsStat } from '../../protocol/src/browserFileSystem';
import { clientConnection } from './browserConnection';
import { pathToFileURL } from './browserUrl';

/** What readFile asks for at most: the index never reads more than its own limit (1 MB by default). */
const READ_LIMIT_BYTES = 64 * 1024 * 1024;

export interface BrowserDirent {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

export interface BrowserStats {
  size: number;
  isFile(): boolean;
  isDirectory(): boolean;
}

function notFound(path: string): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, '${path}'`), { code: 'ENOENT' });
}

const uriOf = (path: string) => pathToFileURL(path).href;

function stats(s: FsStat): BrowserStats {
  return {
    size: s.size,
    isFile: () => (s.type & FILE_TYPE.file) !== 0,
    isDirectory: () => (s.type & FILE_TYPE.directory) !== 0,
  };
}

export async function stat(path: string): Promise<BrowserStats> {
  const s = await clientConnection().sendRequest(FsStatRequest, { uri: uriOf(path) });
  if (!s) throw notFound(path);
  return stats(s);
}

/** A virtual file system shows no symbolic links to follow: an existing path is its own real path. */
export async function realpath(path: string): Promise<string> {
  await stat(path);
  return path;
}

export async function readdir(path: string, _options: { withFileTypes: true }): Promise<BrowserDirent[]> {
  const entries = await clientConnection().sendRequest(FsReadDirectoryRequest, { uri: uriOf(path) });
  if (!entries) throw notFound(path);
  // The link bit comes with the type of what it points to; the walk treats a link as a link.
  return entries.map(([name, type]) => ({
    name,
    isFile: () => (type & FILE_TYPE.file) !== 0 && (type & FILE_TYPE.symbolicLink) === 0,
    isDirectory: () => (type & FILE_TYPE.directory) !== 0 && (type & FILE_TYPE.symbolicLink) === 0,
    isSymbolicLink: () => (type & FILE_TYPE.symbolicLink) !== 0,
  }));
}

export async function readFile(path: string, _encoding: 'utf8'): Promise<string> {
  const text = await clientConnection().sendRequest(FsReadFileRequest, { uri: uriOf(path), maxBytes: READ_LIMIT_BYTES });
  if (text === null) throw notFound(path);
  return text;
}
