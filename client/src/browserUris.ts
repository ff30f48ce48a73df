// How the extension in the browser spells URIs for its language server. The server's workspace
// index works on file paths (folders, exclusions, labels, symlink-safe walking); in a virtual
// workspace (github.dev's vscode-vfs:, vscode.dev, test-web's mount) the files are not file: URIs.
// Every other scheme is mapped into one file: namespace, reversibly (browserUriMapping.ts):
//   vscode-vfs://github/owner/repo/a.svcsql  ⇄  file:///svcsql.vfs/vscode-vfs/_github/owner/repo/a.svcsql
// The server never touches a real disk in the browser: it reads through the client (browserFileSystem.ts).
import * as vscode from 'vscode';
import { fromVfsPath, vfsPath } from './browserUriMapping';

/** Schemes the server understands as they are. */
const NATIVE = new Set(['file', 'untitled']);

/** The URI the server sees for a URI of the editor. */
export function toServerUri(uri: vscode.Uri): string {
  if (NATIVE.has(uri.scheme)) return uri.toString();
  return vscode.Uri.from({ scheme: 'file', path: vfsPath(uri) }).toString();
}

/** The editor's URI for a URI the server sent (the inverse of toServerUri). */
export function toEditorUri(value: string): vscode.Uri {
  const uri = vscode.Uri.parse(value, true);
  const parts = uri.scheme === 'file' ? fromVfsPath(uri.path) : undefined;
  return parts ? vscode.Uri.from(parts) : uri;
}
