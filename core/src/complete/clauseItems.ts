// Items where a new element may start: the clauses the statement still lacks (required first, in
// the catalog's order), SET where the statement uses it, WITH, and the words of a keyword clause.
import type { ClauseSpec, StatementSpec } from '../catalog/types';
import { clauseMarkdown, requirementInWords, shapeInWords } from '../describe';
import type { ResolvedStatement } from '../model/resolved';
import type { CoreCompletion } from '../types';
import { clauseSnippet } from './snippets';
import { valueItems } from './valueItems';

const order = (i: number) => String(i).padStart(3, '0');

function clauseItem(clause: ClauseSpec, index: number, spec: StatementSpec, prefix = ''): CoreCompletion {
  const required = clause.required === true || clause.required === 'warn';
  const shape = (clause.form ?? 'assign') === 'flag' ? 'followed by WITH' : shapeInWords(clause.value);
  return {
    label: clause.key,
    kind: 'clause',
    detail: `${requirementInWords(clause.required)} · ${shape}`,
    documentation: clauseMarkdown(clause, spec),
    insertText: prefix + clauseSnippet(clause).text,
    snippet: true,
    sortText: `${required ? 0 : 1} ${order(index)}`,
  };
}

function keywordItem(label: string, detail: string, documentation: string | undefined, sortText: string): CoreCompletion {
  return { label, kind: 'keyword', detail, documentation, sortText };
}

/**
 * Items for a new element at statement-relative offset `at`. `trailing` are the plain words just
 * before the caret (to finish a keyword clause such as TO ROLE or FOR).
 */
export function elementItems(resolved: ResolvedStatement, at: number, trailing: readonly string[]): CoreCompletion[] {
  const spec = resolved.spec;
  if (!spec) return [];

  // A keyword clause being written: FOR |, TO |, TO ROLE |.
  for (const clause of spec.clauses) {
    const form = clause.form ?? 'assign';
    if (form === 'assign') continue;
    const words = clause.key.split(' ');
    for (let n = words.length; n >= 1; n--) {
      const tail = trailing.slice(trailing.length - n);
      if (tail.length !== n || !tail.every((w, i) => w === words[i])) continue;
      if (n < words.length) return [keywordItem(words.slice(n).join(' '), clauseSyntaxDetail(clause), clauseMarkdown(clause, spec), '0')];
      if (form === 'keyword') return valueItems(clause.value, clause.key);
      return clause.with ? [keywordItem('WITH', 'WITH pairs', clause.with.doc, '0')] : [];
    }
  }

  const set = spec.set ?? 'none';
  const setsBefore = resolved.sets.filter((s) => s.span.start < at);
  const justAfterSet = setsBefore.length > 0 && trailing.length > 0 && trailing[trailing.length - 1] === 'SET';
  const present = new Set(resolved.clauses.map((c) => c.key));
  for (const key of keysMissingEquals(resolved)) present.add(key);
  const lacking = spec.clauses.map((c, i) => ({ c, i })).filter(({ c }) => !present.has(c.key));
  const clauses = () => lacking.map(({ c, i }) => clauseItem(c, i, spec));
  const setItem = keywordItem('SET', setDetail(set), setDoc(set), '0');

  const items: CoreCompletion[] = [];
  switch (set) {
    case 'none':
      items.push(...clauses());
      break;
    case 'once':
      if (setsBefore.length === 0) items.push(setItem);
      else items.push(...clauses());
      break;
    case 'each':
      if (justAfterSet) items.push(...clauses());
      else if (lacking.length)
        items.push(
          setItem,
          ...lacking
            .map(({ c, i }) => clauseItem(c, i, spec, 'SET '))
            .map((it) => ({ ...it, label: `SET ${it.label}`, sortText: `1${it.sortText}` })),
        );
      break;
    case 'oneAction': {
      const actions = resolved.clauses.filter((c) => c.span.start > (setsBefore[0]?.span.start ?? Infinity));
      if (setsBefore.length === 0) items.push(setItem);
      else if (actions.length === 0) items.push(...clauses());
      break;
    }
  }

  // WITH: the one owned by the clause just before the caret, else the statement's own.
  let owner: (typeof resolved.clauses)[number] | undefined;
  for (const c of resolved.clauses) if (c.span.end <= at) owner = c;
  const setDone = set === 'none' || setsBefore.length > 0;
  if (owner?.spec?.with && !owner.with) {
    items.push(keywordItem('WITH', `WITH pairs of ${owner.key}`, owner.spec.with.doc, '2'));
  } else if (spec.with && resolved.with.length === 0 && setDone && set !== 'oneAction') {
    items.push(keywordItem('WITH', 'WITH pairs', spec.with.doc, '2'));
  }
  return items;
}

/** LAKE 'x' with its '=' forgotten still names its clause (the parser keeps only the word LAKE). */
function keysMissingEquals(resolved: ResolvedStatement): string[] {
  const keys: string[] = [];
  for (const issue of resolved.parsed.issues) {
    if (issue.code !== 'missing-equals') continue;
    let word: (typeof resolved.stray)[number] | undefined;
    for (const e of resolved.stray) if (e.kind === 'word' && e.span.end <= issue.span.start) word = e;
    if (word?.kind === 'word') keys.push(word.upper);
  }
  return keys;
}

function clauseSyntaxDetail(clause: ClauseSpec): string {
  return `${requirementInWords(clause.required)} · ${shapeInWords(clause.value)}`;
}

function setDetail(set: string): string {
  return set === 'each' ? 'before each clause' : set === 'oneAction' ? 'one action follows' : 'clauses follow';
}

function setDoc(set: string): string {
  switch (set) {
    case 'each':
      return 'SET comes before every clause: `SET CLUSTER = … SET PARAMETERS = (…)`.';
    case 'oneAction':
      return 'SET is followed by exactly one action; send several statements to change several things.';
    default:
      return 'One SET, followed by the clauses to change.';
  }
}
