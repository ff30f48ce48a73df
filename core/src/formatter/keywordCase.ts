import type { ClauseSpec } from '../catalog/types';
import type { ScalarNode, WordNode } from '../syntax/elements';

// Which words the formatter writes in upper case. Keywords are case-insensitive for the service,
// names and values are not known to be: only words whose role the catalog makes certain change.

/** A plain word (not backticked, not dotted): the only kind that can be a keyword. */
export const isPlain = (w: WordNode): boolean => !w.backticked && !w.dotted;

/** A bare value that is one of the clause's listed keyword values (STATE = pause → PAUSE, FOR sync → SYNC). */
export function isKeywordValue(spec: ClauseSpec | undefined, value: ScalarNode): boolean {
  const shape = spec?.value;
  if (!shape || shape.kind !== 'enum' || shape.quoting === 'quoted' || value.kind !== 'name') return false;
  if (value.text.startsWith('`') || value.text.includes('.')) return false;
  const upper = value.text.toUpperCase();
  return shape.values.some((v) => v.value.toUpperCase() === upper);
}
