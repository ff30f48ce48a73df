// Generated .svcsql inputs for the benchmark and the robustness tests: every statement shape of
// the catalog (its example), varied so that no two statements share their text (the document
// caches analyses by statement text, and a benchmark of duplicates would measure the cache;
// test/core/corpus.test.ts holds it to that).
import { catalog } from '../core/src/catalog/index';
import { rng } from './rng';

export { rng };

export const examples: readonly string[] = catalog.statements.map((s) => s.example);

/** The example of statement shape `shape`, its object name made unique with `i`. */
function renamed(shape: number, i: number): string {
  const spec = catalog.statements[shape % catalog.statements.length]!;
  const ex = spec.example;
  // A statement without a name (SHOW FLOWS) gets a comment after its first word instead.
  if (!spec.name) return ex.replace(/^(\s*\S+)/, `$1 /* #${i} */`);
  const head = spec.heads[0]!.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
  return ex.replace(new RegExp(`^(\\s*${head}\\s+)(\\S+)`, 'i'), (_m, h: string, name: string) => {
    if (name.startsWith('`')) return `${h}\`${name.slice(1, -1)}-${i}\``;
    return `${h}${name}_${i}`;
  });
}

/** A mistake a person makes, so that diagnostics have work to do. */
function broken(text: string, r: () => number): string {
  switch (Math.floor(r() * 4)) {
    case 0:
      return text.replace(' = ', ' '); // missing '='
    case 1:
      return text.replace(/= (\d+)/, "= '$1'"); // quoted integer
    case 2:
      return text.replace(/^(\s*\w+\s+)(\w)(\w)/, '$1$3$2'); // misspelt object word
    default:
      return text.replace(/'([^']*)'/, "'$1"); // unclosed string
  }
}

/**
 * `count` statements drawn round-robin from every catalog statement, with variations: one line or
 * several, `;` or a blank line as separator, comments (some with non-ASCII text), lower-case
 * keywords, and about one statement in ten with a mistake.
 */
export function buildCorpus(count: number, seed = 1): string {
  const r = rng(seed);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = renamed(i, i);
    const v = r();
    if (v < 0.3) s = s.replace(/\s*\n\s*/g, ' ');
    if (r() < 0.1) s = s.replace(/^(\w+ \w+)/, (m) => m.toLowerCase());
    if (r() < 0.1) s = broken(s, r);
    const c = r();
    if (c < 0.15) s = `-- statement ${i}: généré\n${s}`;
    else if (c < 0.2) s = `/* statement ${i}\n   block comment ✓ */\n${s}`;
    else if (c < 0.22) s = `${s} -- trailing 🚀`;
    const end = r() < 0.75 ? ';\n' : '\n\n';
    parts.push(s + end);
  }
  return parts.join('');
}
