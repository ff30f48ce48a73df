// Items for what follows '=': a clause's value, a partition group's keys and values, the known
// strings of a list.
import type { EnumValue, GroupSpec, ValueShape } from '../catalog/types';
import { enumLiteral, quote, requirementInWords, shapeInWords, valueMarkdown } from '../describe';
import type { CoreCompletion } from '../types';
import { choice, valueSnippet } from './snippets';

const order = (i: number) => String(i).padStart(3, '0');

function enumItems(values: readonly EnumValue[], quoting: 'quoted' | 'bare' | 'either', owner: string, detail: string): CoreCompletion[] {
  // A value whose spelling is unknown is not offered: the editor would be asserting a guess.
  return values
    .filter((v) => !v.spellingUnknown)
    .map((v, i) => {
      const literal = enumLiteral(v.value, quoting);
      return {
        label: literal,
        kind: 'value' as const,
        detail,
        documentation: valueMarkdown(literal, v, owner),
        sortText: `0 ${order(i)}`,
      };
    });
}

/** What may follow `KEY =` for a value of the given shape. */
export function valueItems(shape: ValueShape | undefined, owner: string): CoreCompletion[] {
  if (!shape) return [];
  switch (shape.kind) {
    case 'enum':
      return enumItems(shape.values, shape.quoting, owner, shape.quoting === 'either' ? 'value (may also be quoted)' : 'value');
    case 'boolean':
      return enumItems([{ value: 'true' }, { value: 'false' }], 'quoted', owner, 'boolean string');
    case 'string': {
      const examples = (shape.examples ?? []).map((e, i) => ({
        label: quote(e),
        kind: 'value' as const,
        detail: 'example',
        sortText: `1 ${order(i)}`,
      }));
      return [
        { label: "'…'", kind: 'value', detail: 'string', insertText: "'$1'", snippet: true, filterText: "''", sortText: '0' },
        ...examples,
      ];
    }
    case 'stringList': {
      const values = shape.values ?? [];
      const insertText = values.length
        ? `(${choice(
            1,
            values.map((v) => quote(v.value)),
          )})`
        : "('$1')";
      return [{ label: "('…')", kind: 'value', detail: 'list of strings', insertText, snippet: true, filterText: '(', sortText: '0' }];
    }
    case 'groupList':
      return [
        {
          label: '(field = … partition_type = …)',
          kind: 'value',
          detail: 'list of partition groups',
          insertText: valueSnippet(shape, 1).text,
          snippet: true,
          filterText: '(',
          sortText: '0',
        },
      ];
    case 'integer':
    case 'name':
      return [];
  }
}

/** The keys of a partition group the current group does not have yet, required first. */
export function groupKeyItems(group: GroupSpec, present: ReadonlySet<string>): CoreCompletion[] {
  return group.keys
    .map((k, i) => ({ k, i }))
    .filter(({ k }) => !present.has(k.key.toLowerCase()))
    .map(({ k, i }) => ({
      label: k.key,
      kind: 'property' as const,
      detail: `${requirementInWords(k.required)} · ${shapeInWords(k.value)}`,
      documentation: k.doc,
      insertText: `${k.key} = ${valueSnippet(k.value, 1).text}`,
      snippet: true,
      sortText: `${k.required ? 0 : 1} ${order(i)}`,
    }));
}

/** Known strings of a list clause not in the list yet. */
export function listItemItems(values: readonly EnumValue[], present: ReadonlySet<string>, owner: string): CoreCompletion[] {
  return enumItems(
    values.filter((v) => !present.has(v.value)),
    'quoted',
    owner,
    'known value',
  );
}
