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

  constructor(catalog: Catalog) {
    this.entries = catalog.statements
      .flatMap((spec) => spec.heads.map((words) => ({ words: words.map((w) => w.toUpperCase()), spec })))
      .sort((a, b) => b.words.length - a.words.length);
    this.verbs = new Set(this.entries.map((e) => e.words[0]!));
    for (const e of this.entries) {
      for (let n = 1; n < e.words.length; n++) this.prefixes.add(e.words.slice(0, n).join(' '));
    }
  }

  /** The longest head that words[0..] starts with. */
  find(words: readonly string[]): HeadEntry | undefined {
    return this.entries.find((e) => e.words.length <= words.length && e.words.every((w, i) => words[i] === w));
  }

  matchHead(words: readonly string[]): number {
    return this.find(words)?.words.length ?? 0;
  }

  isHeadPrefix(words: readonly string[]): boolean {
    return words.length > 0 && this.prefixes.has(words.join(' '));
  }
}
