// What the workspace index keeps of a file: each object a statement creates and each reference to
// one, with where it is written. Nothing else (no text, no analysis), so that a workspace of
// thousands of files costs little memory.
import { objectKinds } from '../catalog/index';
import { flatCopy } from '../text/flatCopy';
import { grown } from '../text/grownArray';
import { stringHash } from '../text/stringHash';
import type { ObjectKind } from '../catalog/types';

/** How a name is written where it stands; a rename writes the new name the same way. */
export type NameForm = 'bare' | 'backticked' | 'string';

export interface ObjectOccurrence {
  /** 'definition': a CREATE / UPLOAD makes the object here; 'reference': a statement names it. */
  role: 'definition' | 'reference';
  kind: ObjectKind;
  /** The name as the service compares it (objectNameKey). */
  key: string;
  /** The name itself: no quotes or backticks, '' unescaped. */
  name: string;
  form: NameForm;
  /** 0-based line and UTF-16 characters of the written name (quotes or backticks included). */
  line: number;
  character: number;
  endLine: number;
  endCharacter: number;
}

/** A name relative to its statement, before the statement's place in the file is known. */
export interface RelativeOccurrence {
  role: ObjectOccurrence['role'];
  kind: ObjectKind;
  key: string;
  name: string;
  form: NameForm;
  /** Offsets relative to the statement's first character. */
  start: number;
  end: number;
}

const ROLES: readonly ObjectOccurrence['role'][] = ['definition', 'reference'];
const FORMS: readonly NameForm[] = ['bare', 'backticked', 'string'];
/** A form's index in FORMS without a search per occurrence (test/core/fileObjectsLayout.test.ts round-trips every form). */
const formIndex = (form: NameForm): number => (form === 'bare' ? 0 : form === 'backticked' ? 1 : 2);
const KINDS: readonly ObjectKind[] = objectKinds.map((k) => k.kind);
const kindIndex = new Map(KINDS.map((k, i) => [k, i]));
/** Ints per occurrence in FileObjects.data as the builder writes it: line, character, endLine, endCharacter, name, key. */
const STRIDE = 6;
/**
 * Ints per occurrence of a compact file (every name on one line, fewer than 65,536 strings: about
 * every file): line, character, endCharacter, name | key << 16. A third less memory (~27 MB at
 * 10,000 files of the benchmark's workspace).
 */
const COMPACT = 4;
const MAX_COMPACT_STRINGS = 1 << 16;

/** A file's objects as plain arrays and strings, to send to another thread (FileObjects.parts, FileObjects.packed). */
export interface FileObjectParts {
  data: Int32Array;
  meta: Uint8Array;
  strings: readonly string[];
}

/**
 * A file's occurrences, ordered by position, packed: positions and string-table indices in one
 * Int32Array, role / form / kind in one byte each, each distinct string of the file once. An object
 * per occurrence cost about 190 bytes; this is about 30 (npm run bench: workspace index heap).
 */
export class FileObjects {
  static readonly EMPTY = new FileObjects(new Int32Array(0), new Uint8Array(0), []);

  /** Ints per occurrence: STRIDE or COMPACT (read from the arrays' lengths, so that parts() carry it). */
  private readonly stride: number;

  private constructor(
    private readonly data: Int32Array,
    private readonly meta: Uint8Array,
    private readonly strings: readonly string[],
  ) {
    this.stride = data.length === meta.length * COMPACT && meta.length > 0 ? COMPACT : STRIDE;
  }

  static from(list: readonly ObjectOccurrence[]): FileObjects {
    const b = new FileObjectsBuilder();
    for (const o of list) b.add(o.role, o.kind, o.key, o.name, o.form, o.line, o.character, o.endLine, o.endCharacter);
    return b.build();
  }

  /** The builder's result (FileObjectsBuilder), or `parts()` from another thread. */
  static packed(data: Int32Array, meta: Uint8Array, strings: readonly string[]): FileObjects {
    return meta.length === 0 ? FileObjects.EMPTY : new FileObjects(data, meta, strings);
  }

  /**
   * The packed arrays and string table, to hand a file's objects to another thread (the arrays'
   * buffers are the file's own: transferable) and back through `packed`. Empty for no occurrences.
   */
  parts(): FileObjectParts {
    return { data: this.data, meta: this.meta, strings: this.strings };
  }

  /** Index in the file's string table of occurrence i's key: equal indices, equal keys. */
  keyIndexAt(i: number): number {
    return this.stride === COMPACT ? this.data[i * COMPACT + 3]! >>> 16 : this.data[i * STRIDE + 5]!;
  }

  /** The kind's place in the catalog's list of object kinds (a small integer). */
  kindIndexAt(i: number): number {
    return this.meta[i]! >> 3;
  }

  /** The number of distinct strings (names and keys) of the file. */
  get stringCount(): number {
    return this.strings.length;
  }

  /** String j of the file's table (keyIndexAt gives a key's). */
  stringAt(j: number): string {
    return this.strings[j]!;
  }

  /** Swaps string j of the file's table for an equal one (the workspace's shared copy of a name). */
  shareString(j: number, same: string): void {
    if (this.strings[j] === same) (this.strings as string[])[j] = same;
  }

  get length(): number {
    return this.meta.length;
  }

  roleAt(i: number): ObjectOccurrence['role'] {
    return ROLES[this.meta[i]! & 1]!;
  }

  kindAt(i: number): ObjectKind {
    return KINDS[this.meta[i]! >> 3]!;
  }

  keyAt(i: number): string {
    return this.strings[this.keyIndexAt(i)]!;
  }

  /** Line and character where occurrence i ends (binary search by position). */
  endLineAt(i: number): number {
    return this.stride === COMPACT ? this.data[i * COMPACT]! : this.data[i * STRIDE + 2]!;
  }

  endCharacterAt(i: number): number {
    return this.stride === COMPACT ? this.data[i * COMPACT + 2]! : this.data[i * STRIDE + 3]!;
  }

  at(i: number): ObjectOccurrence {
    const m = this.meta[i]!;
    const data = this.data;
    let line: number, character: number, endLine: number, endCharacter: number, name: number, key: number;
    if (this.stride === COMPACT) {
      const d = i * COMPACT;
      line = endLine = data[d]!;
      character = data[d + 1]!;
      endCharacter = data[d + 2]!;
      name = data[d + 3]! & 0xffff;
      key = data[d + 3]! >>> 16;
    } else {
      const d = i * STRIDE;
      line = data[d]!;
      character = data[d + 1]!;
      endLine = data[d + 2]!;
      endCharacter = data[d + 3]!;
      name = data[d + 4]!;
      key = data[d + 5]!;
    }
    return {
      role: ROLES[m & 1]!,
      kind: KINDS[m >> 3]!,
      key: this.strings[key]!,
      name: this.strings[name]!,
      form: FORMS[(m >> 1) & 3]!,
      line,
      character,
      endLine,
      endCharacter,
    };
  }

  toArray(): ObjectOccurrence[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }
}

/** Occurrences whose arrays a finished builder leaves to the next one (at most). */
const MAX_SPARE = 1 << 16;
let spareArrays: { data: Int32Array; meta: Uint8Array } | undefined;

/**
 * The string table of the builder being filled, an open-addressing hash table over its strings
 * (slot: the builder's number and the string's index), shared by every builder: a Map of its own
 * per file, grown string by string, was a seventh of the index pass. A slot of another builder's
 * number is free.
 */
let slotBuilder = new Int32Array(1024);
let slotString = new Int32Array(1024);
let lastBuilder = 0;
/** The builder made last: only it uses the shared table (see FileObjectsBuilder.intern). */
let activeBuilder = 0;

/**
 * Packs occurrences as they are found, in file order, straight into FileObjects' arrays: no
 * object per occurrence on the way (indexing a workspace makes hundreds of thousands).
 */
export class FileObjectsBuilder {
  private data: Int32Array;
  private meta: Uint8Array;
  private count = 0;
  private readonly strings: string[] = [];
  private readonly id = ++lastBuilder;
  /** The strings by value, for a builder filled while another was made (which took the shared table). */
  private own: Map<string, number> | undefined;

  constructor() {
    activeBuilder = this.id;
    // The arrays of the last builder built, if any: a new typed array per file, grown a few times,
    // was a fifth of the index pass (npm run bench: workspace index). build() copies out what it keeps.
    const spare = spareArrays;
    spareArrays = undefined;
    this.data = spare?.data ?? new Int32Array(256 * STRIDE);
    this.meta = spare?.meta ?? new Uint8Array(256);
  }

  /**
   * The index of s in the file's table. The table holds a flat copy (flatCopy): a name cut from
   * a file's text must not keep the text alive, and copying it once per distinct string, not
   * once per occurrence, is most of the copies spared.
   */
  private intern(s: string): number {
    if (activeBuilder !== this.id) return this.internOwn(s);
    const strings = this.strings;
    const mask = slotBuilder.length - 1;
    for (let slot = stringHash(s) & mask; ; slot = (slot + 1) & mask) {
      if (slotBuilder[slot] !== this.id) {
        const i = strings.push(flatCopy(s)) - 1;
        slotBuilder[slot] = this.id;
        slotString[slot] = i;
        // At most half full: probes stay short.
        if (strings.length * 2 > slotBuilder.length) this.growTable();
        return i;
      }
      const i = slotString[slot]!;
      if (strings[i] === s) return i;
    }
  }

  /** A shared table twice as large, holding this builder's strings. */
  private growTable(): void {
    const size = slotBuilder.length * 2;
    slotBuilder = new Int32Array(size);
    slotString = new Int32Array(size);
    const mask = size - 1;
    for (let i = 0; i < this.strings.length; i++) {
      let slot = stringHash(this.strings[i]!) & mask;
      while (slotBuilder[slot] === this.id) slot = (slot + 1) & mask;
      slotBuilder[slot] = this.id;
      slotString[slot] = i;
    }
  }

  /** intern for a builder that no longer has the shared table: a Map of its own. */
  private internOwn(s: string): number {
    if (this.own === undefined) {
      this.own = new Map();
      for (let i = 0; i < this.strings.length; i++) this.own.set(this.strings[i]!, i);
    }
    let i = this.own.get(s);
    if (i === undefined) {
      const copy = flatCopy(s);
      this.own.set(copy, (i = this.strings.push(copy) - 1));
    }
    return i;
  }

  add(
    role: ObjectOccurrence['role'],
    kind: ObjectKind,
    key: string,
    name: string,
    form: NameForm,
    line: number,
    character: number,
    endLine: number,
    endCharacter: number,
  ): void {
    const n = this.count;
    if (n === this.meta.length) {
      this.data = grown(this.data, this.data.length * 2);
      this.meta = grown(this.meta, this.meta.length * 2);
    }
    const d = n * STRIDE;
    const data = this.data;
    data[d] = line;
    data[d + 1] = character;
    data[d + 2] = endLine;
    data[d + 3] = endCharacter;
    const nameIndex = this.intern(name);
    data[d + 4] = nameIndex;
    data[d + 5] = key === name ? nameIndex : this.intern(key);
    this.meta[n] = (role === 'reference' ? 1 : 0) | (formIndex(form) << 1) | (kindIndex.get(kind)! << 3);
    this.count = n + 1;
  }

  build(): FileObjects {
    const n = this.count;
    const built = FileObjects.packed(this.packedData(n), this.meta.slice(0, n), this.strings);
    // Kept for the next builder unless a large file grew them (memory stays small).
    if (this.meta.length <= MAX_SPARE) spareArrays = { data: this.data, meta: this.meta };
    return built;
  }

  /** The n occurrences' ints, compact (FileObjects: COMPACT) when every name is on one line and the strings are few enough. */
  private packedData(n: number): Int32Array {
    const data = this.data;
    let compact = n > 0 && this.strings.length <= MAX_COMPACT_STRINGS;
    for (let d = 0; compact && d < n * STRIDE; d += STRIDE) if (data[d] !== data[d + 2]) compact = false;
    if (!compact) return data.slice(0, n * STRIDE);
    const out = new Int32Array(n * COMPACT);
    for (let i = 0, d = 0, c = 0; i < n; i++, d += STRIDE, c += COMPACT) {
      out[c] = data[d]!;
      out[c + 1] = data[d + 1]!;
      out[c + 2] = data[d + 3]!;
      out[c + 3] = data[d + 4]! | (data[d + 5]! << 16);
    }
    return out;
  }
}
