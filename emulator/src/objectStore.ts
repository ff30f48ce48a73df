// The objects of each project, per kind: CREATE / UPLOAD add one, DELETE removes it, SHOW lists
// them, DESCRIBE shows one. Names compare case-insensitively and without backticks, as the service
// compares them (catalog: ObjectKindSpec.caseInsensitive).
import { type ObjectFields, SEED_OBJECTS } from './seedObjects';

export interface StoredObject {
  name: string;
  fields: ObjectFields;
  createdAt: string;
}

const key = (name: string) => name.replace(/^`|`$/g, '').toLowerCase();

export class ProjectObjects {
  private readonly kinds = new Map<string, Map<string, StoredObject>>();

  /** The objects of a kind word ('cluster'), seeded on first use. */
  private of(word: string): Map<string, StoredObject> {
    let objects = this.kinds.get(word);
    if (!objects) {
      objects = new Map();
      const seededAt = new Date(Date.UTC(2026, 0, 1)).toISOString();
      for (const [name, fields] of Object.entries(SEED_OBJECTS[word] ?? {})) objects.set(key(name), { name, fields, createdAt: seededAt });
      this.kinds.set(word, objects);
    }
    return objects;
  }

  list(word: string): StoredObject[] {
    return [...this.of(word).values()];
  }

  get(word: string, name: string): StoredObject | undefined {
    return this.of(word).get(key(name));
  }

  /** Adds (or replaces) an object; false when one of that name was there already. */
  add(word: string, name: string, fields: ObjectFields): boolean {
    const objects = this.of(word);
    const existed = objects.has(key(name));
    objects.set(key(name), { name: name.replace(/^`|`$/g, ''), fields, createdAt: new Date().toISOString() });
    return !existed;
  }

  remove(word: string, name: string): boolean {
    return this.of(word).delete(key(name));
  }
}

/** KEY = value clauses of a statement as fields (TYPE = 'SPARK' → type: 'SPARK'); a rough reading. */
export function clauseFields(statement: string): ObjectFields {
  const fields: ObjectFields = {};
  const re = /\b([A-Za-z][A-Za-z_]*)\s*=\s*('(?:[^']|'')*'|-?\d+(?:\.\d+)?|[A-Za-z_][A-Za-z0-9_]*)/gi;
  for (const m of statement.matchAll(re)) {
    const field = m[1]!.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    const raw = m[2]!;
    if (field === 'name' || field === 'status') continue;
    fields[field] = raw.startsWith("'") ? raw.slice(1, -1).replace(/''/g, "'") : /^-?\d/.test(raw) ? Number(raw) : raw;
  }
  return fields;
}
