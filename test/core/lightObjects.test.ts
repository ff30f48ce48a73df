// The index pass's light path (core/src/workspace/lightObjects.ts: names read straight from the
// tokens and the catalog) against the full path (every statement parsed, resolved and read by
// statementObjects.ts): exactly the same index entries on every corpus, example and fixture file,
// the generated workspace, and mutated and fuzzed statements, broken ones included. Both paths are
// counted as taken, so that the comparison compares something.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { examples, rng } from '../../bench/corpus';
import { objectsOfText, objectsOfTextFull } from '../../core/src/workspace/fileObjects';
import { lightWork } from '../../core/src/workspace/lightObjects';
import type { ObjectOccurrence } from '../../core/src/workspace/objectOccurrence';
import { mutate } from '../robustness/mutate';
import { indexInputs } from './indexInputs';

const show = (o: ObjectOccurrence) =>
  `${o.role} ${o.kind} ${JSON.stringify(o.key)} ${JSON.stringify(o.name)} ${o.form} ${o.line}:${o.character}-${o.endLine}:${o.endCharacter}`;

/** Compares the two paths on text; returns the number of entries compared. */
function same(text: string, what: string): number {
  const light = objectsOfText(text).toArray().map(show);
  const full = objectsOfTextFull(text).toArray().map(show);
  assert.deepEqual(light, full, `${what}: ${JSON.stringify(text.length > 400 ? text.slice(0, 400) + '…' : text)}`);
  return light.length;
}

/** Runs f and returns how many statements took each path meanwhile. */
function counted(f: () => void): { light: number; full: number } {
  const before = { ...lightWork };
  f();
  return { light: lightWork.light - before.light, full: lightWork.full - before.full };
}

test('light path = full path on the workspace corpus, the analysis corpus, the examples and every fixture', () => {
  const inputs = indexInputs(3000);
  assert.ok(inputs.size > 100, `inputs: ${inputs.size}`);
  let entries = 0;
  const paths = counted(() => {
    for (const [name, text] of inputs) {
      entries += same(text, name);
      entries += same(text.replace(/\r?\n/g, '\r\n'), `${name} (\\r\\n)`);
    }
  });
  assert.ok(entries > 20_000, `entries compared: ${entries}`);
  // The corpus holds broken statements (~10%): both paths run.
  assert.ok(paths.light > 10_000 && paths.full > 200, JSON.stringify(paths));
});

test('light path = full path on every catalog example, alone, with comments and in odd case', () => {
  const paths = counted(() => {
    for (const ex of examples) {
      same(ex, 'example');
      same(`/* a */ ${ex.replace(/ /g, ' -- c\n ')}`, 'example with comments');
      same(ex.toLowerCase(), 'example in lower case');
      same(ex.replace(/'([a-z_]+)'/g, '`$1`'), 'example with backticks');
    }
  });
  assert.ok(paths.light > examples.length * 3, JSON.stringify(paths));
});

test('light path = full path on 20,000 mutated statements (broken ones take the full path)', () => {
  const r = rng(23);
  let entries = 0;
  const paths = counted(() => {
    for (let n = 0; n < 20_000; n++) {
      const a = mutate(examples[n % examples.length]!, r);
      const b = examples[Math.floor(r() * examples.length)]!;
      // Alone, and between two statements (a mutation may merge or split them).
      entries += same(a, 'mutated');
      if (n % 4 === 0) entries += same(`${b}\n${a}\n${b};`, 'mutated between two');
    }
  });
  assert.ok(entries > 10_000, `entries compared: ${entries}`);
  assert.ok(paths.light > 3000 && paths.full > 3000, JSON.stringify(paths));
});

test('light path = full path on fuzzed token soup', () => {
  const r = rng(5);
  const pieces = [
    'CREATE',
    'FLOW',
    'JOB',
    'CLUSTER',
    'LAKE',
    'ALTER',
    'RUN',
    'DROP',
    'SET',
    'WITH',
    'TO',
    'ROLE',
    'FOR',
    'SOURCE',
    'CLUSTER',
    'TRANSFORMATIONS',
    'LAKE',
    'x',
    'a.b',
    '`q`',
    '`q``',
    "'s'",
    "'it''s'",
    "''",
    '42',
    '=',
    '(',
    ')',
    ',',
    '.',
    ';',
    ' ',
    '\n',
    '\n\n',
    '-- c\n',
    '/* c */',
    '`',
    "'",
    'é',
    '🚀',
  ];
  // Whole elements, so that many soups are valid statements.
  const elements = [
    "SOURCE = 's1'",
    'CLUSTER = `c`',
    "TRANSFORMATIONS = ('m1', 'M2', 3)",
    'LAKE = x.y',
    "CLUSTER = ('a' b = 'c')",
    'TO ROLE r',
    'FOR f',
    "WITH 'k' = 'v', k2 = (1)",
    'name_1',
    '`a b`',
    "LAKE = 'it''s'",
    "CLUSTER = ''",
  ];
  let entries = 0;
  const paths = counted(() => {
    for (let n = 0; n < 20_000; n++) {
      // A known statement's opening words mostly, so that names are found in the soup.
      const opening = examples[Math.floor(r() * examples.length)]!.split(' ').slice(0, r() < 0.7 ? 3 : Math.floor(r() * 3));
      const parts: string[] = r() < 0.8 ? [opening.join(' '), ' '] : [];
      const len = 1 + Math.floor(r() * 14);
      for (let k = 0; k < len; k++) {
        const from = r() < 0.5 ? elements : pieces;
        parts.push(from[Math.floor(r() * from.length)]!, r() < 0.7 ? ' ' : '');
      }
      entries += same(parts.join(''), 'fuzzed');
    }
  });
  assert.ok(entries > 1000, `entries compared: ${entries}`);
  assert.ok(paths.light > 1000 && paths.full > 1000, JSON.stringify(paths));
});
