// The statement-keyword pattern of the TextMate grammar is the one hand-kept list of dialect words;
// this checks it against the catalog, so a statement added there cannot go uncoloured unnoticed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { catalog } from '../../core/src/catalog/index';

interface RawPattern {
  match?: string;
  name?: string;
}
interface RawGrammar {
  repository: Record<string, { patterns?: RawPattern[] }>;
}

const root = resolve(__dirname, '../../..');
const raw = JSON.parse(readFileSync(resolve(root, 'syntaxes/svcsql.tmLanguage.json'), 'utf8')) as RawGrammar;
const patterns = raw.repository['statement-keywords']?.patterns ?? [];

/** Oniguruma's leading (?i) becomes JS's i flag; the rest of these patterns is common syntax. */
function toJs(p: RawPattern): RegExp {
  const src = p.match ?? '';
  assert.ok(src.startsWith('(?i)'), `statement-keyword pattern must be case-insensitive: ${src}`);
  return new RegExp(src.slice(4), 'iy');
}

const regexes = patterns.map(toJs);
// Clause words written without '=' (FOR IMPORT, TO ROLE r, ADVANCED_CONFIGS WITH ...) are not caught
// by the generic "word before =" rule, so they must be in one of the listed-word patterns.
const listedClauseRegexes = (raw.repository['clause-keywords']?.patterns ?? []).filter((p) => p.match?.startsWith('(?i)')).map(toJs);

/** True when one of the patterns matches exactly `text` from its first character. */
function matchesWhole(text: string, among: RegExp[] = regexes): boolean {
  return among.some((re) => {
    re.lastIndex = 0;
    const m = re.exec(text);
    return m !== null && m[0] === text;
  });
}

test('the grammar has statement-keyword patterns', () => {
  assert.ok(regexes.length > 0, 'repository.statement-keywords.patterns is empty');
});

test('every word of every catalog head is a statement keyword, in any case', () => {
  const words = new Set(catalog.statements.flatMap((s) => s.heads.flat()));
  assert.ok(words.size > 10, `the catalog looks empty (${words.size} head words)`);
  const missing: string[] = [];
  for (const word of words) {
    for (const form of [word, word.toLowerCase(), word[0]! + word.slice(1).toLowerCase()]) {
      if (!matchesWhole(form)) missing.push(form);
    }
  }
  assert.deepEqual(missing, [], `head words the grammar does not colour: ${missing.join(', ')}`);
});

test('statement keywords are not found inside longer names', () => {
  // my_flow, flows_archive, lake.db.table: a keyword embedded in a name must stay a name.
  const words = new Set(catalog.statements.flatMap((s) => s.heads.flat()));
  for (const word of words) {
    for (const re of regexes) {
      const probe = `x_${word}`;
      re.lastIndex = 2;
      assert.equal(re.exec(probe), null, `pattern matched inside ${probe}`);
      const dotted = `lake.${word}`;
      re.lastIndex = 5;
      assert.equal(re.exec(dotted), null, `pattern matched inside ${dotted}`);
      const trailing = `${word}_x`;
      re.lastIndex = 0;
      assert.equal(re.exec(trailing), null, `pattern matched the start of ${trailing}`);
    }
  }
});

test('every clause written without = (keyword and flag forms) is coloured', () => {
  const keys = catalog.statements.flatMap((s) => s.clauses.filter((c) => c.form === 'keyword' || c.form === 'flag').map((c) => c.key));
  const words = new Set(keys.flatMap((k) => k.split(/\s+/)));
  const missing = [...words].filter(
    (w) => !matchesWhole(w, [...regexes, ...listedClauseRegexes]) || !matchesWhole(w.toLowerCase(), [...regexes, ...listedClauseRegexes]),
  );
  assert.deepEqual(missing, [], `clause words the grammar does not colour: ${missing.join(', ')}`);
});
