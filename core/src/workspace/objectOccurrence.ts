// What the workspace index keeps of a file: each object a statement creates and each reference to
// one, with where it is written. Nothing else (no text, no analysis), so that a workspace of
// thousands of files costs little memory.
import { objectKinds } from '../catalog/index';
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
const KINDS: readonly ObjectKind[] = objectKinds.map((k) => k.kind);
const kindIndex = new Map(KINDS.map((k, i) => [k, i]));
/** Ints per occurrence in FileObjects.data: line, character, endLine, endCharacter, name, key. */
const STRIDE = 6;

/**
 * A file's occurrences, ordered by position, packed: positions and string-table indices in one
 * Int32Array, role / form / kind in one byte each, each distinct string of the file once. An object
 * per occurrence cost about 190 bytes; this is about 30 (npm run bench: workspace index heap).
 */
export class FileObjects {
  static readonly EMPTY = new FileObjects(new Int32Array(0), new Uint8Array(0), []);

  private constructor(
    private readonly data: Int32Array,
    private readonly meta: Uint8Array,
    private readonly strings: readonly string[],
  ) {}

  static from(list: readonly ObjectOccurrence[]): FileObjects {
    if (list.length === 0) return FileObjects.EMPTY;
    const data = new Int32Array(list.length * STRIDE);
    const meta = new Uint8Array(list.length);
    const strings: string[] = [];
    const table = new Map<string, number>();
    const intern = (s: string) => {
      let i = table.get(s);
      if (i === undefined) table.set(s, (i = strings.push(s) - 1));
      return i;
    };
    list.forEach((o, i) => {
      data.set([o.line, o.character, o.endLine, o.endCharacter, intern(o.name), intern(o.key)], i * STRIDE);
      meta[i] = (o.role === 'reference' ? 1 : 0) | (FORMS.indexOf(o.form) << 1) | (kindIndex.get(o.kind)! << 3);
    });
    return new FileObjects(data, meta, strings);
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
    return this.strings[this.data[i * STRIDE + 5]!]!;
  }

  /** Line and character where occurrence i ends (binary search by position). */
  endLineAt(i: number): number {
    return this.data[i * STRIDE + 2]!;
  }

  endCharacterAt(i: number): number {
    return this.data[i * STRIDE + 3]!;
  }

  at(i: number): ObjectOccurrence {
    const d = i * STRIDE;
    const m = this.meta[i]!;
    return {
      role: ROLES[m & 1]!,
      kind: KINDS[m >> 3]!,
      key: this.strings[this.data[d + 5]!]!,
      name: this.strings[this.data[d + 4]!]!,
      form: FORMS[(m >> 1) & 3]!,
      line: this.data[d]!,
      character: this.data[d + 1]!,
      endLine: this.data[d + 2]!,
      endCharacter: this.data[d + 3]!,
    };
  }

  toArray(): ObjectOccurrence[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }
}
