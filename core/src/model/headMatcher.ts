import type { Catalog, StatementSpec } from '../catalog/types';
import type { HeadMatcher } from '../syntax/splitStatements';

export interface HeadEntry {
  words: string[];
  spec: StatementSpec;
}

/** Statement heads of a catalog, longest first, with the lookups the splitter and resolver need. */
export class CatalogHeads implements HeadMatcher {
  readonly entries: HeadEntry[];
  readonly verbs: ReadonlySet<string>;
  private readonly prefixes = new Set<string>();
  /** The entries by first word, longest first as in entries. */
  private readonly byVerb = new Map<string, HeadEntry[]>();

  constructor(catalog: Catalog) {
    this.entries = catalog.statements
      .flatMap((spec) => spec.heads.map((words) => ({ words: words.map((w) => w.toUpperCase()), spec })))
      .sort((a, b) => b.words.length - a.words.length);
    this.verbs = new Set(this.entries.map((e) => e.words[0]!));
    for (const e of this.entries) {
      const list = this.byVerb.get(e.words[0]!);
      if (list) list.push(e);
      else this.byVerb.set(e.words[0]!, [e]);
      for (let n = 1; n < e.words.length; n++) this.prefixes.add(e.words.slice(0, n).join(' '));
    }
  }

  /** The longest head that words[0..] starts with. */
  find(words: readonly string[]): HeadEntry | undefined {
    if (words.length === 0) return undefined;
    const candidates = this.byVerb.get(words[0]!);
    if (!candidates) return undefined;
    for (const e of candidates) {
      if (e.words.length > words.length) continue;
      let k = 1;
      while (k < e.words.length && words[k] === e.words[k]) k++;
      if (k === e.words.length) return e;
    }
    return undefined;
  }

  /** find() over the upper-case text of words[0, count), without building a list of strings. */
  findWords(words: readonly { upper: string }[], count = words.length): HeadEntry | undefined {
    if (count === 0) return undefined;
    return this.findAfter(words[0]!.upper, count, (k, word) => words[k]!.upper === word);
  }

  /**
   * find() over `count` words whose first is `verb`: `wordIs(k, word)` says whether word k (k ≥ 1)
   * is `word` (the index pass compares them in the file's text without cutting them out).
   */
  findAfter(verb: string, count: number, wordIs: (k: number, word: string) => boolean): HeadEntry | undefined {
    const candidates = this.byVerb.get(verb);
    if (!candidates) return undefined;
    for (let c = 0; c < candidates.length; c++) {
      const e = candidates[c]!;
      if (e.words.length > count) continue;
      let k = 1;
      while (k < e.words.length && wordIs(k, e.words[k]!)) k++;
      if (k === e.words.length) return e;
    }
    return undefined;
  }

  matchHead(words: readonly string[]): number {
    return this.find(words)?.words.length ?? 0;
  }

  isHeadPrefix(words: readonly string[]): boolean {
    return words.length > 0 && this.prefixes.has(words.join(' '));
  }
}
