// Items for a place where a statement names an existing object: the names its NameSource knows,
// written as that place wants them (a quoted string, or a bare or backticked name).
import { objectKindSpec, objectNameKey } from '../catalog/index';
import { quote } from '../describe';
import type { CoreCompletion, KnownName } from '../types';

/** How the name is written where it goes. */
export type NameWriting = 'quoted' | 'bare';

const BARE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A bare name as the service reads it: backticked when it is not a plain identifier (run-123). */
export function bareName(name: string): string {
  return BARE.test(name) ? name : `\`${name.replace(/`/g, '')}\``;
}

/**
 * One item per distinct name (as the service compares names); the first source to name it wins, so
 * the server lists its more precise source first. `present`: names already written (a list's items).
 */
export function nameItems(names: readonly KnownName[], writing: NameWriting, present: ReadonlySet<string> = new Set()): CoreCompletion[] {
  const seen = new Set([...present].map(objectNameKey));
  const items: CoreCompletion[] = [];
  for (const n of names) {
    const key = objectNameKey(n.name);
    if (!n.name || seen.has(key)) continue;
    seen.add(key);
    items.push({
      label: writing === 'quoted' ? quote(n.name) : bareName(n.name),
      kind: 'name',
      detail: `${objectKindSpec(n.kind).label} · ${n.origin}`,
      documentation: n.documentation,
      // Before the generic value items ("'…'" sorts as '0'): a known name is the likelier choice.
      sortText: `! ${key}`,
    });
  }
  return items;
}
