import type { ClauseSpec, ValueShape } from '../catalog/types';
import type { ScalarNode, WordNode } from '../syntax/elements';
import { upperCase } from '../syntax/lex';

type EnumShape = Extract<ValueShape, { kind: 'enum' }>;

// Which words the formatter writes in upper case. Keywords are case-insensitive for the service,
// names and values are not known to be: only words whose role the catalog makes certain change.

/** A plain word (not backticked, not dotted): the only kind that can be a keyword. */
export const isPlain = (w: WordNode): boolean => !w.backticked && !w.dotted;

/** A bare value that is one of the clause's listed keyword values (STATE = pause → PAUSE, FOR sync → SYNC). */
export function isKeywordValue(spec: ClauseSpec | undefined, value: ScalarNode): boolean {
  const shape = spec?.value;
  if (!shape || shape.kind !== 'enum' || shape.quoting === 'quoted' || value.kind !== 'name') return false;
  if (value.text.startsWith('`') || value.text.includes('.')) return false;
  return upperValuesOf(shape).has(upperCase(value.text));
}

/** An enum shape's values in upper case, made once per shape (the catalog does not change). */
const upperValues = new WeakMap<EnumShape, Set<string>>();

function upperValuesOf(shape: EnumShape): Set<string> {
  let values = upperValues.get(shape);
  if (!values) {
    values = new Set(shape.values.map((v) => v.value.toUpperCase()));
    upperValues.set(shape, values);
  }
  return values;
}
