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
   * Kind → name → the file (most names live in one) or files that create or name it. Two maps, not
   * one keyed by kind and name joined: a joined key is a new string to hash at every lookup, which
   * was half the time of indexing a workspace.
   */
  private readonly mentions = new Map<ObjectKind, Map<string, string | Set<string>>>();
  /** Kind → name → the file or files that create it (completion lists a kind's names from here). */
  private readonly defined = new Map<ObjectKind, Map<string, string | Set<string>>>();

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
    const changed = definitionsSignature(old?.objects) !== definitionsSignature(objects);
    if (changed || definitionsSignature(old?.objects, true) !== definitionsSignature(objects, true)) this._definitionsVersion++;
    if (old) this.unlink(old);
    const file: IndexedFile = { id, label, objects };
    this.files.set(id, file);
    for (let i = 0; i < objects.length; i++) {
      withFile(this.ofKind(this.mentions, objects.kindAt(i)), objects.keyAt(i), id);
      if (objects.roleAt(i) === 'definition') withFile(this.ofKind(this.defined, objects.kindAt(i)), objects.keyAt(i), id);
    }
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
    const objects = file.objects;
    for (let i = 0; i < objects.length; i++) {
      withoutFile(this.ofKind(this.mentions, objects.kindAt(i)), objects.keyAt(i), file.id);
      if (objects.roleAt(i) === 'definition') withoutFile(this.ofKind(this.defined, objects.kindAt(i)), objects.keyAt(i), file.id);
    }
  }

  private ofKind(byKind: Map<ObjectKind, Map<string, string | Set<string>>>, kind: ObjectKind): Map<string, string | Set<string>> {
    let names = byKind.get(kind);
    if (!names) byKind.set(kind, (names = new Map()));
    return names;
  }

  /** The occurrences of a name in the given files (by label, then position). */
  private occurrencesIn(
    ids: string | Set<string> | undefined,
    kind: ObjectKind,
    key: string,
    role?: ObjectOccurrence['role'],
  ): ObjectLocation[] {
    if (ids === undefined) return [];
    const out: ObjectLocation[] = [];
    for (const file of (typeof ids === 'string' ? [ids] : [...ids]).map((id) => this.files.get(id)!).sort(byLabel)) {
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
    return this.occurrencesIn(this.mentions.get(kind)?.get(key), kind, key);
  }

  definitionsOf(kind: ObjectKind, key: string): ObjectLocation[] {
    return this.occurrencesIn(this.defined.get(kind)?.get(key), kind, key, 'definition');
  }

  isDefined(kind: ObjectKind, key: string): boolean {
    return this.defined.get(kind)?.has(key) ?? false;
  }

  /** The first definition of each name of the kind (for completion), by name. */
  definitionsOfKind(kind: ObjectKind): ObjectLocation[] {
    const out: ObjectLocation[] = [];
    for (const key of this.defined.get(kind)?.keys() ?? []) {
      const first = this.definitionsOf(kind, key)[0];
      if (first) out.push(first);
    }
    return out.sort((a, b) => (a.occurrence.key < b.occurrence.key ? -1 : 1));
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

/** Adds a file to a name's file or files (a string while there is one: most names live in one file). */
function withFile<K>(map: Map<K, string | Set<string>>, key: K, id: string): void {
  const files = map.get(key);
  if (files === undefined) map.set(key, id);
  else if (typeof files === 'string') {
    if (files !== id) map.set(key, new Set([files, id]));
  } else files.add(id);
}

function withoutFile<K>(map: Map<K, string | Set<string>>, key: K, id: string): void {
  const files = map.get(key);
  if (files === id) map.delete(key);
  else if (typeof files === 'object') {
    files.delete(id);
    if (files.size === 1) map.set(key, files.values().next().value!);
  }
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
