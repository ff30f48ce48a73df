import type { Catalog, StatementSpec } from '../catalog/types';
import type { HeadMatcher } from '../syntax/splitStatements';

export interface HeadEntry {
  words: string[];
  spec: StatementSpec;
  /** The entry's place in CatalogHeads.entries: a key for what a pass derives per head, without a hash lookup. */
  index: number;
}

/** Statement heads of a catalog, longest first, with the lookups the splitter and resolver need. */
export class CatalogHeads implements HeadMatcher {
  readonly entries: HeadEntry[];
  readonly verbs: ReadonlySet<string>;
  private readonly prefixes = new Set<string>();
  /** The entries by first word, longest first as in entries. */
  private readonly byVerb = new Map<string, HeadEntry[]>();
  /** The entries of two words or more by their first and second word, longest first as in entries. */
  private readonly byTwoWords = new Map<string, Map<string, HeadEntry[]>>();
  /** The first one-word entry of each word (the one find() reaches after every longer entry). */
  private readonly oneWord = new Map<string, HeadEntry>();

  constructor(catalog: Catalog) {
    this.entries = catalog.statements
      .flatMap((spec) => spec.heads.map((words) => ({ words: words.map((w) => w.toUpperCase()), spec, index: 0 })))
      .sort((a, b) => b.words.length - a.words.length);
    this.entries.forEach((e, i) => (e.index = i));
    this.verbs = new Set(this.entries.map((e) => e.words[0]!));
    for (const e of this.entries) {
      const list = this.byVerb.get(e.words[0]!);
      if (list) list.push(e);
      else this.byVerb.set(e.words[0]!, [e]);
      for (let n = 1; n < e.words.length; n++) this.prefixes.add(e.words.slice(0, n).join(' '));
      if (e.words.length === 1) {
        if (!this.oneWord.has(e.words[0]!)) this.oneWord.set(e.words[0]!, e);
        continue;
      }
      let bySecond = this.byTwoWords.get(e.words[0]!);
      if (!bySecond) this.byTwoWords.set(e.words[0]!, (bySecond = new Map()));
      const same = bySecond.get(e.words[1]!);
      if (same) same.push(e);
      else bySecond.set(e.words[1]!, [e]);
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

  /**
   * find() over the upper-case text of words[0, count), without building a list of strings. A head
   * of two words or more that matches has the second word's: only those are tried (one or two,
   * where a verb has twenty), then the verb alone. Word by word, without a callback per word: it
   * runs for every statement, mostly before V8 optimises it.
   */
  findWords(words: readonly { upper: string }[], count = words.length): HeadEntry | undefined {
    if (count === 0) return undefined;
    const verb = words[0]!.upper;
    const candidates = count > 1 ? this.byTwoWords.get(verb)?.get(words[1]!.upper) : undefined;
    if (candidates !== undefined) {
      for (let c = 0; c < candidates.length; c++) {
        const e = candidates[c]!;
        const n = e.words.length;
        if (n > count) continue;
        let k = 2;
        while (k < n && words[k]!.upper === e.words[k]) k++;
        if (k === n) return e;
      }
    }
    return this.oneWord.get(verb);
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
