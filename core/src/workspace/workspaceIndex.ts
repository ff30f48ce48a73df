// The workspace as one project: per file, only the objects its statements create and name
// (objectOccurrence.ts, packed); across files, which files mention each name, so that definition,
// references, rename and hover look at those files only.
import type { ObjectKind } from '../catalog/types';
import type { Position } from '../types';
import { grown } from '../text/grownArray';
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
   * Each file entry's number (a new one whenever a file's objects are set) and the live entries by
   * number: a name's list of files holds numbers in a typed array (FileList), which the garbage
   * collector neither copies as it grows nor reads. As arrays of entries, the lists of the names
   * most files mention were most of the collector's work at 10,000 files (npm run bench).
   */
  private readonly numbers = new Map<string, number>();
  private readonly numbered = new Map<number, IndexedFile>();
  private nextNumber = 0;
  private readonly watchers: ((id: string) => void)[] = [];
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

  /** Calls `changed` with the id of each file whose entry is set, replaced or removed from now on. */
  watch(changed: (id: string) => void): void {
    this.watchers.push(changed);
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
    const n = this.nextNumber++;
    this.files.set(id, file);
    this.numbers.set(id, n);
    this.numbered.set(n, file);
    this.link(file, n, true);
    for (const w of this.watchers) w(id);
    return changed;
  }

  /** Forgets a file. True when the names the workspace defines changed. */
  removeFile(id: string): boolean {
    const old = this.files.get(id);
    if (!old) return false;
    this.unlink(old);
    this.files.delete(id);
    this.numbers.delete(id);
    for (const w of this.watchers) w(id);
    const changed = definitionsSignature(old.objects) !== '';
    if (changed) this._definitionsVersion++;
    return changed;
  }

  /** The entry stops being live (numbered) and leaves its names' counts (its number stays in their lists until compacted). */
  private unlink(file: IndexedFile): void {
    const n = this.numbers.get(file.id)!;
    this.numbered.delete(n);
    this.link(file, n, false);
  }

  /**
   * Adds (or takes away) the file under each name it mentions and defines: one lookup per distinct
   * kind and name of the file, not per occurrence. Adding also makes the file's copy of each name
   * the workspace's shared one (memory: a name mentioned in a thousand files is held once).
   */
  private link(file: IndexedFile, n: number, add: boolean): void {
    const objects = file.objects;
    const count = objects.stringCount;
    // Per string of the file, a bit per kind (the catalog has fewer than 32 kinds): arrays kept from
    // file to file (two new ones per file were a tenth of this), zero again when it returns.
    let bits = scratchBits;
    if (bits.mentioned.length < count) {
      bits = { mentioned: new Uint32Array(count), defined: new Uint32Array(count) };
      if (count <= MAX_KEPT_BITS) scratchBits = bits; // not for a very large file (memory)
    }
    const { mentioned, defined } = bits;
    try {
      this.linkBits(file, n, add, mentioned, defined);
    } finally {
      mentioned.fill(0, 0, count);
      defined.fill(0, 0, count);
    }
  }

  private linkBits(file: IndexedFile, n: number, add: boolean, mentioned: Uint32Array, defined: Uint32Array): void {
    const objects = file.objects;
    const count = objects.stringCount;
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
      for (let j = 0; j < count; j++) {
        if ((mentioned[j]! & bit) === 0) continue;
        const key = objects.stringAt(j);
        if (!add) {
          const name = names.get(key);
          if (!name) continue;
          if ((defined[j]! & bit) !== 0 && name.definedIn !== undefined) {
            if (--name.defined === 0) name.definedIn = undefined;
            else name.definedIn = this.compacted(name.definedIn, name.defined);
          }
          if (--name.live === 0) names.delete(key);
          else name.files = this.compacted(name.files, name.live);
          continue;
        }
        let name = names.get(key);
        if (name === undefined) {
          name = { key, files: n, live: 1, definedIn: undefined, defined: 0 };
          names.set(key, name);
        } else {
          name.files = withFile(name.files, n);
          name.live++;
          objects.shareString(j, name.key);
        }
        if ((defined[j]! & bit) !== 0) {
          name.definedIn = name.definedIn === undefined ? n : withFile(name.definedIn, n);
          name.defined++;
        }
      }
    }
  }

  /**
   * A list of files after one (being replaced or removed: no longer numbered) left it, `live` of
   * them remaining. The list keeps such files until most of it is gone and is then compacted:
   * removal searches no long list, and a list stays at most twice its live length.
   */
  private compacted(files: Files, live: number): Files {
    if (typeof files === 'number' || live * 2 >= files[0]!) return files;
    const kept: number[] = [];
    for (let i = 1; i <= files[0]!; i++) if (this.numbered.has(files[i]!)) kept.push(files[i]!);
    return kept.length === 1 ? kept[0]! : fileList(kept);
  }

  /** The live files of a list, by label. */
  private filesOf(files: Files): IndexedFile[] {
    if (typeof files === 'number') return [this.numbered.get(files)!];
    const out: IndexedFile[] = [];
    for (let i = 1; i <= files[0]!; i++) {
      const file = this.numbered.get(files[i]!);
      if (file) out.push(file);
    }
    return out.sort(byLabel);
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
    for (const file of this.filesOf(files)) occurrencesInto(out, file, kind, key, role);
    return out;
  }

  /** The occurrences of a name in one file, by position (document highlights: no other file is read). */
  occurrencesInFile(id: string, kind: ObjectKind, key: string): ObjectLocation[] {
    const file = this.files.get(id);
    return file ? occurrencesInto([], file, kind, key) : [];
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
      for (const file of this.filesOf(definedIn)) files.add(file);
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

/** Appends the file's occurrences of the name (of the role, if given) to out, by position. */
function occurrencesInto(
  out: ObjectLocation[],
  file: IndexedFile,
  kind: ObjectKind,
  key: string,
  role?: ObjectOccurrence['role'],
): ObjectLocation[] {
  const objects = file.objects;
  for (let i = 0; i < objects.length; i++) {
    if (objects.keyAt(i) === key && objects.kindAt(i) === kind && (!role || objects.roleAt(i) === role))
      out.push({ file, occurrence: objects.at(i) });
  }
  return out;
}

/** WorkspaceIndex.link's bits per string of a file, all zero between two calls. */
let scratchBits = { mentioned: new Uint32Array(1024), defined: new Uint32Array(1024) };
const MAX_KEPT_BITS = 1 << 14;

/**
 * The numbers of the file entries holding a name: one (most names live in one file), or a FileList:
 * its count at [0], the numbers from [1], room to grow after them.
 */
type Files = number | Int32Array;

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

function fileList(numbers: readonly number[]): Int32Array {
  const list = new Int32Array(Math.max(4, numbers.length + 1));
  list[0] = numbers.length;
  list.set(numbers, 1);
  return list;
}

function withFile(files: Files, n: number): Files {
  if (typeof files === 'number') return fileList([files, n]);
  const count = files[0]! + 1;
  const list = count < files.length ? files : grown(files, files.length * 2);
  list[count] = n;
  list[0] = count;
  return list;
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
