// The workspace as one project: per file, only the objects its statements create and name
// (objectOccurrence.ts, packed); across files, which files mention each name, so that definition,
// references, rename and hover look at those files only.
import type { ObjectKind } from '../catalog/types';
import type { Position } from '../types';
import type { FileObjects, ObjectOccurrence } from './objectOccurrence';

export interface IndexedFile {
  /** The caller's key for the file (the server: its path or URI; the CLI: its path). */
  id: string;
  /** How the file is shown to people: a workspace-relative path. */
  label: string;
  objects: FileObjects;
}

export interface ObjectLocation {
  file: IndexedFile;
  occurrence: ObjectOccurrence;
}

/** True when a subsequence of name spells query (both lower case): Ctrl+T's matching. */
function fuzzyMatches(name: string, query: string): boolean {
  let q = 0;
  for (let i = 0; i < name.length && q < query.length; i++) if (name[i] === query[q]) q++;
  return q === query.length;
}

const byLabel = (a: IndexedFile, b: IndexedFile) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);

export class WorkspaceIndex {
  private readonly files = new Map<string, IndexedFile>();
  /**
   * Kind → name → the files that create or name it, and those that create it (completion lists a
   * kind's names from here), so that a query reads those files only. Two maps, not one keyed by
   * kind and name joined: a joined key is a new string to hash at every lookup.
   */
  private readonly names = new Map<ObjectKind, Map<string, Name>>();

  /** Grows when a definition appears, goes or moves to another line: lists of names stay valid while it stays. */
  private _definitionsVersion = 0;

  get definitionsVersion(): number {
    return this._definitionsVersion;
  }

  get size(): number {
    return this.files.size;
  }

  file(id: string): IndexedFile | undefined {
    return this.files.get(id);
  }

  ids(): IterableIterator<string> {
    return this.files.keys();
  }

  /** Sets (or replaces) a file's objects. True when the names the workspace defines changed. */
  setFile(id: string, label: string, objects: FileObjects): boolean {
    const old = this.files.get(id);
    // A new file changes the definitions when it makes any (no signatures to build: the whole
    // workspace is new files at start-up).
    const changed = old ? definitionsSignature(old.objects) !== definitionsSignature(objects) : definesAny(objects);
    if (changed || (old && definitionsSignature(old.objects, true) !== definitionsSignature(objects, true))) this._definitionsVersion++;
    if (old) this.unlink(old);
    const file: IndexedFile = { id, label, objects };
    this.files.set(id, file);
    this.link(file, true);
    return changed;
  }

  /** Forgets a file. True when the names the workspace defines changed. */
  removeFile(id: string): boolean {
    const old = this.files.get(id);
    if (!old) return false;
    this.unlink(old);
    this.files.delete(id);
    const changed = definitionsSignature(old.objects) !== '';
    if (changed) this._definitionsVersion++;
    return changed;
  }

  private unlink(file: IndexedFile): void {
    this.link(file, false);
  }

  /**
   * Adds (or takes away) the file under each name it mentions and defines: one lookup per distinct
   * kind and name of the file, not per occurrence. Adding also makes the file's copy of each name
   * the workspace's shared one (memory: a name mentioned in a thousand files is held once).
   */
  private link(file: IndexedFile, add: boolean): void {
    const objects = file.objects;
    // Per string of the file, a bit per kind (the catalog has fewer than 32 kinds).
    const mentioned = new Uint32Array(objects.stringCount);
    const defined = new Uint32Array(objects.stringCount);
    const kinds: ObjectKind[] = [];
    for (let i = 0; i < objects.length; i++) {
      const j = objects.keyIndexAt(i);
      const k = objects.kindIndexAt(i);
      mentioned[j]! |= 1 << k;
      if (objects.roleAt(i) === 'definition') defined[j]! |= 1 << k;
      kinds[k] ??= objects.kindAt(i);
    }
    for (let k = 0; k < kinds.length; k++) {
      const kind = kinds[k];
      if (kind === undefined) continue;
      const bit = 1 << k;
      const names = this.ofKind(kind);
      for (let j = 0; j < mentioned.length; j++) {
        if ((mentioned[j]! & bit) === 0) continue;
        const key = objects.stringAt(j);
        if (!add) {
          const name = names.get(key);
          if (!name) continue;
          if ((defined[j]! & bit) !== 0 && name.definedIn !== undefined) {
            if (--name.defined === 0) name.definedIn = undefined;
            else name.definedIn = this.compacted(name.definedIn, name.defined, file);
          }
          if (--name.live === 0) names.delete(key);
          else name.files = this.compacted(name.files, name.live, file);
          continue;
        }
        let name = names.get(key);
        if (name === undefined) {
          name = { key, files: file, live: 1, definedIn: undefined, defined: 0 };
          names.set(key, name);
        } else {
          name.files = withFile(name.files, file);
          name.live++;
          objects.shareString(j, name.key);
        }
        if ((defined[j]! & bit) !== 0) {
          name.definedIn = name.definedIn === undefined ? file : withFile(name.definedIn, file);
          name.defined++;
        }
      }
    }
  }

  /** The file is the index's current entry for its id (a replaced or removed one is not). */
  private isLive(file: IndexedFile): boolean {
    return this.files.get(file.id) === file;
  }

  /**
   * A list of files after `file` (being replaced or removed) left it, `live` of them remaining. The
   * list keeps such files until most of it is gone and is then compacted: removal searches no long
   * list, and a list stays at most twice its live length.
   */
  private compacted(files: Files, live: number, file: IndexedFile): Files {
    if (!Array.isArray(files) || live * 2 >= files.length) return files;
    const kept = files.filter((f) => f !== file && this.isLive(f));
    return kept.length === 1 ? kept[0]! : kept;
  }

  /** The live files of a list, by label. */
  private filesOf(files: Files): IndexedFile[] {
    if (!Array.isArray(files)) return [files];
    return files.filter((f) => this.isLive(f)).sort(byLabel);
  }

  private ofKind(kind: ObjectKind): Map<string, Name> {
    let names = this.names.get(kind);
    if (!names) this.names.set(kind, (names = new Map()));
    return names;
  }

  /** The occurrences of a name in the given files (by label, then position). */
  private occurrencesIn(files: Files | undefined, kind: ObjectKind, key: string, role?: ObjectOccurrence['role']): ObjectLocation[] {
    if (files === undefined) return [];
    const out: ObjectLocation[] = [];
    for (const file of this.filesOf(files)) {
      const objects = file.objects;
      for (let i = 0; i < objects.length; i++) {
        if (objects.keyAt(i) === key && objects.kindAt(i) === kind && (!role || objects.roleAt(i) === role))
          out.push({ file, occurrence: objects.at(i) });
      }
    }
    return out;
  }

  /** The name under the caret (or just after it), if any. */
  occurrenceAt(id: string, p: Position): ObjectOccurrence | undefined {
    const objects = this.files.get(id)?.objects;
    if (!objects) return undefined;
    // First occurrence that does not end before p.
    let low = 0;
    let high = objects.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      const endLine = objects.endLineAt(mid);
      if (endLine < p.line || (endLine === p.line && objects.endCharacterAt(mid) < p.character)) low = mid + 1;
      else high = mid;
    }
    if (low >= objects.length) return undefined;
    const o = objects.at(low);
    return o.line < p.line || (o.line === p.line && o.character <= p.character) ? o : undefined;
  }

  /** Every definition and reference of the name, by file label then position. */
  occurrencesOf(kind: ObjectKind, key: string): ObjectLocation[] {
    return this.occurrencesIn(this.names.get(kind)?.get(key)?.files, kind, key);
  }

  definitionsOf(kind: ObjectKind, key: string): ObjectLocation[] {
    return this.occurrencesIn(this.names.get(kind)?.get(key)?.definedIn, kind, key, 'definition');
  }

  isDefined(kind: ObjectKind, key: string): boolean {
    return this.names.get(kind)?.get(key)?.definedIn !== undefined;
  }

  /**
   * The first definition of each name of the kind (by file label, then position), by name. One pass
   * over the files that define a name of the kind: a file defining n names is read once, not n times.
   */
  definitionsOfKind(kind: ObjectKind): ObjectLocation[] {
    const names = this.names.get(kind);
    if (!names) return [];
    const files = new Set<IndexedFile>();
    for (const { definedIn } of names.values()) {
      if (definedIn === undefined) continue;
      if (!Array.isArray(definedIn)) files.add(definedIn);
      else for (const f of definedIn) if (this.isLive(f)) files.add(f);
    }
    const first = new Map<string, ObjectLocation>();
    for (const file of [...files].sort(byLabel)) {
      const objects = file.objects;
      for (let i = 0; i < objects.length; i++) {
        if (objects.roleAt(i) !== 'definition' || objects.kindAt(i) !== kind) continue;
        const key = objects.keyAt(i);
        if (!first.has(key)) first.set(key, { file, occurrence: objects.at(i) });
      }
    }
    return [...first.values()].sort((a, b) => (a.occurrence.key < b.occurrence.key ? -1 : 1));
  }

  /** Definitions whose name matches query (Ctrl+T), at most limit. */
  symbols(query: string, limit = 1000): ObjectLocation[] {
    const q = query.toLowerCase().replace(/\s+/g, '');
    const out: ObjectLocation[] = [];
    for (const file of this.files.values()) {
      const objects = file.objects;
      for (let i = 0; i < objects.length; i++) {
        if (objects.roleAt(i) !== 'definition' || !fuzzyMatches(objects.keyAt(i), q)) continue;
        out.push({ file, occurrence: objects.at(i) });
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  /** References of the file to names nothing in the workspace creates. */
  unresolved(id: string): ObjectOccurrence[] {
    const objects = this.files.get(id)?.objects;
    const out: ObjectOccurrence[] = [];
    if (!objects) return out;
    for (let i = 0; i < objects.length; i++) {
      if (objects.roleAt(i) === 'reference' && !this.isDefined(objects.kindAt(i), objects.keyAt(i))) out.push(objects.at(i));
    }
    return out;
  }

  /** Figures for the benchmark and the log. */
  stats(): { files: number; definitions: number; references: number } {
    let definitions = 0;
    let references = 0;
    for (const f of this.files.values()) {
      for (let i = 0; i < f.objects.length; i++) {
        if (f.objects.roleAt(i) === 'definition') definitions++;
        else references++;
      }
    }
    return { files: this.files.size, definitions, references };
  }
}

/** Files holding a name: one (most names live in one file) or several. */
type Files = IndexedFile | IndexedFile[];

/**
 * A name of a kind: the workspace's one copy of it, the files that mention it and those that create
 * it (one object per name: a workspace of 10,000 files has half a million names). A list may still
 * hold files replaced or removed since (see compacted); `live` and `defined` count the others.
 */
interface Name {
  key: string;
  files: Files;
  live: number;
  definedIn: Files | undefined;
  defined: number;
}

function withFile(files: Files, file: IndexedFile): Files {
  if (!Array.isArray(files)) return [files, file];
  files.push(file);
  return files;
}

function definesAny(objects: FileObjects): boolean {
  for (let i = 0; i < objects.length; i++) if (objects.roleAt(i) === 'definition') return true;
  return false;
}

/** The names a file defines (and, with `lines`, the lines where). */
function definitionsSignature(objects: FileObjects | undefined, lines = false): string {
  if (!objects) return '';
  let s = '';
  for (let i = 0; i < objects.length; i++) {
    if (objects.roleAt(i) === 'definition')
      s += `${objects.kindAt(i)}\u0000${objects.keyAt(i)}${lines ? `\u0000${objects.endLineAt(i)}` : ''}\u0001`;
  }
  return s;
}
