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
  const folder = folders.find((f) => isWithin(f.path, id));
  if (!folder) return id;
  const rel = relative(folder.path, id).split(sep).join('/');
  return folders.length > 1 ? `${folder.name}/${rel}` : rel;
}
