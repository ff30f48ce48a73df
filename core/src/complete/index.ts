// Completion: reads only the statement that holds the caret. antlr4-c3 says what the grammar
// allows at the caret (a word, a value, a WITH key, a group key, a list item); the catalog and the
// resolved statement say what is valid there.
import type { Token } from 'antlr4ng';
import type { ClauseSpec, StatementSpec } from '../catalog/types';
import type { SvcSqlDocument } from '../document';
import { resolveStatement } from '../model/resolve';
import type { ResolvedStatement } from '../model/resolved';
import { heads } from '../statementAnalysis';
import { T } from '../syntax/lex';
import { parseStatement, parserTokens } from '../syntax/parseStatement';
import type { ObjectKind } from '../catalog/types';
import type { CoreCompletion, KnownName, NameQuery, NameSource, Position } from '../types';
import { applicableKeys, applicablePrefixes, withSpecAt } from '../applicableWithKeys';
import { locateCaret, type CaretSite } from './caret';
import { elementItems } from './clauseItems';
import { grammarSlots } from './grammarSlots';
import { chooseNames, NAME_LIMIT } from './nameChoice';
import { nameItems } from './nameItems';
import { headContinuations, statementStarts } from './statementStarts';
import { currentItemStart, keyBefore, keysAssigned, lastWith, listOwner, listStrings, openList, trailingWords } from './tokensBefore';
import { groupKeyItems, listItemItems, valueItems } from './valueItems';
import { withKeyItems, withValueItems } from './withItems';

/**
 * `names`: names of existing objects (workspace, service), offered where the statement names an
 * object of a kind; without it only the catalog's items are offered.
 */
export function complete(doc: SvcSqlDocument, position: Position, names?: NameSource): CoreCompletion[] {
  return completeList(doc, position, names).items;
}

export interface CompletionResult {
  items: CoreCompletion[];
  /** True when the names offered were chosen by what is typed (a kind with more than NAME_LIMIT): ask again as typing goes on. */
  incomplete: boolean;
}

/** complete(), saying whether the list is incomplete (the LSP's CompletionList.isIncomplete). */
export function completeList(doc: SvcSqlDocument, position: Position, names?: NameSource): CompletionResult {
  const offset = doc.lines.offsetAt(position);
  const site = locateCaret(doc, offset);
  if (site.blocked) return { items: [], incomplete: false };
  const source = names ?? noNames;
  const query: NameQuery = { typed: typedName(doc, site), limit: NAME_LIMIT };
  let incomplete = false;
  const lookup: NameLookup = (kind) => {
    const chosen = chooseNames(source(kind, query), query);
    if (chosen.partial) incomplete = true;
    return chosen.names;
  };
  const items = itemsAt(site, lookup);
  return { items: finish(site.insideString ? items.filter(isClosedChoice) : items, doc, site), incomplete };
}

/** The names of a kind, as many as one list offers. */
type NameLookup = (kind: ObjectKind) => readonly KnownName[];

/** What is typed of the word or string before the caret, lower case, without its opening quote. */
function typedName(doc: SvcSqlDocument, site: CaretSite): string {
  const typed = doc.source.slice(site.replace.start, site.offset);
  return (typed.startsWith("'") || typed.startsWith('`') ? typed.slice(1) : typed).toLowerCase();
}

/**
 * Inside a complete string only a known value or key fits (an enum value, 'true', a WITH key),
 * replacing the string: a free string's examples and placeholders would overwrite what was written.
 */
function isClosedChoice(item: CoreCompletion): boolean {
  return item.label.startsWith("'") && !item.label.includes('…') && item.detail !== 'example';
}

function assignClause(spec: StatementSpec | undefined, key: string | undefined): ClauseSpec | undefined {
  if (!spec || key === undefined) return undefined;
  const k = key.toUpperCase();
  return spec.clauses.find((c) => (c.form ?? 'assign') === 'assign' && c.key === k);
}

const noNames: NameSource = () => [];

function itemsAt(site: CaretSite, names: NameLookup): CoreCompletion[] {
  const chunk = site.statement;
  if (!chunk) return statementStarts();
  const wordStart = site.replace.start;
  const before = parserTokens(chunk.tokens).filter((t) => t.start < wordStart);
  if (before.length === 0) return statementStarts();

  const resolved = resolveStatement(parseStatement(chunk.tokens, chunk.start), heads);
  const at = wordStart - chunk.start;

  // A head being typed: CREATE | → FLOW, CLUSTER, ...; SHOW POLICIES | → DIFF, and its clauses.
  if (before.every((t) => t.type === T.IDENTIFIER)) {
    const words = before.map((t) => (t.text ?? '').toUpperCase());
    const continuations = headContinuations(words);
    const exact = heads.entries.find((e) => e.words.length === words.length && e.words.every((w, i) => w === words[i]));
    if (continuations.length || exact) {
      // After a complete head with a name to come, only the name fits: a known one where it names an existing object.
      const named = exact?.spec.name?.refersTo;
      if (named) return [...continuations, ...nameItems(names(named), 'bare')];
      if (!exact || exact.spec.name) return continuations;
      return [...continuations, ...elementItems(resolved, at, [])];
    }
  }

  const items = slotItems(before, resolved, at, chunk.start, names);
  // On a fresh line after a statement, a new statement may begin as well.
  if (site.afterStatement && site.atLineStart) {
    items.push(...statementStarts().map((it) => ({ ...it, sortText: `z${it.sortText ?? it.label}` })));
  }
  return items;
}

function slotItems(before: Token[], resolved: ResolvedStatement, at: number, base: number, names: NameLookup): CoreCompletion[] {
  const spec = resolved.spec;
  const slots = grammarSlots(before);
  const last = before.length - 1;
  const items: CoreCompletion[] = [];

  if (slots.value) {
    const key = keyBefore(before, last);
    const clause = assignClause(spec, key);
    if (clause) items.push(...valueItems(clause.value, clause.key));
    if (clause?.refersTo && clause.value?.kind !== 'stringList') {
      items.push(...nameItems(names(clause.refersTo), clause.value?.kind === 'name' ? 'bare' : 'quoted'));
    }
  }

  if (slots.withKey || slots.withValue) {
    const w = lastWith(before);
    const withSpec = w >= 0 ? withSpecAt(resolved, before[w]!.start - base) : undefined;
    if (withSpec) {
      const keys = applicableKeys(withSpec, resolved);
      const prefixes = applicablePrefixes(withSpec, resolved);
      if (slots.withKey) items.push(...withKeyItems(withSpec, keys, prefixes, new Set(keysAssigned(before, w + 1))));
      if (slots.withValue) {
        const key = keyBefore(before, last);
        const keySpec = keys.find((k) => k.key === key);
        items.push(...withValueItems(keySpec, resolved));
      }
    }
  }

  if (slots.groupKey || slots.groupValue || slots.listItem) {
    const open = openList(before);
    const clause = open >= 0 ? assignClause(spec, listOwner(before, open)) : undefined;
    const shape = clause?.value;
    if (shape?.kind === 'groupList') {
      if (slots.groupKey) {
        const present = new Set(keysAssigned(before, currentItemStart(before, open)).map((k) => k.toLowerCase()));
        items.push(...groupKeyItems(shape.group, present));
      }
      if (slots.groupValue) {
        const key = keyBefore(before, last)?.toLowerCase();
        const groupKey = shape.group.keys.find((k) => k.key === key);
        if (groupKey) items.push(...valueItems(groupKey.value, groupKey.key).filter((it) => it.label.startsWith("'")));
      }
    } else if (shape?.kind === 'stringList' && slots.listItem) {
      if (shape.values) items.push(...listItemItems(shape.values, listStrings(before, open), clause!.key));
      if (clause!.refersTo) items.push(...nameItems(names(clause!.refersTo), 'quoted', listStrings(before, open)));
    }
  }

  if (slots.element) items.push(...elementItems(resolved, at, trailingWords(before)));
  return items;
}

/** Gives every item the replaced range, filter text that matches what was typed, and a stable order. */
function finish(items: CoreCompletion[], doc: SvcSqlDocument, site: CaretSite): CoreCompletion[] {
  const replace = doc.range(site.replace);
  const seen = new Set<string>();
  const out: CoreCompletion[] = [];
  for (const item of items) {
    const id = `${item.kind}\u0000${item.label}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const copy: CoreCompletion = { ...item, replace };
    // A quoted value typed without its quote (WRITE_MODE = IMM|) still matches 'IMMUTABLE'.
    if (!site.partialIsString && !copy.filterText && copy.label.startsWith("'")) copy.filterText = copy.label.replace(/^'|'$/g, '');
    out.push(copy);
  }
  return out.sort((a, b) => cmp(a.sortText ?? a.label, b.sortText ?? b.label) || cmp(a.label, b.label));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
