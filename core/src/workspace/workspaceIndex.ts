// The workspace as one project: per file, only the objects its statements create and name
// (objectOccurrence.ts); across files, which files mention each name, so that definition,
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

const nameId = (kind: ObjectKind, key: string) => `${kind}\u0000${key}`;

function before(o: ObjectOccurrence, p: Position): boolean {
  return o.endLine < p.line || (o.endLine === p.line && o.endCharacter < p.character);
}

/** True when a subsequence of name spells query (case-insensitive): Ctrl+T's matching. */
function fuzzyMatches(name: string, query: string): boolean {
  let q = 0;
  for (let i = 0; i < name.length && q < query.length; i++) if (name[i] === query[q]) q++;
  return q === query.length;
}

export class WorkspaceIndex {
  private readonly files = new Map<string, IndexedFile>();
  /** Name → the files that create or name it. */
  private readonly mentions = new Map<string, Set<string>>();
  /** Name → how many definitions the workspace holds. */
  private readonly defined = new Map<string, number>();

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
    if (old) this.unlink(old);
    const file: IndexedFile = { id, label, objects };
    this.files.set(id, file);
    for (const o of objects) {
      const n = nameId(o.kind, o.key);
      let set = this.mentions.get(n);
      if (!set) this.mentions.set(n, (set = new Set()));
      set.add(id);
      if (o.role === 'definition') this.defined.set(n, (this.defined.get(n) ?? 0) + 1);
    }
    return changed;
  }

  /** Forgets a file. True when the names the workspace defines changed. */
  removeFile(id: string): boolean {
    const old = this.files.get(id);
    if (!old) return false;
    this.unlink(old);
    this.files.delete(id);
    return old.objects.some((o) => o.role === 'definition');
  }

  private unlink(file: IndexedFile): void {
    for (const o of file.objects) {
      const n = nameId(o.kind, o.key);
      const set = this.mentions.get(n);
      if (set) {
        set.delete(file.id);
        if (set.size === 0) this.mentions.delete(n);
      }
      if (o.role === 'definition') {
        const left = (this.defined.get(n) ?? 1) - 1;
        if (left > 0) this.defined.set(n, left);
        else this.defined.delete(n);
      }
    }
  }

  /** The name under the caret (or just after it), if any. */
  occurrenceAt(id: string, p: Position): ObjectOccurrence | undefined {
    const objects = this.files.get(id)?.objects;
    if (!objects) return undefined;
    let low = 0;
    let high = objects.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (before(objects[mid]!, p)) low = mid + 1;
      else high = mid;
    }
    const o = objects[low];
    if (!o) return undefined;
    const afterStart = o.line < p.line || (o.line === p.line && o.character <= p.character);
    return afterStart ? o : undefined;
  }

  /** Every definition and reference of the name, by file label then position. */
  occurrencesOf(kind: ObjectKind, key: string): ObjectLocation[] {
    const ids = this.mentions.get(nameId(kind, key));
    if (!ids) return [];
    const files = [...ids].map((id) => this.files.get(id)!).sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
    const out: ObjectLocation[] = [];
    for (const file of files) for (const occurrence of file.objects) if (occurrence.kind === kind && occurrence.key === key) out.push({ file, occurrence });
    return out;
  }

  definitionsOf(kind: ObjectKind, key: string): ObjectLocation[] {
    if (!this.defined.has(nameId(kind, key))) return [];
    return this.occurrencesOf(kind, key).filter((l) => l.occurrence.role === 'definition');
  }

  isDefined(kind: ObjectKind, key: string): boolean {
    return this.defined.has(nameId(kind, key));
  }

  /** The first definition of each name of the kind (for completion), by name. */
  definitionsOfKind(kind: ObjectKind): ObjectLocation[] {
    const prefix = `${kind}\u0000`;
    const out: ObjectLocation[] = [];
    for (const n of this.defined.keys()) {
      if (!n.startsWith(prefix)) continue;
      const first = this.definitionsOf(kind, n.slice(prefix.length))[0];
      if (first) out.push(first);
    }
    return out.sort((a, b) => (a.occurrence.key < b.occurrence.key ? -1 : 1));
  }

  /** Definitions whose name matches query (Ctrl+T), at most limit. */
  symbols(query: string, limit = 1000): ObjectLocation[] {
    const q = query.toLowerCase().replace(/\s+/g, '');
    const out: ObjectLocation[] = [];
    for (const file of this.files.values()) {
      for (const occurrence of file.objects) {
        if (occurrence.role !== 'definition' || !fuzzyMatches(occurrence.key, q)) continue;
        out.push({ file, occurrence });
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  /** References of the file to names nothing in the workspace creates. */
  unresolved(id: string): ObjectOccurrence[] {
    const objects = this.files.get(id)?.objects ?? [];
    return objects.filter((o) => o.role === 'reference' && !this.defined.has(nameId(o.kind, o.key)));
  }

  /** Figures for the benchmark and the log. */
  stats(): { files: number; definitions: number; references: number } {
    let definitions = 0;
    let references = 0;
    for (const f of this.files.values()) for (const o of f.objects) o.role === 'definition' ? definitions++ : references++;
    return { files: this.files.size, definitions, references };
  }
}

function definitionsSignature(objects: FileObjects | undefined): string {
  if (!objects) return '';
  let s = '';
  for (const o of objects) if (o.role === 'definition') s += `${o.kind}\u0000${o.key}\u0001`;
  return s;
}
