// Renaming an object across the workspace: its definitions and every reference, each written the
// way its place wants it (a string stays quoted with '' escaped; a bare name that is no plain
// identifier gets backticks; a backticked name keeps them).
import { objectKindSpec, objectNameKey } from '../catalog/index';
import { bareName } from '../complete/nameItems';
import { quote } from '../describe';
import type { CoreTextEdit } from '../types';
import type { NameForm, ObjectOccurrence } from './objectOccurrence';
import type { IndexedFile, WorkspaceIndex } from './workspaceIndex';

/** The new name as typed, without the quotes or backticks a person may have written around it. */
export function newNameOf(input: string): { name: string } | { error: string } {
  let name = input.trim();
  if (name.length >= 2 && name.startsWith("'") && name.endsWith("'")) name = name.slice(1, -1).replace(/''/g, "'");
  else if (name.length >= 2 && name.startsWith('`') && name.endsWith('`')) name = name.slice(1, -1);
  if (!name) return { error: 'The new name is empty.' };
  if (/[\r\n]/.test(name)) return { error: 'A name cannot hold a line break.' };
  if (name.includes('`')) return { error: 'A name cannot hold a backtick: backticks only delimit names.' };
  return { name };
}

export function writeName(name: string, form: NameForm): string {
  if (form === 'string') return quote(name);
  if (form === 'backticked') return `\`${name}\``;
  return bareName(name);
}

export interface RenameResult {
  edits: { file: IndexedFile; edits: CoreTextEdit[] }[];
}

/** Edits renaming the object `target` names, everywhere the workspace creates or names it. */
export function renameObject(index: WorkspaceIndex, target: ObjectOccurrence, input: string): RenameResult | { error: string } {
  const parsed = newNameOf(input);
  if ('error' in parsed) return parsed;
  const newKey = objectNameKey(parsed.name);
  if (newKey !== target.key) {
    const taken = index.definitionsOf(target.kind, newKey)[0];
    if (taken) {
      const label = objectKindSpec(target.kind).label;
      return {
        error: `A ${label} named \`${taken.occurrence.name}\` is already created in ${taken.file.label}:${taken.occurrence.line + 1}.`,
      };
    }
  }
  const byFile = new Map<IndexedFile, CoreTextEdit[]>();
  for (const { file, occurrence: o } of index.occurrencesOf(target.kind, target.key)) {
    let list = byFile.get(file);
    if (!list) byFile.set(file, (list = []));
    list.push({
      range: { start: { line: o.line, character: o.character }, end: { line: o.endLine, character: o.endCharacter } },
      newText: writeName(parsed.name, o.form),
    });
  }
  return { edits: [...byFile].map(([file, edits]) => ({ file, edits })) };
}
