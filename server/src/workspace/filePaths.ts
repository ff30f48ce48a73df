// Files of the index are keyed by path (file: URIs) or by URI (untitled documents): two spellings of
// one file URI (VS Code escapes more characters than Node does) must meet in one entry.
import { isAbsolute, relative, sep } from '../host/path';
import { fileURLToPath, pathToFileURL } from '../host/url';

export function idOfUri(uri: string): string {
  if (!uri.startsWith('file:')) return uri;
  try {
    return fileURLToPath(uri);
  } catch {
    return uri;
  }
}

export function uriOfId(id: string): string {
  return isAbsolute(id) ? pathToFileURL(id).href : id;
}

/** True when path lies in folder (or is it). */
export function isWithin(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface Folder {
  /** Absolute path as the client gave it. */
  path: string;
  name: string;
}

/** A workspace-relative path with forward slashes (folder name first when there are several folders). */
export function labelOf(id: string, folders: readonly Folder[]): string {
  if (!isAbsolute(id)) return id;
  // The walk's paths start with their folder's path and a separator: no path arithmetic for those.
  if (folders.length === 1) {
    const folder = folders[0]!.path;
    const start = folder.endsWith(sep) ? folder.length : folder.length + 1;
    if (id.length > start && id.startsWith(folder) && (start === folder.length || id[folder.length] === sep)) {
      const rel = id.slice(start);
      // Only a normalised path (no empty, `.` or `..` part, no trailing separator) is its own label.
      if (!/(^|[\\/])\.{0,2}([\\/]|$)/.test(rel)) return sep === '/' ? rel : rel.split(sep).join('/');
    }
  }
  const folder = folders.find((f) => isWithin(f.path, id));
  if (!folder) return id;
  const rel = relative(folder.path, id).split(sep).join('/');
  return folders.length > 1 ? `${folder.name}/${rel}` : rel;
}
