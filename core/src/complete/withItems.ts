// Items inside WITH: the keys this statement (or the clause owning the WITH) accepts, and the
// known values of a key.
import type { WithSpec } from '../catalog/types';
import { quote, valueMarkdown, withValuesInWords } from '../describe';
import type { CoreCompletion } from '../types';
import { unmetCondition, type ApplicableKey, type ApplicablePrefix } from '../applicableWithKeys';
import type { ResolvedStatement } from '../model/resolved';
import { choice, escapeSnippet } from './snippets';

const order = (i: number) => String(i).padStart(3, '0');

export function withKeyItems(
  spec: WithSpec,
  keys: readonly ApplicableKey[],
  prefixes: readonly ApplicablePrefix[],
  present: ReadonlySet<string>,
): CoreCompletion[] {
  const items: CoreCompletion[] = [];
  keys.forEach((k, i) => {
    if (present.has(k.key)) return;
    const value = k.values?.length
      ? choice(
          1,
          k.values.map((v) => quote(v.value)),
        )
      : "'$1'";
    const values = k.values?.length ? `\n\n${withValuesInWords(k)}` : '';
    items.push({
      label: quote(k.key),
      kind: 'property',
      detail: k.condition ? `WITH key (for ${k.condition})` : 'WITH key',
      documentation: `${k.doc}${values}`,
      insertText: `${escapeSnippet(quote(k.key))} = ${value}`,
      snippet: true,
      sortText: `${k.condition ? 1 : 0} ${order(i)}`,
    });
  });
  for (const { prefix, condition } of prefixes) {
    items.push({
      label: `'${prefix}…'`,
      kind: 'property',
      detail: condition ? `WITH key prefix (for ${condition})` : 'WITH key prefix',
      documentation: spec.doc ?? `Keys starting with '${prefix}'.`,
      insertText: `'${escapeSnippet(prefix)}$1' = '$2'`,
      snippet: true,
      filterText: `'${prefix}`,
      sortText: `2 ${prefix}`,
    });
  }
  return items;
}

/** The known values of a key; one that another clause rules out (GPU workers on a SPARK cluster) comes last and says why. */
export function withValueItems(key: ApplicableKey | undefined, resolved: ResolvedStatement): CoreCompletion[] {
  return (key?.values ?? []).map((v, i) => {
    const literal = quote(v.value);
    const unmet = unmetCondition(v, resolved);
    const detail = key!.valuesClosed ? 'value' : 'known value';
    return {
      label: literal,
      kind: 'value' as const,
      detail: unmet ? `${detail} · ${v.onlyWhen!.note}` : detail,
      documentation: valueMarkdown(literal, v, quote(key!.key)),
      sortText: `${unmet ? 1 : 0} ${order(i)}`,
    };
  });
}
