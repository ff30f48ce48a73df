// The reversible mapping of browserUris.ts on URI parts (no vscode import, so that it is unit-tested):
// a virtual workspace's URI becomes a path under /svcsql.vfs/, which the server treats as a file path.

export interface UriParts {
  scheme: string;
  authority: string;
  path: string;
}

export const VFS_ROOT = '/svcsql.vfs/';

/** /svcsql.vfs/<scheme>/_<authority>/<path>: the authority is prefixed so that an empty one is a segment too. */
export function vfsPath(uri: UriParts): string {
  const path = uri.path.startsWith('/') ? uri.path : `/${uri.path}`;
  return `${VFS_ROOT}${encodeURIComponent(uri.scheme)}/_${encodeURIComponent(uri.authority)}${path}`;
}

/** The parts of the URI whose vfsPath is path; undefined for any other path. */
export function fromVfsPath(path: string): UriParts | undefined {
  if (!path.startsWith(VFS_ROOT)) return undefined;
  const [scheme, authority, ...rest] = path.slice(VFS_ROOT.length).split('/');
  if (!scheme || authority === undefined || !authority.startsWith('_')) return undefined;
  try {
    return { scheme: decodeURIComponent(scheme), authority: decodeURIComponent(authority.slice(1)), path: `/${rest.join('/')}` };
  } catch {
    return undefined;
  }
}
