// The names the workspace creates, for completion, kept per kind and updated per changed file: the
// index says which files' entries changed (WorkspaceIndex.watch), so a completion reads those files
// again and looks at no other (while 10,000 files are indexed, a completion would otherwise go
// through them all). A completion lists at most NameQuery.limit names (chosen by
// what is typed when the kind has more) and describes none of them: an item's "created in …" is
// written when the item is resolved. So a completion costs the same with ten or a hundred thousand
// definitions.
import {
  bestMatches,
  objectInWords,
  type IndexedFile,
  type KnownName,
  type NameAnswer,
  type NameQuery,
  type ObjectKind,
  type WorkspaceIndex,
} from '../../../core/src/index';

/** A file that creates a name, with the name as first written there. */
interface Creator {
  id: string;
  label: string;
  name: string;
}

interface FileNames {
  file: IndexedFile;
  /** Per definition the file makes (first of each name): its kind, key and creator entry. */
  made: { kind: ObjectKind; key: string; creator: Creator }[];
}

const byLabel = (a: Creator, b: Creator) => (a.label < b.label ? -1 : a.label > b.label ? 1 : a.id < b.id ? -1 : 1);

export class WorkspaceNames {
  /**
   * Kind → name key → the file (most names have one) or files that create it, in no order (a list
   * kept by label was sorted again at each file added: quadratic in the files that create a name).
   */
  private readonly byKind = new Map<ObjectKind, Map<string, Creator | Creator[]>>();
  private readonly files = new Map<string, FileNames>();
  /** The next completion reads every file (the first one, and after invalidate). */
  private all = true;
  /** Files whose index entry changed since the last completion. */
  private readonly changed = new Set<string>();
  /** Files read since the start (for the tests: an edit to one file reads that file only). */
  filesRead = 0;

  constructor(private readonly index: WorkspaceIndex) {
    index.watch((id) => {
      if (!this.all) this.changed.add(id);
    });
  }

  /** Reads every file again at the next completion (the labels change with the folders). */
  invalidate(): void {
    this.all = true;
    this.changed.clear();
    this.byKind.clear();
    this.files.clear();
  }

  /** The kind's names for a completion: all of them, or the best `limit` for what is typed. */
  answer(kind: ObjectKind, query: NameQuery): NameAnswer {
    this.sync();
    const keys = this.byKind.get(kind);
    if (!keys) return { names: [], partial: false };
    const partial = keys.size > query.limit;
    const chosen = partial ? bestMatches(keys.keys(), (k) => k, query.typed, query.limit) : [...keys.keys()];
    const names: KnownName[] = chosen.map((key) => {
      const name = first(keys.get(key)!).name;
      return { name, kind, origin: 'workspace', describe: () => objectInWords(this.index, kind, key, name) };
    });
    return { names, partial };
  }

  /** Brings the names up to date with the index: only files whose objects changed are read. */
  private sync(): void {
    // The idle steps at once: with no step limit the generator never yields, so one next() runs it to its end.
    this.syncSteps(Infinity).next();
  }

  /**
   * sync() a few files a step, for the server's idle work: the first completion after indexing then
   * finds the names read (it read every file of the workspace itself: 44-45 ms at 1,000 files of the
   * benchmark's workspace, the bench's row of the first completion of workspace names; more in
   * proportion to the files). A completion meanwhile reads the files left itself.
   */
  *syncSteps(filesPerStep = 32): Generator<void, void, void> {
    if (this.all) {
      this.all = false;
      for (const id of this.index.ids()) this.changed.add(id);
    }
    let n = 0;
    // A Set's iteration takes the ids added meanwhile (files changed between steps) and ends when cleared.
    for (const id of this.changed) {
      this.changed.delete(id);
      this.syncFile(id);
      if (++n % filesPerStep === 0) yield;
    }
  }

  private syncFile(id: string): void {
    const file = this.index.file(id);
    if (file === this.files.get(id)?.file) return;
    this.forget(id);
    if (file) this.read(file);
  }

  private read(file: IndexedFile): void {
    this.filesRead++;
    const made: FileNames['made'] = [];
    const objects = file.objects;
    const firstOf = new Set<string>();
    for (let i = 0; i < objects.length; i++) {
      if (objects.roleAt(i) !== 'definition') continue;
      const kind = objects.kindAt(i);
      const key = objects.keyAt(i);
      const id = `${kind}\u0000${key}`;
      if (firstOf.has(id)) continue;
      firstOf.add(id);
      const creator: Creator = { id: file.id, label: file.label, name: objects.at(i).name };
      made.push({ kind, key, creator });
      let keys = this.byKind.get(kind);
      if (!keys) this.byKind.set(kind, (keys = new Map()));
      const there = keys.get(key);
      if (there === undefined) keys.set(key, creator);
      else if (Array.isArray(there)) there.push(creator);
      else keys.set(key, [there, creator]);
    }
    this.files.set(file.id, { file, made });
  }

  private forget(id: string): void {
    const old = this.files.get(id);
    if (!old) return;
    this.files.delete(id);
    for (const { kind, key, creator } of old.made) {
      const keys = this.byKind.get(kind)!;
      const there = keys.get(key);
      if (there === creator) keys.delete(key);
      else if (Array.isArray(there)) {
        const rest = there.filter((c) => c !== creator);
        keys.set(key, rest.length === 1 ? rest[0]! : rest);
      }
    }
  }
}

/** The creator whose writing of the name is shown: the first file by label, as the index orders them. */
function first(c: Creator | Creator[]): Creator {
  if (!Array.isArray(c)) return c;
  let best = c[0]!;
  for (const other of c) if (byLabel(other, best) < 0) best = other;
  return best;
}
