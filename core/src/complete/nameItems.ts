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
 * One item per distinct name (as the service compares names), written as the first source writes it
 * (the server lists its more precise source first), its detail naming every source that knows it.
 * `present`: names already written (a list's items).
 */
export function nameItems(names: readonly KnownName[], writing: NameWriting, present: ReadonlySet<string> = new Set()): CoreCompletion[] {
  const written = new Set([...present].map(objectNameKey));
  const byKey = new Map<string, { item: CoreCompletion; origins: string[]; known: KnownName[] }>();
  for (const n of names) {
    const key = objectNameKey(n.name);
    if (!n.name || written.has(key)) continue;
    const seen = byKey.get(key);
    if (seen) {
      // Known to several sources (created in the workspace and read from the service): one item that says both.
      if (!seen.origins.includes(n.origin)) seen.origins.push(n.origin);
      seen.known.push(n);
      if (n.documentation) seen.item.documentation = joinDocumentation(seen.item.documentation, n.documentation);
      if (n.describe) seen.item.describe = () => describeAll(seen.known);
      seen.item.detail = `${objectKindSpec(n.kind).label} · ${seen.origins.join(', ')}`;
      continue;
    }
    const known = [n];
    const item: CoreCompletion = {
      label: writing === 'quoted' ? quote(n.name) : bareName(n.name),
      kind: 'name',
      detail: `${objectKindSpec(n.kind).label} · ${n.origin}`,
      documentation: n.documentation,
      // Before the generic value items ("'…'" sorts as '0'): a known name is the likelier choice.
      sortText: `! ${key}`,
    };
    // The costly words are written when the item is resolved (completionItem/resolve), not for every name listed.
    if (n.describe) item.describe = () => describeAll(known);
    byKey.set(key, { item, origins: [n.origin], known });
  }
  return [...byKey.values()].map((v) => v.item);
}

function joinDocumentation(so: string | undefined, more: string): string {
  if (!so) return more;
  return so.includes(more) ? so : `${so}\n\n${more}`;
}

/** The documentation of every source that knows the name, in the sources' order, the costly parts written now. */
function describeAll(known: readonly KnownName[]): string {
  let out: string | undefined;
  for (const n of known) {
    const text = n.documentation ?? n.describe?.();
    if (text) out = joinDocumentation(out, text);
  }
  return out ?? '';
}
