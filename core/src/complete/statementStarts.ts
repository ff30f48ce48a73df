// Items that begin a statement (whole-statement snippets and the verbs) and items that continue
// a head being typed (CREATE → FLOW, CLUSTER, ...).
import { catalog } from '../catalog/index';
import type { StatementSpec } from '../catalog/types';
import { statementMarkdown } from '../describe';
import { heads } from '../statementAnalysis';
import type { CoreCompletion } from '../types';
import { statementSnippet } from './snippets';

let startsCache: CoreCompletion[] | undefined;

/** One snippet per statement (canonical head) and one plain keyword per verb. Built once. */
export function statementStarts(): CoreCompletion[] {
  if (startsCache) return startsCache;
  const items: CoreCompletion[] = catalog.statements.map((spec) => ({
    label: spec.heads[0]!.join(' '),
    kind: 'statement',
    detail: spec.summary,
    documentation: statementMarkdown(spec),
    insertText: statementSnippet(spec),
    snippet: true,
    sortText: `1 ${spec.heads[0]!.join(' ')}`,
  }));
  for (const verb of [...heads.verbs].sort()) {
    items.push({ label: verb, kind: 'keyword', detail: 'statement keyword', sortText: `2 ${verb}` });
  }
  startsCache = items;
  return items;
}

/** The words that may follow a head being typed: `CREATE` → FLOW, STREAM CAPTURE, CLUSTER, ... */
export function headContinuations(words: readonly string[]): CoreCompletion[] {
  const seen = new Map<string, { spec: StatementSpec; alt: number }>();
  for (const e of heads.entries) {
    if (e.words.length <= words.length || !words.every((w, i) => e.words[i] === w)) continue;
    const rest = e.words.slice(words.length).join(' ');
    const alt = e.spec.heads.findIndex((h) => h.join(' ').toUpperCase() === e.words.join(' '));
    if (!seen.has(rest)) seen.set(rest, { spec: e.spec, alt });
  }
  return [...seen].map(([rest, { spec, alt }]) => ({
    label: rest,
    kind: 'keyword' as const,
    detail: spec.summary,
    documentation: statementMarkdown(spec),
    // Catalog order (FLOW, CLUSTER, JOB before the rarer ones), canonical head before older names.
    sortText: `0 ${String(catalog.statements.indexOf(spec)).padStart(3, '0')} ${alt}`,
  }));
}
