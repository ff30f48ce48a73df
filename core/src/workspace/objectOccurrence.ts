// What the workspace index keeps of a file: each object a statement creates and each reference to
// one, with where it is written. Nothing else (no text, no analysis), so that a workspace of
// thousands of files costs little memory.
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

/** Ordered by position. */
export type FileObjects = readonly ObjectOccurrence[];
