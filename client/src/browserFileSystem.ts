// The client's half of the web worker server's file access (protocol/src/browserFileSystem.ts):
// stat, list and read through vscode.workspace.fs, which reaches whatever backs the workspace
// (github.dev's repository, vscode.dev's local folder, test-web's mount). Only what lies inside a
// workspace folder is answered, and a file over the server's size cap is not sent.
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  FsReadDirectoryRequest,
  FsReadFileRequest,
  FsStatRequest,
  type FsReadFileParams,
  type FsStat,
  type FsUriParams,
} from '../../protocol/src/browserFileSystem';
import { toEditorUri } from './browserUris';

/** True when uri is a workspace folder or lies inside one (same scheme and authority, path below). */
export function insideWorkspace(
  uri: vscode.Uri,
  folders: readonly { uri: vscode.Uri }[] = vscode.workspace.workspaceFolders ?? [],
): boolean {
  const segments = uri.path.split('/');
  if (segments.includes('..')) return false;
  return folders.some(({ uri: f }) => {
    if (f.scheme !== uri.scheme || f.authority !== uri.authority) return false;
    const base = f.path.endsWith('/') ? f.path : `${f.path}/`;
    return uri.path === f.path || uri.path.startsWith(base);
  });
}

const decoder = new TextDecoder('utf-8');

/**
 * Registers the three handlers on the language client (before it starts). By method name: the client
 * bundles its own copy of the protocol package, whose RequestType TypeScript does not take from ours.
 */
export function serveFileSystem(client: BaseLanguageClient): void {
  const target = (value: string): vscode.Uri | undefined => {
    const uri = toEditorUri(value);
    return insideWorkspace(uri) ? uri : undefined;
  };
  client.onRequest(FsStatRequest.method, async ({ uri }: FsUriParams): Promise<FsStat | null> => {
    const u = target(uri);
    if (!u) return null;
    try {
      const s = await vscode.workspace.fs.stat(u);
      return { type: s.type, size: s.size };
    } catch {
      return null;
    }
  });
  client.onRequest(FsReadDirectoryRequest.method, async ({ uri }: FsUriParams): Promise<[string, number][] | null> => {
    const u = target(uri);
    if (!u) return null;
    try {
      return (await vscode.workspace.fs.readDirectory(u)).map(([name, type]): [string, number] => [name, type]);
    } catch {
      return null;
    }
  });
  client.onRequest(FsReadFileRequest.method, async ({ uri, maxBytes }: FsReadFileParams): Promise<string | null> => {
    const u = target(uri);
    if (!u) return null;
    try {
      const s = await vscode.workspace.fs.stat(u);
      if (s.size > maxBytes) return null;
      const bytes = await vscode.workspace.fs.readFile(u);
      return bytes.byteLength > maxBytes ? null : decoder.decode(bytes);
    } catch {
      return null;
    }
  });
}
