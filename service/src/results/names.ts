// Names of objects out of any service response (SHOW CLUSTERS, SHOW FLOWS, …). The shapes are not
// documented, so nothing is assumed: the first array of objects anywhere in the response (the
// shallowest, in key order) that has a name-like field holds the objects, and the name is the best
// such field (name, then xxxName, then id, then xxxId). Nothing from the service is trusted: sizes are bounded
// and values that cannot be a name (control characters, empty, too long) are left out.

export type NamesReading =
  | {
      ok: true;
      names: string[];
      /** Where the array was, e.g. 'showClustersApiResponse.clusters'. */ path: string;
      field: string | undefined;
      skipped: number;
    }
  | { ok: false; problem: string };

export const MAX_NAMES = 5000;
export const MAX_NAME_LENGTH = 256;
const MAX_DEPTH = 32;
const MAX_VISITED = 100_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value that may be an object's name: a non-empty string (or a finite number) without control characters. */
function nameValue(v: unknown): string | undefined {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
  if (!s || s.length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f\u2028\u2029]/.test(s)) return undefined;
  return s;
}

/** Ranks a field name as a name: lower is better; undefined when it is not name-like. */
function fieldRank(key: string): number | undefined {
  const k = key.toLowerCase();
  if (k === 'name') return 0;
  if (k.endsWith('name') && !/(?:file|path|type|display|table|user|host)name$/.test(k)) return 1;
  if (k === 'displayname') return 2;
  if (k === 'id') return 3;
  if (k.endsWith('id') && !/(?:request|account|project|user|link)id$/.test(k)) return 4;
  return undefined;
}

/** The name-like field to read: the best-ranked one that some object holds a usable value in. */
function nameField(items: readonly Record<string, unknown>[]): string | undefined {
  let best: { key: string; rank: number } | undefined;
  for (const item of items.slice(0, 200)) {
    for (const key of Object.keys(item)) {
      const rank = fieldRank(key);
      if (rank === undefined || nameValue(item[key]) === undefined) continue;
      if (!best || rank < best.rank) best = { key, rank };
    }
  }
  return best?.key;
}

/** Arrays whose items are all objects, shallowest first (breadth first, keys in order). */
function* arraysOfObjects(root: unknown): Generator<{ items: Record<string, unknown>[]; path: string }> {
  const queue: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  for (let i = 0; i < queue.length && i < MAX_VISITED; i++) {
    const { value, path, depth } = queue[i]!;
    if (Array.isArray(value)) {
      if (value.length > 0 && value.every(isObject)) yield { items: value, path };
      else if (depth < MAX_DEPTH) value.forEach((v, j) => queue.push({ value: v, path: `${path}[${j}]`, depth: depth + 1 }));
    } else if (isObject(value) && depth < MAX_DEPTH) {
      for (const key of Object.keys(value)) queue.push({ value: value[key], path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
}

/** The shallowest empty array: a list with nothing in it ("no clusters"), when no array holds objects. */
function firstEmptyArray(root: unknown): string | undefined {
  const queue: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  for (let i = 0; i < queue.length && i < MAX_VISITED; i++) {
    const { value, path, depth } = queue[i]!;
    if (Array.isArray(value) && value.length === 0) return path;
    if (isObject(value) && depth < MAX_DEPTH)
      for (const key of Object.keys(value)) queue.push({ value: value[key], path: path ? `${path}.${key}` : key, depth: depth + 1 });
  }
  return undefined;
}

/**
 * The names a listing response holds. `ok: false` when no list of objects with a name-like field
 * is found (the caller offers the raw response instead). Names are unique, in response order.
 */
export function namesInResponse(response: unknown): NamesReading {
  // The first list whose objects have a name-like field: a list of warnings or errors beside the
  // listing ({ warnings: [{ code, message }], …: { clusters: [...] } }) is passed over.
  let first: { path: string } | undefined;
  let found: { items: Record<string, unknown>[]; path: string; field: string } | undefined;
  let looked = 0;
  for (const list of arraysOfObjects(response)) {
    first ??= list;
    const field = nameField(list.items);
    if (field) {
      found = { ...list, field };
      break;
    }
    if (++looked >= 50) break;
  }
  if (!found) {
    if (first) return { ok: false, problem: `the objects at ${first.path || 'the top'} have no name-like field (name, …Name, id)` };
    const empty = firstEmptyArray(response);
    if (empty !== undefined) return { ok: true, names: [], path: empty, field: undefined, skipped: 0 };
    return { ok: false, problem: 'the response holds no list of objects' };
  }
  const { field } = found;
  const names: string[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const item of found.items) {
    const name = nameValue(item[field]);
    if (name === undefined || seen.has(name) || names.length >= MAX_NAMES) {
      skipped++;
      continue;
    }
    seen.add(name);
    names.push(name);
  }
  return { ok: true, names, path: found.path, field, skipped };
}
