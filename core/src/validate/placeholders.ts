// Text for clauses a quick fix inserts. Placeholders are valid values, so that the inserted
// clause raises no new error; the person then overwrites them.
import type { ClauseSpec, GroupSpec, ValueShape } from '../catalog/types';
import { quote } from '../describe';

export function placeholderValue(shape: ValueShape | undefined, key: string): string {
  const word = key.toLowerCase().replace(/\s+/g, '_');
  switch (shape?.kind) {
    case 'string':
      return quote(shape.examples?.[0] ?? word);
    case 'integer':
      return String(shape.min ?? 1);
    case 'stringList':
      return `(${quote(shape.values?.[0]?.value ?? word)})`;
    case 'groupList':
      return `(${placeholderGroup(shape.group)})`;
    case 'boolean':
      return "'false'";
    case 'enum': {
      const first = shape.values.find((v) => !v.spellingUnknown)?.value ?? word;
      return shape.quoting === 'bare' ? first : quote(first);
    }
    case 'name':
    case undefined:
      return word;
  }
}

/** One partition group with its required keys. */
export function placeholderGroup(group: GroupSpec): string {
  return group.keys
    .filter((k) => k.required)
    .map((k) => `${k.key} = ${placeholderValue(k.value, k.key)}`)
    .join(' ');
}

/** The clause as it would be written: KEY = value, KEY value, or KEY alone. */
export function placeholderClause(clause: ClauseSpec): string {
  switch (clause.form ?? 'assign') {
    case 'flag':
      return clause.key;
    case 'keyword':
      return `${clause.key} ${placeholderValue(clause.value, clause.key)}`;
    default:
      return `${clause.key} = ${placeholderValue(clause.value, clause.key)}`;
  }
}
