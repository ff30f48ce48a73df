// The objects one statement creates and names, read from its resolved syntax model. Which name and
// which clause refer to which kind is the catalog's to say (NameSpec.creates / refersTo,
// ClauseSpec.refersTo): nothing here knows a statement or a clause by name.
import { objectNameKey, unquotedNameKey } from '../catalog/index';
import type { ObjectKind } from '../catalog/types';
import type { ResolvedStatement } from '../model/resolved';
import type { ScalarNode, ValueNode, WordNode } from '../syntax/elements';
import { flatCopy } from '../text/flatCopy';
import type { RelativeOccurrence } from './objectOccurrence';

/** name and key as stored: one string when they are equal (most names are lower case already). */
function keyed(name: string, key: string): { name: string; key: string } {
  const n = flatCopy(name);
  return { name: n, key: key === name ? n : flatCopy(key) };
}

/** The name of a word (bare or backticked), as written and as compared. */
function fromWord(word: WordNode, role: RelativeOccurrence['role'], kind: ObjectKind): RelativeOccurrence | undefined {
  const name = word.backticked ? word.text.slice(1, word.text.endsWith('`') && word.text.length > 1 ? -1 : undefined) : word.text;
  if (!name) return undefined;
  return {
    role,
    kind,
    ...keyed(name, objectNameKey(name)),
    form: word.backticked ? 'backticked' : 'bare',
    start: word.span.start,
    end: word.span.end,
  };
}

/** A string or a name standing as a clause's value (or as an item of its list). */
function fromScalar(value: ScalarNode, kind: ObjectKind): RelativeOccurrence | undefined {
  if (value.kind === 'integer' || !value.value) return undefined;
  if (value.kind === 'name') {
    const backticked = value.text.startsWith('`');
    return {
      role: 'reference',
      kind,
      ...keyed(value.value, objectNameKey(value.value)),
      form: backticked ? 'backticked' : 'bare',
      start: value.span.start,
      end: value.span.end,
    };
  }
  // The value, its quotes off and '' unescaped, keyed as the service compares names.
  return {
    role: 'reference',
    kind,
    ...keyed(value.value, unquotedNameKey(value.value)),
    form: 'string',
    start: value.span.start,
    end: value.span.end,
  };
}

function fromValue(value: ValueNode, kind: ObjectKind, out: RelativeOccurrence[]): void {
  if (value.kind !== 'list') {
    const o = fromScalar(value, kind);
    if (o) out.push(o);
    return;
  }
  for (const item of value.items) {
    if (item.kind === 'group') continue;
    const o = fromScalar(item, kind);
    if (o) out.push(o);
  }
}

/** Definitions and references of one statement, in the order they are written. */
export function statementObjects(resolved: ResolvedStatement): RelativeOccurrence[] {
  const spec = resolved.spec;
  if (!spec) return [];
  const out: RelativeOccurrence[] = [];
  const named = spec.name?.creates ?? spec.name?.refersTo;
  if (named && resolved.name && !resolved.name.dotted) {
    const o = fromWord(resolved.name, spec.name?.creates ? 'definition' : 'reference', named);
    if (o) out.push(o);
  }
  for (const clause of resolved.clauses) {
    const kind = clause.spec?.refersTo;
    if (kind && clause.value) fromValue(clause.value, kind, out);
  }
  return out;
}
