// How the extension in the browser spells URIs for its language server. The server's workspace
// index works on file paths (folders, exclusions, labels, symlink-safe walking); in a virtual
// workspace (github.dev's vscode-vfs:, vscode.dev, test-web's mount) the files are not file: URIs.
// Every other scheme is mapped into one file: namespace, reversibly:
//   vscode-vfs://github%2Bx/owner/repo/a.svcsql  ⇄  file:///svcsql.vfs/vscode-vfs/_github%2Bx/owner/repo/a.svcsql
// The server never touches a real disk in the browser: it reads through the client (browserFileSystem.ts).
import * as vscode from 'vscode';

export const VFS_ROOT = '/svcsql.vfs/';

/** Schemes the server understands as they are. */
const NATIVE = new Set(['file', 'untitled']);

/** The URI the server sees for a URI of the editor. */
export function toServerUri(uri: vscode.Uri): string {
  if (NATIVE.has(uri.scheme)) return uri.toString();
  const path = `${VFS_ROOT}${encodeURIComponent(uri.scheme)}/_${encodeURIComponent(uri.authority)}${uri.path.startsWith('/') ? '' : '/'}${uri.path}`;
  return vscode.Uri.from({ scheme: 'file', path }).toString();
}

/** The editor's URI for a URI the server sent (the inverse of toServerUri). */
export function toEditorUri(value: string): vscode.Uri {
  const uri = vscode.Uri.parse(value, true);
  if (uri.scheme !== 'file' || !uri.path.startsWith(VFS_ROOT)) return uri;
  const rest = uri.path.slice(VFS_ROOT.length);
  const [scheme, authority, ...path] = rest.split('/');
  if (!scheme || authority === undefined || !authority.startsWith('_')) return uri;
  return vscode.Uri.from({
    scheme: decodeURIComponent(scheme),
    authority: decodeURIComponent(authority.slice(1)),
    path: `/${path.join('/')}`,
  });
}
